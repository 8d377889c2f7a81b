import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import {
  blackFridayOffer,
  catalogComponentCount,
  customerSharedData,
  discountedAllAccessOffers,
  includedProducts,
  ownerSharedData,
  personalOwnerAllAccessOffers,
  teamOwnerAllAccessOffers,
  templateSummaries,
  upgradableAllAccessOffers,
  upgradableSharedData,
  visitorAllAccessOffers,
  visitorOtherOffers,
  visitorPackageOffers,
  visitorSharedData,
} from '../fixtures';
import { withLayout } from '../stories-support/with-layout';
import { DISCOUNT_NOTE } from '../pricing-section/pricing-section';
import { AllAccessPage } from './all-access-page';

const meta = {
  title: 'Pages/AllAccess',
  component: AllAccessPage,
  decorators: [withLayout],
  parameters: { layout: 'fullscreen', shared: visitorSharedData },
  args: {
    offers: visitorAllAccessOffers,
    otherOffers: [...visitorOtherOffers, ...visitorPackageOffers],
    blackFriday: null,
    includedProducts,
    templates: templateSummaries,
    componentCount: catalogComponentCount,
    tailwindVersion: visitorSharedData.tailwindVersion,
    locale: visitorSharedData.preferredLanguage,
  },
} satisfies Meta<typeof AllAccessPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const mainOf = (canvasElement: HTMLElement) => within(within(canvasElement).getByRole('main'));

/** A visitor: full price, both licences for sale, no offer running. */
export const Visitor = {
  args: {},
  play: async ({ canvasElement }) => {
    const main = mainOf(canvasElement);
    await expect(main.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Buy once, use forever.',
    );
    // The reduced licences and the packages have their prices and checkouts too.
    const others = within(main.getByRole('region', { name: 'Other licences' }));
    await expect(
      within(others.getByRole('listitem', { name: 'All-access, Restricted licence' })).getByRole(
        'link',
        { name: 'Buy' },
      ),
    ).toHaveAttribute('href', '/checkout/all-access?license=restricted');
    await expect(
      within(others.getByRole('listitem', { name: 'All-access, Classroom licence' })).getByRole(
        'link',
        { name: 'Buy' },
      ),
    ).toHaveAttribute('href', '/checkout/all-access?license=classroom');
    await expect(others.getAllByRole('link', { name: 'Buy' })).toHaveLength(5);
    const personal = within(main.getByRole('group', { name: 'Personal' }));
    await expect(personal.getByText('$299')).toBeVisible();
    await expect(personal.getByText(/plus local taxes/)).toBeVisible();
    await expect(personal.getByText('Over 500 components in React, Vue and HTML')).toBeVisible();
    await expect(personal.getByRole('link', { name: 'Get all-access' })).toHaveAttribute(
      'href',
      '/checkout/all-access',
    );
    const teams = within(main.getByRole('group', { name: 'Teams' }));
    await expect(teams.getByText('$979')).toBeVisible();
    await expect(teams.getByText('Everything in Personal, for up to 25 people')).toBeVisible();
    await expect(teams.getByRole('link', { name: 'Get all-access for your team' })).toHaveAttribute(
      'href',
      '/checkout/all-access?license=team',
    );
    await expect(main.queryByText(DISCOUNT_NOTE)).not.toBeInTheDocument();
    await expect(
      main.queryByRole('complementary', { name: 'Black Friday offer' }),
    ).not.toBeInTheDocument();
    await expect(
      main.getByRole('heading', { name: 'Written for Tailwind CSS v4.1' }),
    ).toBeVisible();
    await expect(main.getByRole('link', { name: /Browse Application UI/ })).toHaveAttribute(
      'href',
      '/components#product-application-ui',
    );
  },
} satisfies Story;

/** Advertised differs from amount: the upgrade headline, the struck price and the note. */
export const Discounted = {
  args: { offers: discountedAllAccessOffers },
  parameters: { shared: customerSharedData },
  play: async ({ canvasElement }) => {
    const main = mainOf(canvasElement);
    await expect(main.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Upgrade for more components.',
    );
    const personal = within(main.getByRole('group', { name: 'Personal' }));
    await expect(personal.getByText('$150')).toBeVisible();
    await expect(personal.getByText('$299').closest('s')).not.toBeNull();
    await expect(personal.getByText(DISCOUNT_NOTE)).toBeVisible();
    await expect(personal.getByRole('link', { name: 'Get all-access' })).toBeVisible();
  },
} satisfies Story;

/** A package or Restricted owner: the Personal button upgrades through /upgrade. */
export const UpgradableToStandardLicense = {
  args: { offers: upgradableAllAccessOffers },
  parameters: { shared: upgradableSharedData },
  play: async ({ canvasElement }) => {
    const personal = within(mainOf(canvasElement).getByRole('group', { name: 'Personal' }));
    await expect(
      personal.getByRole('link', { name: 'Upgrade to standard licence' }),
    ).toHaveAttribute('href', '/upgrade');
    await expect(personal.queryByRole('link', { name: 'Get all-access' })).not.toBeInTheDocument();
  },
} satisfies Story;

/** Owns personal all-access: that card is owned, the team licence is discounted. */
export const PersonalOwner = {
  args: { offers: personalOwnerAllAccessOffers },
  parameters: { shared: ownerSharedData },
  play: async ({ canvasElement }) => {
    const main = mainOf(canvasElement);
    const personal = within(main.getByRole('group', { name: 'Personal' }));
    await expect(personal.getByRole('button', { name: 'You already own this' })).toBeDisabled();
    const teams = within(main.getByRole('group', { name: 'Teams' }));
    await expect(teams.getByText('$680')).toBeVisible();
    await expect(teams.getByRole('link', { name: 'Get all-access for your team' })).toBeVisible();
  },
} satisfies Story;

/** Owns team all-access: nothing left to buy. */
export const TeamOwner = {
  args: { offers: teamOwnerAllAccessOffers },
  parameters: { shared: ownerSharedData },
  play: async ({ canvasElement }) => {
    const main = mainOf(canvasElement);
    const owned = main.getAllByRole('button', { name: 'You already own this' });
    await expect(owned).toHaveLength(2);
    for (const button of owned) await expect(button).toBeDisabled();
    await expect(main.queryByRole('link', { name: /Get all-access/ })).not.toBeInTheDocument();
  },
} satisfies Story;

/** The Black Friday offer is running: the banner leads to the bundle's checkout. */
export const BlackFriday = {
  args: { blackFriday: blackFridayOffer },
  play: async ({ canvasElement }) => {
    const banner = within(
      mainOf(canvasElement).getByRole('complementary', { name: 'Black Friday offer' }),
    );
    await expect(banner.getByText(/over 30% off until November 27th/)).toBeVisible();
    await expect(banner.getByText(/218 pages, three videos, worth \$149 USD/)).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Get the bundle' })).toHaveAttribute(
      'href',
      '/checkout/black-friday',
    );
  },
} satisfies Story;
