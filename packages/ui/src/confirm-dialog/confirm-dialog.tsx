import { Button } from '../button/button';
import { Dialog, DialogActions, type DialogProps } from '../dialog/dialog';

export type ConfirmDialogProps = Omit<DialogProps, 'children'> & {
  /** Says what happens, e.g. 'Revoke token'; a bare 'OK' or 'Yes' makes the reader go back up. */
  confirmLabel: string;
  cancelLabel?: string;
  /** Called by the confirm button; the caller closes the dialog (now, or when the action ends). */
  onConfirm: () => void;
  /** While the action runs: the confirm button shows a spinner, is disabled and reads as busy. */
  processing?: boolean;
  /** `danger` for an act that takes something away (revoke, remove, refund). */
  variant?: 'danger' | 'primary';
};

/**
 * A question before an act that cannot simply be undone: the dialog's title asks it, the
 * description says what follows, Cancel (focused first, so Enter never confirms by accident)
 * and the confirm button answer it. Cancel, Escape and a click outside all close it through
 * `onOpenChange(false)`.
 */
export function ConfirmDialog({
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  processing,
  variant = 'danger',
  ...dialog
}: ConfirmDialogProps) {
  return (
    <Dialog {...dialog}>
      <DialogActions>
        <Button variant="secondary" onClick={() => dialog.onOpenChange(false)}>
          {cancelLabel}
        </Button>
        <Button variant={variant} loading={processing} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
