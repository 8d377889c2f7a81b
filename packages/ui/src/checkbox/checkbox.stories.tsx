import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Checkbox } from './checkbox';

const meta = {
  title: 'UI/Checkbox',
  component: Checkbox,
  args: { label: 'Remember me', name: 'remember', onChange: fn() },
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default = {
  play: async ({ args, canvasElement }) => {
    const checkbox = within(canvasElement).getByRole('checkbox', { name: 'Remember me' });
    await expect(checkbox).not.toBeChecked();
    await userEvent.click(checkbox);
    await expect(checkbox).toBeChecked();
    await expect(args.onChange).toHaveBeenCalledOnce();
  },
} satisfies Story;

export const Checked = { args: { defaultChecked: true } } satisfies Story;

export const WithDescription = {
  args: {
    label: 'Show archived examples',
    name: 'include_archived',
    description: 'Older versions of these components, kept for existing projects.',
  },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('checkbox', { name: 'Show archived examples' }),
    ).toHaveAccessibleDescription(
      'Older versions of these components, kept for existing projects.',
    );
  },
} satisfies Story;

export const ClickingTheLabel = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByText('Remember me'));
    await expect(canvas.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
  },
} satisfies Story;

export const Disabled = {
  args: { disabled: true, defaultChecked: true },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('checkbox', { name: 'Remember me' }),
    ).toBeDisabled();
  },
} satisfies Story;
