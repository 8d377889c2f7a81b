import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ownerSharedData, visitorSharedData } from '../fixtures';
import { catalystTemplate, ownedCatalystTemplate, syntaxTemplate } from '../fixtures/catalog';
import { withLayout } from '../stories-support/with-layout';
import { TemplatePage } from './template-page';

const meta = {
  title: 'Pages/Templates/Template',
  component: TemplatePage,
  decorators: [withLayout],
  parameters: { layout: 'fullscreen', shared: visitorSharedData },
  args: { template: catalystTemplate, locale: visitorSharedData.preferredLanguage },
} satisfies Meta<typeof TemplatePage>;

export default meta;
type Story = StoryObj<typeof meta>;

function page(canvasElement: HTMLElement) {
  return within(within(canvasElement).getByRole('main'));
}

export const ForSale = {
  args: {},
  play: async ({ canvasElement }) => {
    const main = page(canvasElement);
    await expect(main.getByRole('heading', { level: 1, name: 'Catalyst' })).toBeVisible();
    await expect(main.getByText('$149')).toBeVisible();
    await expect(main.getByRole('link', { name: 'Buy Catalyst' })).toHaveAttribute(
      'href',
      '/checkout/catalyst',
    );
    await expect(main.getByRole('link', { name: /Live preview/ })).toHaveAttribute(
      'target',
      '_blank',
    );
    await expect(main.queryByRole('link', { name: 'Download' })).not.toBeInTheDocument();
    const technologies = within(main.getByRole('complementary', { name: 'Technologies' }));
    await expect(technologies.getByText('Next.js')).toBeInTheDocument();
    const faq = within(main.getByRole('region', { name: 'Frequently asked questions' }));
    await userEvent.click(faq.getByText('Is Catalyst included in all-access?'));
    await expect(faq.getByRole('link', { name: 'all-access' })).toBeVisible();
    (document.activeElement as HTMLElement | null)?.blur();
    // The screenshot shows the top of the page.
    window.scrollTo(0, 0);
  },
} satisfies Story;

/** A template with no price of its own: sold only as part of all-access. */
export const OnlyInAllAccess = {
  args: { template: { ...catalystTemplate, price: null, checkoutUrl: null } },
  play: async ({ canvasElement }) => {
    const main = page(canvasElement);
    await expect(main.queryByRole('link', { name: 'Buy Catalyst' })).not.toBeInTheDocument();
    await expect(main.getByRole('link', { name: 'Get all-access' })).toHaveAttribute(
      'href',
      '/all-access',
    );
  },
} satisfies Story;

export const Owned = {
  args: { template: ownedCatalystTemplate },
  parameters: { shared: ownerSharedData },
  play: async ({ canvasElement }) => {
    const main = page(canvasElement);
    await expect(main.getByText('You own Catalyst')).toBeVisible();
    await expect(main.getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      '/templates/catalyst/download',
    );
    await expect(main.queryByRole('link', { name: 'Buy Catalyst' })).not.toBeInTheDocument();
    await expect(main.queryByText('$149')).not.toBeInTheDocument();
  },
} satisfies Story;

export const WithoutScreenshots = {
  args: { template: syntaxTemplate },
  play: async ({ canvasElement }) => {
    const main = page(canvasElement);
    await expect(main.getByRole('heading', { level: 1, name: 'Syntax' })).toBeVisible();
    await expect(main.queryByRole('region', { name: 'Screenshots' })).not.toBeInTheDocument();
    await expect(main.getByText('$99')).toBeVisible();
  },
} satisfies Story;

/** A build without the template's images: placeholders naming it, never broken images. */
export const MissingImages = {
  args: {
    template: {
      ...catalystTemplate,
      bannerUrl: '/catalog/templates/missing/banner.png',
      images: catalystTemplate.images.map((image, index) => ({
        ...image,
        url: `/catalog/templates/missing/${index}.png`,
      })),
    },
  },
  play: async ({ canvasElement }) => {
    const main = page(canvasElement);
    await waitFor(() => expect(canvasElement.querySelectorAll('main img')).toHaveLength(0));
    await expect(main.getByRole('img', { name: 'Catalyst home page' })).toHaveTextContent(
      'Catalyst',
    );
    window.scrollTo(0, 0);
  },
} satisfies Story;
