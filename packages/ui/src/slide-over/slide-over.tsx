import type * as React from 'react';
import { Button } from '../button/button';
import type { DialogProps } from '../dialog/dialog';
import { ModalContent, ModalDescription, ModalTitle } from '../dialog/modal';
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
  return (
    <ModalContent
      open={open}
      onOpenChange={onOpenChange}
      initialFocus={initialFocus}
      described={Boolean(description)}
      slot="slide-over"
      overlayClassName="z-50 bg-gray-500/75"
      panelProps={{ 'data-side': side }}
      className={cn(
        'fixed inset-y-0 flex w-full flex-col bg-white shadow-xl outline-none sm:max-w-sm sm:ring-1 sm:ring-gray-900/10',
        side === 'right' ? 'right-0' : 'left-0',
        className,
      )}
    >
      <div className="flex items-center justify-between gap-4 px-6 py-5">
        <ModalTitle className="text-base/7 font-semibold text-gray-900">{title}</ModalTitle>
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
        <ModalDescription className="px-6 text-sm/6 text-gray-600">{description}</ModalDescription>
      ) : null}
      <div className="flex-1 overflow-y-auto px-6 pt-2 pb-6">{children}</div>
    </ModalContent>
  );
}
