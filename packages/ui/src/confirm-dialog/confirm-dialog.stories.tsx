import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';

/** A page that asks before revoking, the way the storefront's settings pages do. */
function RevokeExample(args: ConfirmDialogProps) {
  const [open, setOpen] = useState(args.open);
  function change(next: boolean) {
    setOpen(next);
    args.onOpenChange(next);
  }
  return (
    <>
      <Button variant="secondary" onClick={() => change(true)}>
        Revoke
      </Button>
      <ConfirmDialog
        {...args}
        open={open}
        onOpenChange={change}
        onConfirm={() => {
          args.onConfirm();
          if (!args.processing) change(false);
        }}
      />
    </>
  );
}

const meta = {
  title: 'UI/ConfirmDialog',
  component: ConfirmDialog,
  args: {
    open: false,
    onOpenChange: fn(),
    onConfirm: fn(),
    title: 'Revoke “Deploy script”?',
    description:
      'Anything using this token loses access at once, and it cannot be turned back on. Create a new token if you need one.',
    confirmLabel: 'Revoke token',
  },
  render: (args) => <RevokeExample {...args} />,
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

async function openDialog(canvasElement: HTMLElement) {
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Revoke' }));
  const dialog = await screen.findByRole('dialog');
  await waitFor(() => expect(dialog).toBeVisible());
  return dialog;
}

export const Open = {
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    await expect(dialog).toHaveAccessibleName('Revoke “Deploy script”?');
    await expect(dialog).toHaveAccessibleDescription(/loses access at once/);
    // Cancel first: Enter on a freshly opened question must not confirm it.
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus(),
    );
    await expect(within(dialog).getByRole('button', { name: 'Revoke token' })).toBeEnabled();
  },
} satisfies Story;

export const Confirmed = {
  play: async ({ args, canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke token' }));
    await expect(args.onConfirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
} satisfies Story;

export const Cancelled = {
  play: async ({ args, canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    await expect(args.onConfirm).not.toHaveBeenCalled();
    // Focus goes back to the button that asked.
    await expect(within(canvasElement).getByRole('button', { name: 'Revoke' })).toHaveFocus();
  },
} satisfies Story;

export const EscapeCancels = {
  play: async ({ args, canvasElement }) => {
    await openDialog(canvasElement);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onConfirm).not.toHaveBeenCalled();
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
  },
} satisfies Story;

/** The action is running: the confirm button is busy and cannot be pressed twice. */
export const Processing = {
  args: {
    processing: true,
    title: 'Remove ada.student@example.edu from Northwind Evening Class?',
    description:
      'They lose the team’s licence at once and can join again only with a new invitation.',
    confirmLabel: 'Remove from team',
  },
  play: async ({ args, canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    const confirm = within(dialog).getByRole('button', { name: 'Remove from team' });
    await expect(confirm).toBeDisabled();
    await expect(confirm).toHaveAttribute('aria-busy', 'true');
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    await userEvent.click(confirm, { pointerEventsCheck: 0 });
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
} satisfies Story;

/** A question about an act that takes nothing away wears the primary colour. */
export const Primary = {
  args: {
    variant: 'primary',
    title: 'Send the licence e-mail again?',
    description: 'We send the redemption link to the address the licence is waiting for.',
    confirmLabel: 'Resend e-mail',
  },
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    const confirm = within(dialog).getByRole('button', { name: 'Resend e-mail' });
    await expect(confirm).toHaveClass('bg-brand-600');
    await expect(confirm).not.toHaveClass('bg-danger-600');
  },
} satisfies Story;
