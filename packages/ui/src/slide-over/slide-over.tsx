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
import { Button } from '../button/button';
import type { DialogProps } from '../dialog/dialog';
import { cn } from '../lib/cn';

export type SlideOverProps = DialogProps & {
  /** The screen edge the panel is attached to. */
  side?: 'left' | 'right';
};

/** A modal full-height panel (the mobile navigation), with a 'Close menu' button. */
export function SlideOver({
  open,
  onOpenChange,
  title,
  description,
  children,
  initialFocus,
  className,
  side = 'right',
}: SlideOverProps) {
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
      <FloatingOverlay lockScroll data-slot="slide-over-overlay" className="z-50 bg-gray-500/75">
        <FloatingFocusManager context={context} initialFocus={initialFocus} guards={false}>
          <div
            ref={setFloating}
            data-slot="slide-over"
            data-side={side}
            aria-modal="true"
            aria-labelledby={titleId}
            aria-describedby={description ? descriptionId : undefined}
            className={cn(
              'fixed inset-y-0 flex w-full flex-col bg-white shadow-xl outline-none sm:max-w-sm sm:ring-1 sm:ring-gray-900/10',
              side === 'right' ? 'right-0' : 'left-0',
              className,
            )}
            {...getFloatingProps()}
          >
            <div className="flex items-center justify-between gap-4 px-6 py-5">
              <h2 id={titleId} className="text-base/7 font-semibold text-gray-900">
                {title}
              </h2>
              <Button
                variant="ghost"
                size="icon"
                className="-m-2 text-gray-700 [&_svg]:size-6"
                onClick={() => onOpenChange(false)}
              >
                <span className="sr-only">Close menu</span>
                <svg
                  viewBox="0 0 24 24"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.5"
                  aria-hidden="true"
                >
                  <path strokeLinecap="round" strokeLinejoin="round" d="M6 18 18 6M6 6l12 12" />
                </svg>
              </Button>
            </div>
            {description ? (
              <div id={descriptionId} className="px-6 text-sm/6 text-gray-600">
                {description}
              </div>
            ) : null}
            <div className="flex-1 overflow-y-auto px-6 pt-2 pb-6">{children}</div>
          </div>
        </FloatingFocusManager>
      </FloatingOverlay>
    </FloatingPortal>
  );
}
