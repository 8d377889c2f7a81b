import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { installationDoc, privacyPolicyHtml } from '../fixtures/content';
import { Prose } from './prose';

const meta = {
  title: 'Pages/Content/Prose',
  component: Prose,
  parameters: { layout: 'padded' },
  decorators: [
    (Story) => (
      <div className="max-w-3xl">
        <Story />
      </div>
    ),
  ],
  args: { html: installationDoc.html },
} satisfies Meta<typeof Prose>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Headings, code blocks, inline code, lists and links, as the documentation uses them. */
export const Documentation = {
  args: {},
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'Add Tailwind CSS' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'the Inter font' })).toHaveAttribute(
      'href',
      '/documentation/fonts',
    );
  },
} satisfies Story;

/** Long-form text with strong emphasis, as in the privacy policy. */
export const Policy = {
  args: { html: privacyPolicyHtml },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('heading', { level: 2, name: 'Your rights' }),
    ).toBeVisible();
  },
} satisfies Story;
