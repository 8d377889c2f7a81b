import type { Meta, StoryObj } from '@storybook/react-vite';
import { useRef, useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button';
import { Dialog, DialogActions, type DialogProps } from './dialog';

/** A page that opens the dialog from a button, the way the storefront does. */
function RemoveMemberExample({
  focusRemove = false,
  ...args
}: DialogProps & { focusRemove?: boolean }) {
  const [open, setOpen] = useState(args.open);
  const removeRef = useRef<HTMLButtonElement>(null);
  function change(next: boolean) {
    setOpen(next);
    args.onOpenChange(next);
  }
  return (
    <>
      <Button variant="secondary" onClick={() => change(true)}>
        Remove member
      </Button>
      <Dialog
        {...args}
        open={open}
        onOpenChange={change}
        initialFocus={focusRemove ? removeRef : args.initialFocus}
      >
        <DialogActions>
          <Button variant="secondary" onClick={() => change(false)}>
            Cancel
          </Button>
          <Button ref={removeRef} variant="danger" onClick={() => change(false)}>
            Remove
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

const meta = {
  title: 'UI/Dialog',
  component: Dialog,
  args: {
    open: false,
    onOpenChange: fn(),
    title: 'Remove tom@example.com from your team?',
    description:
      'They will lose access to the components and templates of your team licence straight away. You can invite them again later.',
  },
  render: (args) => <RemoveMemberExample {...args} />,
} satisfies Meta<typeof Dialog>;

export default meta;
type Story = StoryObj<typeof meta>;

async function openDialog(canvasElement: HTMLElement) {
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Remove member' }));
  const dialog = await screen.findByRole('dialog');
  await waitFor(() => expect(dialog).toBeVisible());
  return dialog;
}

export const Closed = {
  play: async () => {
    await expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  },
} satisfies Story;

export const Open = {
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    await expect(dialog).toHaveAccessibleName('Remove tom@example.com from your team?');
    await expect(dialog).toHaveAccessibleDescription(/lose access to the components/);
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus(),
    );
  },
} satisfies Story;

export const PageBehindIsInert = {
  play: async ({ canvasElement }) => {
    await openDialog(canvasElement);
    // Focus cannot reach the page behind a modal dialog, nor can assistive technology.
    await waitFor(() => expect(canvasElement.closest('[inert]')).not.toBeNull());
  },
} satisfies Story;

export const EscapeCloses = {
  play: async ({ args, canvasElement }) => {
    await openDialog(canvasElement);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    await expect(
      within(canvasElement).getByRole('button', { name: 'Remove member' }),
    ).toHaveFocus();
  },
} satisfies Story;

export const ClickOutsideCloses = {
  play: async ({ args, canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    const overlay = dialog.closest<HTMLElement>('[data-slot="dialog-overlay"]')!;
    await userEvent.click(overlay);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    await expect(
      within(canvasElement).getByRole('button', { name: 'Remove member' }),
    ).toHaveFocus();
  },
} satisfies Story;

export const ClickInsideStaysOpen = {
  play: async ({ args, canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    await userEvent.click(within(dialog).getByText(/lose access to the components/));
    await expect(dialog).toBeVisible();
    await expect(args.onOpenChange).not.toHaveBeenCalledWith(false);
  },
} satisfies Story;

export const InitialFocus = {
  render: (args) => <RemoveMemberExample {...args} focusRemove />,
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Remove' })).toHaveFocus(),
    );
  },
} satisfies Story;

export const WithoutDescription = {
  args: { description: undefined, title: 'Your download is ready' },
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    await expect(dialog).toHaveAccessibleName('Your download is ready');
    await expect(dialog).not.toHaveAttribute('aria-describedby');
  },
} satisfies Story;
