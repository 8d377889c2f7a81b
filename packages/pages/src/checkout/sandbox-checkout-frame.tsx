import { useRef, useSyncExternalStore } from 'react';
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

const noSubscription = () => () => {};

/** False on the server and while hydrating, true once the page runs in the browser. */
function useInBrowser(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * The sandbox provider's inline checkout: our own SandboxCheckout page in an iframe, 416 px high
 * until it reports its height (the same BODY_HEIGHT message the component previews send).
 */
export function SandboxCheckoutFrame({ url, transactionId, onEvent }: SandboxCheckoutFrameProps) {
  const ref = useRef<HTMLIFrameElement>(null);
  // The frame's first message ('Checkout.Loaded') must find this page listening: a frame in the
  // server-rendered HTML could load and post before the page's script runs, leaving the
  // spinner up for good. So the frame gets its address only in the browser.
  const inBrowser = useInBrowser();
  const height = useBodyHeight(ref, transactionId);
  useSandboxCheckoutEvents(ref, onEvent);
  return (
    <iframe
      ref={ref}
      src={inBrowser ? url : undefined}
      title="Secure checkout"
      data-slot="sandbox-checkout-frame"
      height={height ?? CHECKOUT_FRAME_INITIAL_HEIGHT}
      className="block w-full border-0 bg-transparent"
    />
  );
}
