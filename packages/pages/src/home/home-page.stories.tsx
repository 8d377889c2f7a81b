import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import {
  catalogComponentCount,
  customerSharedData,
  ownerSharedData,
  visitorSharedData,
} from '../fixtures';
import {
  blackFridayOffer,
  discountedTeamAllAccessPricing,
  ownerFeaturedProducts,
  teamAllAccessPricing,
  templateSummaries,
  visitorFeaturedProducts,
} from '../fixtures/catalog';
import { withLayout } from '../stories-support/with-layout';
import { HomePage } from './home-page';

const meta = {
  title: 'Pages/Home',
  component: HomePage,
  decorators: [withLayout],
  parameters: { layout: 'fullscreen', shared: visitorSharedData },
  args: {
    canPurchaseAllAccess: visitorSharedData.can.purchaseAllAccess,
    tailwindVersion: visitorSharedData.tailwindVersion,
    componentCount: catalogComponentCount,
    featuredProducts: visitorFeaturedProducts,
    templates: templateSummaries,
    allAccessPricing: visitorSharedData.allAccessPricing!,
    teamPricing: teamAllAccessPricing,
    locale: visitorSharedData.preferredLanguage,
  },
} satisfies Meta<typeof HomePage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Visitor = {
  args: {},
  play: async ({ canvasElement }) => {
    const main = within(within(canvasElement).getByRole('main'));
    await expect(main.getByRole('heading', { level: 1 })).toBeInTheDocument();
    await expect(main.getAllByRole('link', { name: 'Get all-access' })[0]).toHaveAttribute(
      'href',
      '/all-access',
    );
    await expect(main.getByRole('link', { name: 'Browse components' })).toHaveAttribute(
      'href',
      '/components',
    );
    await expect(main.getByRole('tab', { name: 'Marketing' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(
      main.getByRole('region', { name: 'Complete sites, ready to launch' }),
    ).toBeInTheDocument();
    await expect(main.getByRole('region', { name: 'Buy once, use forever.' })).toBeInTheDocument();
    await expect(
      main.queryByRole('complementary', { name: 'Black Friday offer' }),
    ).not.toBeInTheDocument();
  },
} satisfies Story;

export const BlackFriday = {
  args: { blackFriday: blackFridayOffer },
  play: async ({ canvasElement }) => {
    const main = within(within(canvasElement).getByRole('main'));
    const banner = within(main.getByRole('complementary', { name: 'Black Friday offer' }));
    await expect(banner.getByText(/over 30% off until November 27th/)).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Get the bundle' })).toHaveAttribute(
      'href',
      '/checkout/black-friday',
    );
  },
} satisfies Story;

export const SignedInCustomer = {
  args: {
    allAccessPricing: customerSharedData.allAccessPricing!,
    teamPricing: discountedTeamAllAccessPricing,
  },
  parameters: { shared: customerSharedData },
  play: async ({ canvasElement }) => {
    const main = within(within(canvasElement).getByRole('main'));
    await expect(
      main.getByRole('region', { name: 'Upgrade for more components.' }),
    ).toBeInTheDocument();
  },
} satisfies Story;

export const SignedInOwner = {
  args: {
    ...Visitor.args,
    canPurchaseAllAccess: ownerSharedData.can.purchaseAllAccess,
    featuredProducts: ownerFeaturedProducts,
    // The server would not send the offer to an owner; even if it did, it stays hidden.
    blackFriday: blackFridayOffer,
  },
  parameters: { shared: ownerSharedData },
  play: async ({ canvasElement }) => {
    const main = within(within(canvasElement).getByRole('main'));
    await expect(main.getByRole('heading', { level: 1 })).toHaveTextContent(
      'What are you building today?',
    );
    await expect(main.queryByRole('link', { name: 'Get all-access' })).not.toBeInTheDocument();
    await expect(
      main.queryByRole('region', { name: /Buy once|Upgrade for/ }),
    ).not.toBeInTheDocument();
    await expect(
      main.queryByRole('complementary', { name: 'Black Friday offer' }),
    ).not.toBeInTheDocument();
    await expect(main.getByRole('tab', { name: 'Ecommerce' })).toBeInTheDocument();
  },
} satisfies Story;
