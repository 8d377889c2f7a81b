import type * as React from 'react';
import { cn } from '../lib/cn';
import { ModalContent, ModalDescription, ModalTitle } from './modal';

export type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: React.ReactNode;
  description?: React.ReactNode;
  children?: React.ReactNode;
  /** The element to focus on open; by default the first focusable element in the dialog. */
  initialFocus?: React.RefObject<HTMLElement | null>;
  /** Classes for the dialog panel. */
  className?: string;
};

/** A modal dialog: focus stays inside, Escape and a click outside close it, focus returns to the opener. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  initialFocus,
  className,
}: DialogProps) {
  return (
    <ModalContent
      open={open}
      onOpenChange={onOpenChange}
      initialFocus={initialFocus}
      described={Boolean(description)}
      slot="dialog"
      overlayClassName="z-50 grid place-items-center overflow-y-auto bg-gray-500/75 p-4 sm:p-6"
      className={cn(
        'w-full max-w-lg rounded-card bg-white p-6 shadow-xl ring-1 ring-gray-900/5 outline-none sm:p-8',
        className,
      )}
    >
      <ModalTitle className="text-lg/7 font-semibold text-gray-900">{title}</ModalTitle>
      {description ? (
        <ModalDescription className="mt-2 text-sm/6 text-gray-600">{description}</ModalDescription>
      ) : null}
      {children ? <div className="mt-6">{children}</div> : null}
    </ModalContent>
  );
}

/** A dialog's buttons: stacked on phones (the main action on top), in a row at the end from `sm`. */
export function DialogActions({ children }: { children: React.ReactNode }) {
  return <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">{children}</div>;
}
