import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { supportContacts } from '../fixtures/catalog';
import { Faq } from './faq';

const meta = {
  title: 'Pages/Catalogue/Faq',
  component: Faq,
  parameters: { layout: 'fullscreen' },
  args: { variant: 'allAccess', ...supportContacts },
} satisfies Meta<typeof Faq>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AllAccess = {
  args: {},
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const group of ['General', 'Compatibility', 'Licensing', 'Support']) {
      await expect(canvas.getByRole('group', { name: group })).toBeInTheDocument();
    }
    const question = canvas.getByText('Who can use a Restricted licence?');
    await userEvent.click(question);
    await expect(question.closest('details')).toHaveAttribute('open');
    await expect(canvas.getByText(/at most \$30,000 USD a year/)).toBeVisible();
    await userEvent.click(question);
    await expect(question.closest('details')).not.toHaveAttribute('open');
    (document.activeElement as HTMLElement | null)?.blur();
  },
} satisfies Story;

export const Packages = {
  args: { variant: 'packages' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const question = canvas.getByText('What’s the difference between a package and all-access?');
    await userEvent.click(question);
    await expect(canvas.getByText(/A team licence is only available for all-access/)).toBeVisible();
    (document.activeElement as HTMLElement | null)?.blur();
  },
} satisfies Story;

/** An answer left open; <summary> itself gives keyboard users Enter and Space. */
export const AnswerOpen = {
  args: {},
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const summary = canvas.getByText('Which licences are there?').closest('summary');
    if (!summary) throw new Error('no summary');
    await userEvent.click(summary);
    await expect(summary.parentElement).toHaveAttribute('open');
    await expect(canvas.getByText(/a Team licence for up to 25/)).toBeVisible();
    summary.blur();
  },
} satisfies Story;
