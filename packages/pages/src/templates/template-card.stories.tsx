import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { templateSummaries } from '../fixtures/catalog';
import { TemplateCard } from './template-card';

const [catalyst] = templateSummaries;
if (!catalyst) throw new Error('fixture missing');

const meta = {
  title: 'Pages/Templates/TemplateCard',
  component: TemplateCard,
  decorators: [
    (Story) => (
      <div className="flex gap-x-8 p-8">
        <div className="w-80">
          <Story />
        </div>
        <button type="button">After the card</button>
      </div>
    ),
  ],
  parameters: { layout: 'fullscreen' },
  args: { template: catalyst },
} satisfies Meta<typeof TemplateCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** As the Home page's carousel shows it: type, name as the link, a summary of two lines at most. */
export const Compact = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = canvas.getByRole('article');
    await expect(within(card).getByRole('heading', { level: 3 })).toHaveTextContent(catalyst.name);
    await expect(within(card).getByRole('link', { name: catalyst.name })).toHaveAttribute(
      'href',
      catalyst.url,
    );
    await expect(within(card).getByText(catalyst.type)).toBeVisible();
    await expect(within(card).queryByText(/View template/)).toBeNull();
  },
} satisfies Story;

/** As the Templates page lists it, under the page's heading, with "View template" below. */
export const Large = {
  args: { variant: 'large', headingLevel: 2 },
  play: async ({ canvasElement }) => {
    const card = within(within(canvasElement).getByRole('article'));
    await expect(card.getByRole('heading', { level: 2 })).toHaveTextContent(catalyst.name);
    // A visual hint only: the name is the link, so the card is not read twice.
    await expect(card.getByText(/View template/)).toHaveAttribute('aria-hidden', 'true');
    await expect(card.getAllByRole('link')).toHaveLength(1);
  },
} satisfies Story;

/** One stop for the keyboard: Tab lands on the name's link, the next Tab leaves the card. */
export const KeyboardFocus = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: catalyst.name })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'After the card' })).toHaveFocus();
    await userEvent.tab({ shift: true });
  },
} satisfies Story;

/** The image is missing from the build: a placeholder that names the template. */
export const MissingImage = {
  args: { template: { ...catalyst, imageUrl: '/catalog/templates/missing/image.png' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const image = () => canvas.getByRole('img', { name: `Screenshot of ${catalyst.name}` });
    await waitFor(() => expect(image().tagName).toBe('DIV'));
    await expect(image()).toHaveTextContent(catalyst.name);
  },
} satisfies Story;
