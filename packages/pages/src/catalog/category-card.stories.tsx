import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { visitorCatalogSections } from '../fixtures/catalog';
import { CategoryCard } from './category-card';
import { LOCKED_DESCRIPTION } from './lock-badge';

const subcategories = visitorCatalogSections.flatMap((section) =>
  section.categories.flatMap((category) => category.subcategories),
);

function subcategory(name: string) {
  const found = subcategories.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`No subcategory fixture '${name}'`);
  return found;
}

const meta = {
  title: 'Pages/Catalogue/CategoryCard',
  component: CategoryCard,
  decorators: [
    (Story) => (
      <div className="w-80 p-8">
        <Story />
      </div>
    ),
  ],
  parameters: { layout: 'fullscreen' },
  args: { subcategory: subcategory('Heroes') },
} satisfies Meta<typeof CategoryCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default = {
  args: {},
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Heroes' })).toHaveAttribute(
      'href',
      '/components/marketing/sections/heroes',
    );
    await expect(canvas.getByText('12 components')).toBeVisible();
    await expect(canvas.getByRole('img', { name: 'Examples of Heroes components' })).toBeVisible();
    await expect(canvas.queryByText('New')).not.toBeInTheDocument();
  },
} satisfies Story;

export const New = {
  args: { subcategory: subcategory('Testimonials') },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('New')).toBeVisible();
  },
} satisfies Story;

export const Locked = {
  args: { subcategory: subcategory('Pricing Sections') },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(LOCKED_DESCRIPTION)).toBeInTheDocument();
  },
} satisfies Story;

export const LockedAndNew = {
  args: { subcategory: subcategory('Comboboxes') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('New')).toBeVisible();
    await expect(canvas.getByText(LOCKED_DESCRIPTION)).toBeInTheDocument();
  },
} satisfies Story;

export const OneComponent = {
  args: { subcategory: { ...subcategory('Dialogs'), componentCount: 1 } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('1 component')).toBeVisible();
  },
} satisfies Story;

/** A build without the card's screenshot: a placeholder naming the subcategory, never a broken image. */
export const MissingImage = {
  args: { subcategory: { ...subcategory('Heroes'), imageUrl: '/catalog/screenshots/missing.png' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const placeholder = () => canvas.getByRole('img', { name: 'Examples of Heroes components' });
    await waitFor(() => expect(placeholder().tagName).toBe('DIV'));
    await expect(placeholder()).toHaveTextContent('Heroes');
  },
} satisfies Story;
