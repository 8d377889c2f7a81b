import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import {
  customerPackageOffers,
  customerSharedData,
  fixtureSharedData,
  ownerSharedData,
  visitorPackageOffers,
  visitorSharedData,
} from '../fixtures';
import { componentCountClaim } from '../catalog/component-count';
import { checkoutUrl } from '../constants';
import {
  catalogComponentCount,
  customerCatalogSections,
  discountedTeamAllAccessPricing,
  legacyCatalogSections,
  ownerCatalogSections,
  supportContacts,
  teamAllAccessPricing,
  visitorCatalogSections,
} from '../fixtures/catalog';
import { withLayout } from '../stories-support/with-layout';
import { ComponentsPage } from './components-page';

const meta = {
  title: 'Pages/Catalogue/Components',
  component: ComponentsPage,
  decorators: [withLayout],
  parameters: { layout: 'fullscreen', shared: visitorSharedData },
  args: {
    sections: visitorCatalogSections,
    componentCount: catalogComponentCount,
    canPurchaseAllAccess: visitorSharedData.can.purchaseAllAccess,
    versionPrefix: visitorSharedData.versionPrefix,
    allAccessPricing: visitorSharedData.allAccessPricing,
    teamPricing: teamAllAccessPricing,
    packageOffers: visitorPackageOffers,
    locale: visitorSharedData.preferredLanguage,
    ...supportContacts,
  },
} satisfies Meta<typeof ComponentsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

function catalogue(canvasElement: HTMLElement) {
  return within(within(canvasElement).getByRole('main'));
}

export const Visitor = {
  args: {},
  play: async ({ canvasElement }) => {
    const main = catalogue(canvasElement);
    await expect(main.getByRole('heading', { level: 1, name: 'Components' })).toBeVisible();
    const nav = within(main.getByRole('navigation', { name: 'Catalogue sections' }));
    await expect(nav.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '#product-marketing',
      '#product-application-ui',
      '#product-ecommerce',
      '#pricing',
      '#packages',
      '#faqs',
    ]);
    // The claim is the catalogue's own count, not a hard-coded number.
    await expect(
      main.getByText(`${componentCountClaim(catalogComponentCount)} professionally designed`, {
        exact: false,
      }),
    ).toBeVisible();
    // Every licence on sale here has its way to a checkout: the team card and each package.
    await expect(main.getByRole('link', { name: 'Get all-access for your team' })).toHaveAttribute(
      'href',
      checkoutUrl('all-access', 'team'),
    );
    const packages = within(main.getByRole('region', { name: 'Or one package on its own' }));
    const buy = packages.getAllByRole('link', { name: 'Buy' });
    await expect(buy.map((link) => link.getAttribute('href'))).toEqual([
      checkoutUrl('marketing'),
      checkoutUrl('application-ui'),
      checkoutUrl('ecommerce'),
    ]);
    await expect(packages.getAllByText('$149')).toHaveLength(3);
    await expect(main.getByRole('region', { name: 'Marketing' })).toHaveAttribute(
      'id',
      'product-marketing',
    );
    await expect(main.getByRole('region', { name: 'Buy once, use forever.' })).toBeInTheDocument();
    await expect(
      main.getByRole('region', { name: 'Frequently asked questions' }),
    ).toBeInTheDocument();
  },
} satisfies Story;

export const ShowAllCards = {
  args: {},
  play: async ({ canvasElement }) => {
    const main = catalogue(canvasElement);
    const group = within(main.getByRole('group', { name: 'Page Sections' }));
    // At 1200px (large) nine of the eleven cards show; the last two wait for 'Show all'.
    await expect(group.getByRole('link', { name: 'Logo Clouds' })).toBeVisible();
    await expect(group.queryByRole('link', { name: 'FAQ Sections' })).not.toBeInTheDocument();
    const toggle = group.getByRole('button', { name: 'Show all 11 page sections' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    await expect(group.getByRole('link', { name: 'Footers' })).toBeVisible();
    const fewer = group.getByRole('button', { name: 'Show fewer page sections' });
    await expect(fewer).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(fewer);
    await expect(group.queryByRole('link', { name: 'Footers' })).not.toBeInTheDocument();
    (document.activeElement as HTMLElement | null)?.blur();
    // Groups under ten cards are never folded.
    const forms = within(main.getByRole('group', { name: 'Forms' }));
    await expect(forms.queryByRole('button', { name: /Show all/ })).not.toBeInTheDocument();
    // The screenshot shows the top of the page.
    window.scrollTo(0, 0);
  },
} satisfies Story;

export const SignedInCustomer = {
  args: {
    sections: customerCatalogSections,
    allAccessPricing: customerSharedData.allAccessPricing,
    teamPricing: discountedTeamAllAccessPricing,
    packageOffers: customerPackageOffers,
  },
  parameters: { shared: customerSharedData },
  play: async ({ canvasElement }) => {
    const main = catalogue(canvasElement);
    await expect(
      main.getByRole('region', { name: 'Upgrade for more components.' }),
    ).toBeInTheDocument();
    await expect(main.getAllByText(/only available for all-access/).length).toBeGreaterThan(0);
    // The package the customer holds is not sold to them again.
    const packages = within(main.getByRole('region', { name: 'Or one package on its own' }));
    await expect(packages.queryByRole('listitem', { name: 'Marketing' })).not.toBeInTheDocument();
    await expect(packages.getAllByRole('link', { name: 'Buy' })).toHaveLength(2);
  },
} satisfies Story;

export const Owner = {
  args: {
    sections: ownerCatalogSections,
    canPurchaseAllAccess: ownerSharedData.can.purchaseAllAccess,
  },
  parameters: { shared: ownerSharedData },
  play: async ({ canvasElement }) => {
    const main = catalogue(canvasElement);
    const nav = within(main.getByRole('navigation', { name: 'Catalogue sections' }));
    await expect(nav.queryByRole('link', { name: 'Pricing' })).not.toBeInTheDocument();
    await expect(nav.queryByRole('link', { name: 'FAQ' })).not.toBeInTheDocument();
    await expect(main.queryByText(/Locked/)).not.toBeInTheDocument();
    await expect(main.queryByRole('region', { name: /Frequently asked/ })).not.toBeInTheDocument();
  },
} satisfies Story;

const legacyVisitor = fixtureSharedData({ versionPrefix: '/v1' });

export const LegacyVersion = {
  args: { sections: legacyCatalogSections, versionPrefix: '/v1' },
  parameters: { shared: legacyVisitor },
  play: async ({ canvasElement }) => {
    const main = catalogue(canvasElement);
    const nav = within(main.getByRole('navigation', { name: 'Catalogue sections' }));
    await expect(nav.queryByRole('link', { name: 'Pricing' })).not.toBeInTheDocument();
    await expect(nav.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '#faqs');
    await expect(main.getByRole('link', { name: 'Heroes' })).toHaveAttribute(
      'href',
      '/v1/components/marketing/sections/heroes',
    );
  },
} satisfies Story;
