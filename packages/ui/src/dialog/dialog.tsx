import {
  FloatingFocusManager,
  FloatingOverlay,
  FloatingPortal,
  useDismiss,
  useFloating,
  useInteractions,
  useRole,
} from '@floating-ui/react';
import { useId } from 'react';
import type * as React from 'react';
import { cn } from '../lib/cn';

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
  const {
    refs: { setFloating },
    context,
  } = useFloating({ open, onOpenChange });
  const { getFloatingProps } = useInteractions([
    useDismiss(context, { outsidePressEvent: 'mousedown' }),
    useRole(context, { role: 'dialog' }),
  ]);
  const titleId = useId();
  const descriptionId = useId();

  if (!open) return null;
  return (
    <FloatingPortal>
      <FloatingOverlay
        lockScroll
        data-slot="dialog-overlay"
        className="z-50 grid place-items-center overflow-y-auto bg-gray-500/75 p-4 sm:p-6"
      >
        <FloatingFocusManager context={context} initialFocus={initialFocus} guards={false}>
          <div
            ref={setFloating}
            data-slot="dialog"
            aria-modal="true"
            aria-labelledby={titleId}
            aria-describedby={description ? descriptionId : undefined}
            className={cn(
              'w-full max-w-lg rounded-card bg-white p-6 shadow-xl ring-1 ring-gray-900/5 outline-none sm:p-8',
              className,
            )}
            {...getFloatingProps()}
          >
            <h2 id={titleId} className="text-lg/7 font-semibold text-gray-900">
              {title}
            </h2>
            {description ? (
              <div id={descriptionId} className="mt-2 text-sm/6 text-gray-600">
                {description}
              </div>
            ) : null}
            {children ? <div className="mt-6">{children}</div> : null}
          </div>
        </FloatingFocusManager>
      </FloatingOverlay>
    </FloatingPortal>
  );
}
