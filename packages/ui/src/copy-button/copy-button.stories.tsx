import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, mocked, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { CopyButton } from './copy-button';

const meta = {
  title: 'UI/CopyButton',
  component: CopyButton,
  args: { text: 'https://example.com/teams/42/join/7f3c9a', onCopied: fn() },
  beforeEach() {
    // Headless Chromium denies clipboard access without a user permission prompt.
    spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
  },
} satisfies Meta<typeof CopyButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default = {
  play: async ({ args, canvasElement }) => {
    const timers = spyOn(window, 'setTimeout');
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Copy' }));
    await expect(navigator.clipboard.writeText).toHaveBeenCalledWith(args.text);
    await expect(args.onCopied).toHaveBeenCalledOnce();
    await expect(canvas.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    await expect(canvas.getByRole('status')).toHaveTextContent('Copied!');
    // 1500 ms, written out; the unit test checks it on a fake clock.
    await expect(timers).toHaveBeenCalledWith(expect.any(Function), 1500);
    // Ends back on the resting state so the screenshot does not depend on timing.
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Copy' })).toBeInTheDocument(), {
      timeout: 4500,
    });
  },
} satisfies Story;

export const CustomLabel = {
  args: { label: 'Copy invite link' },
} satisfies Story;

export const ClipboardDenied = {
  play: async ({ args, canvasElement }) => {
    mocked(navigator.clipboard.writeText).mockRejectedValue(
      new DOMException('Denied', 'NotAllowedError'),
    );
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Copy' }));
    await expect(args.onCopied).not.toHaveBeenCalled();
    await expect(canvas.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  },
} satisfies Story;
