import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from './button';

const meta = {
  title: 'UI/Button',
  component: Button,
  args: { children: 'Get all-access', onClick: fn() },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Get all-access' }));
    await expect(args.onClick).toHaveBeenCalledOnce();
  },
} satisfies Story;

export const Secondary = {
  args: { variant: 'secondary', children: 'Sign in' },
} satisfies Story;
export const Dark = { args: { variant: 'dark', children: 'Browse components' } } satisfies Story;
export const Danger = {
  args: { variant: 'danger', children: 'Stop Impersonating' },
} satisfies Story;
export const Ghost = { args: { variant: 'ghost', children: 'Cancel' } } satisfies Story;
export const Link = { args: { variant: 'link', children: 'Forgot password?' } } satisfies Story;

export const Sizes = {
  render: (args) => (
    <div className="flex items-center gap-4">
      <Button {...args} size="sm">
        Small
      </Button>
      <Button {...args} size="md">
        Medium
      </Button>
      <Button {...args} size="lg">
        Large
      </Button>
    </div>
  ),
} satisfies Story;

export const Disabled = {
  args: { disabled: true, children: 'You already own this' },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'You already own this' });
    await expect(button).toBeDisabled();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
} satisfies Story;

export const Loading = {
  args: { loading: true, children: 'Saving' },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Saving' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
  },
} satisfies Story;
