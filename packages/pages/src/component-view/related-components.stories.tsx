import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { heroRelatedComponents } from '../fixtures/catalog';
import { RelatedComponents } from './related-components';

const meta = {
  title: 'Pages/Catalogue/RelatedComponents',
  component: RelatedComponents,
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <div className="mx-auto max-w-7xl p-8">
        <Story />
      </div>
    ),
  ],
  args: { componentName: 'Simple centered', items: heroRelatedComponents },
} satisfies Meta<typeof RelatedComponents>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two of the same purpose in other packages (with card pictures), then two siblings. */
export const WithItems = {
  args: {},
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const section = canvas.getByRole('region', { name: 'Related to Simple centered' });
    const links = within(section).getAllByRole('link');
    await expect(links.map((link) => link.textContent)).toEqual([
      'Promo with background image',
      'Simple centered CTA',
      'Split with screenshot',
      'With app screenshot',
    ]);
    await expect(links[0]).toHaveAttribute(
      'href',
      '/components/ecommerce/components/promo-sections#component-with-background-image',
    );
    await expect(links[0]).toHaveAccessibleDescription('Promo Sections · Ecommerce');
    // Only the components a card picture shows have one.
    await expect(within(section).getAllByRole('img')).toHaveLength(2);
    await expect(
      within(section).getByRole('img', { name: 'Screenshot of Promo with background image' }),
    ).toBeInTheDocument();
    // Keyboard: every link is reached in order with Tab.
    for (const link of links) {
      await userEvent.tab();
      await expect(link).toHaveFocus();
    }
    links.at(-1)?.blur();
  },
} satisfies Story;

/** A component with nothing related: no section, no empty heading. */
export const WithoutItems = {
  args: { items: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('region')).toBeNull();
    await expect(canvas.queryByRole('heading')).toBeNull();
    await expect(canvas.queryByRole('link')).toBeNull();
  },
} satisfies Story;
