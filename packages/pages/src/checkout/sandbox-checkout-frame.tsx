import { useRef } from 'react';
import { CHECKOUT_FRAME_INITIAL_HEIGHT } from '../constants';
import { useBodyHeight } from '../component-view/use-body-height';
import { useSandboxCheckoutEvents } from './sandbox-frame-messages';

export type SandboxCheckoutFrameProps = {
  /** The sandbox checkout page for this transaction (same origin). */
  url: string;
  /** Names the frame's BODY_HEIGHT reports, so only this frame sizes this iframe. */
  transactionId: string;
  onEvent: (event: unknown) => void;
};

/**
 * The sandbox provider's inline checkout: our own SandboxCheckout page in an iframe, 416 px high
 * until it reports its height (the same BODY_HEIGHT message the component previews send).
 */
export function SandboxCheckoutFrame({ url, transactionId, onEvent }: SandboxCheckoutFrameProps) {
  const ref = useRef<HTMLIFrameElement>(null);
  const height = useBodyHeight(ref, transactionId);
  useSandboxCheckoutEvents(ref, onEvent);
  return (
    <iframe
      ref={ref}
      src={url}
      title="Secure checkout"
      data-slot="sandbox-checkout-frame"
      height={height ?? CHECKOUT_FRAME_INITIAL_HEIGHT}
      className="block w-full border-0 bg-transparent"
    />
  );
}
