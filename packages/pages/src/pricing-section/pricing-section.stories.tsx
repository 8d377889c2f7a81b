import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { catalogComponentCount, customerSharedData, visitorSharedData } from '../fixtures';
import { discountedTeamAllAccessPricing, teamAllAccessPricing } from '../fixtures/catalog';
import { ALREADY_OWNED_LABEL, DISCOUNT_NOTE, PricingSection } from './pricing-section';

const meta = {
  title: 'Pages/Catalogue/PricingSection',
  component: PricingSection,
  parameters: { layout: 'fullscreen' },
  args: {
    personal: visitorSharedData.allAccessPricing!,
    team: teamAllAccessPricing,
    componentCount: catalogComponentCount,
    locale: visitorSharedData.preferredLanguage,
  },
} satisfies Meta<typeof PricingSection>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FullPrice = {
  args: {},
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2 })).toHaveTextContent(
      'Buy once, use forever.',
    );
    const personal = within(canvas.getByRole('group', { name: 'Personal' }));
    await expect(personal.getByText('$299')).toBeVisible();
    await expect(personal.getByText(/plus local taxes/)).toBeVisible();
    await expect(personal.getByRole('link', { name: 'Get all-access' })).toHaveAttribute(
      'href',
      '/checkout/all-access',
    );
    const teams = within(canvas.getByRole('group', { name: 'Teams' }));
    await expect(teams.getByText('$979')).toBeVisible();
    await expect(teams.getByRole('link', { name: 'Get all-access for your team' })).toHaveAttribute(
      'href',
      '/checkout/all-access?license=team',
    );
    await expect(canvas.queryByText(DISCOUNT_NOTE)).not.toBeInTheDocument();
  },
} satisfies Story;

export const Discounted = {
  args: { personal: customerSharedData.allAccessPricing!, team: discountedTeamAllAccessPricing },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2 })).toHaveTextContent(
      'Upgrade for more components.',
    );
    const personal = within(canvas.getByRole('group', { name: 'Personal' }));
    await expect(personal.getByText('$179')).toBeVisible();
    await expect(personal.getByText('Original price:')).toBeInTheDocument();
    await expect(personal.getByText(DISCOUNT_NOTE)).toBeVisible();
  },
} satisfies Story;

/** The all-access page's states: the Personal card upgrades, the team licence is owned. */
export const UpgradeAndOwned = {
  args: {
    personalAction: { href: '/upgrade', label: 'Upgrade to standard licence' },
    teamAction: { owned: true },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const personal = within(canvas.getByRole('group', { name: 'Personal' }));
    await expect(
      personal.getByRole('link', { name: 'Upgrade to standard licence' }),
    ).toHaveAttribute('href', '/upgrade');
    const teams = within(canvas.getByRole('group', { name: 'Teams' }));
    await expect(teams.getByRole('button', { name: ALREADY_OWNED_LABEL })).toBeDisabled();
  },
} satisfies Story;

export const WithoutTeamPrice = {
  args: { team: null },
  play: async ({ canvasElement }) => {
    const teams = within(within(canvasElement).getByRole('group', { name: 'Teams' }));
    await expect(teams.getByText(/See the price on the all-access page/)).toBeVisible();
    await expect(teams.getByRole('link', { name: 'Get all-access for your team' })).toHaveAttribute(
      'href',
      '/all-access',
    );
  },
} satisfies Story;

export const GermanLocale = {
  args: {
    personal: { currency: 'EUR', amount: 27900, advertised: 27900 },
    team: null,
    locale: 'de-DE',
  },
  play: async ({ canvasElement }) => {
    const personal = within(within(canvasElement).getByRole('group', { name: 'Personal' }));
    await expect(personal.getByText('279 €')).toBeVisible();
  },
} satisfies Story;
