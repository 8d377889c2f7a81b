import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { blackFridayOffer, templateSummaries, visitorFeaturedProducts } from '../fixtures/catalog';
import { BlackFridayBanner } from './black-friday-banner';
import { HomeComponentTabs } from './home-component-tabs';
import { TemplateCarousel } from './template-carousel';

const meta = {
  title: 'Pages/Home sections',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const ComponentTabs = {
  render: () => <HomeComponentTabs products={visitorFeaturedProducts} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: 'Application UI' }));
    const panel = within(canvas.getByRole('tabpanel', { name: 'Application UI' }));
    await expect(panel.getByRole('link', { name: 'Tables' })).toBeVisible();
    await expect(
      panel.getByRole('link', { name: /Browse all \d+ Application UI components/ }),
    ).toHaveAttribute('href', '/components#product-application-ui');
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Ecommerce' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    (document.activeElement as HTMLElement | null)?.blur();
  },
} satisfies Story;

export const ComponentTabsLegacy = {
  render: () => <HomeComponentTabs products={visitorFeaturedProducts} versionPrefix="/v1" />,
  play: async ({ canvasElement }) => {
    const panel = within(within(canvasElement).getByRole('tabpanel'));
    await expect(panel.getByRole('link', { name: /Browse all/ })).toHaveAttribute(
      'href',
      '/v1/components#product-marketing',
    );
  },
} satisfies Story;

export const Carousel = {
  render: () => <TemplateCarousel templates={templateSummaries} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = canvas.getAllByRole('list')[0] as HTMLElement;
    const previous = canvas.getByRole('button', { name: 'Previous templates' });
    const next = canvas.getByRole('button', { name: 'Next templates' });
    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();
    await userEvent.click(next);
    await waitFor(() => expect(list.scrollLeft).toBeGreaterThan(0));
    await waitFor(() => expect(previous).toBeEnabled());
    await userEvent.click(previous);
    await waitFor(() => expect(list.scrollLeft).toBe(0));
    await waitFor(() => expect(previous).toBeDisabled());
    (document.activeElement as HTMLElement | null)?.blur();
  },
} satisfies Story;

export const CarouselAtEnd = {
  render: () => <TemplateCarousel templates={templateSummaries} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const next = canvas.getByRole('button', { name: 'Next templates' });
    // Tabbing to the last template scrolls it into view, as for a keyboard user.
    canvas.getByRole('link', { name: 'Keynote' }).focus();
    await waitFor(() => expect(next).toBeDisabled());
    await expect(canvas.getByRole('button', { name: 'Previous templates' })).toBeEnabled();
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  },
} satisfies Story;

export const BlackFridayBannerStory = {
  name: 'Black Friday banner',
  render: () => <BlackFridayBanner offer={blackFridayOffer} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('$299')).toBeVisible();
    await expect(canvas.getByText('Regular price:')).toBeInTheDocument();
    await expect(canvas.getByText(/218 pages, three videos, worth \$149 USD/)).toBeVisible();
  },
} satisfies Story;
