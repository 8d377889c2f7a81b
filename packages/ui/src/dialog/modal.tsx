// The parts every modal surface here is made of (as shadcn's dialog parts are): a portal, a dimming
// overlay that locks the page's scroll, focus kept inside and given back to the opener, Escape
// and a click outside to close, and a title and description the panel is labelled and described
// by. Dialog (a centred card) and SlideOver (a full-height panel) compose them.
import {
  FloatingFocusManager,
  FloatingOverlay,
  FloatingPortal,
  useDismiss,
  useFloating,
  useInteractions,
  useRole,
} from '@floating-ui/react';
import { createContext, useContext, useId } from 'react';
import type * as React from 'react';

type ModalIds = { titleId: string; descriptionId: string };

const ModalContext = createContext<ModalIds | null>(null);

function useModalIds(part: string): ModalIds {
  const ids = useContext(ModalContext);
  if (!ids) throw new Error(`${part} must be inside a ModalContent`);
  return ids;
}

export type ModalContentProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The element to focus on open; by default the first focusable element in the panel. */
  initialFocus?: React.RefObject<HTMLElement | null>;
  /** Whether a ModalDescription is rendered, so the panel is described by it. */
  described: boolean;
  /** Names the parts for styling and tests: `{slot}` on the panel, `{slot}-overlay` on the overlay. */
  slot: string;
  overlayClassName?: string;
  /** Classes for the panel. */
  className?: string;
  /** Attributes of the panel beyond its role and labels (`data-side`). */
  panelProps?: React.HTMLAttributes<HTMLDivElement> & Record<`data-${string}`, string>;
  children: React.ReactNode;
};

/** The modal itself: portal, overlay, focus trap and the labelled panel (nothing when closed). */
export function ModalContent({
  open,
  onOpenChange,
  initialFocus,
  described,
  slot,
  overlayClassName,
  className,
  panelProps,
  children,
}: ModalContentProps) {
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
      <FloatingOverlay lockScroll data-slot={`${slot}-overlay`} className={overlayClassName}>
        <FloatingFocusManager context={context} initialFocus={initialFocus} guards={false}>
          <div
            ref={setFloating}
            data-slot={slot}
            {...panelProps}
            aria-modal="true"
            aria-labelledby={titleId}
            aria-describedby={described ? descriptionId : undefined}
            className={className}
            {...getFloatingProps()}
          >
            <ModalContext.Provider value={{ titleId, descriptionId }}>
              {children}
            </ModalContext.Provider>
          </div>
        </FloatingFocusManager>
      </FloatingOverlay>
    </FloatingPortal>
  );
}

/** The heading that names the modal. */
export function ModalTitle({
  className,
  children,
}: {
  className?: string;
  children: React.ReactNode;
}) {
  const { titleId } = useModalIds('ModalTitle');
  return (
    <h2 id={titleId} className={className}>
      {children}
    </h2>
  );
}

/** The text that describes the modal. */
export function ModalDescription({
  className,
  children,
}: {
  className?: string;
  children: React.ReactNode;
}) {
  const { descriptionId } = useModalIds('ModalDescription');
  return (
    <div id={descriptionId} className={className}>
      {children}
    </div>
  );
}
