import { useEffect, useRef, type RefObject } from 'react';
import type {
  CheckoutCustomerPrices,
  CheckoutEventName,
  CheckoutProviderEvent,
} from './checkout-state';

/**
 * The sandbox checkout frame (our own page, same origin) tells the checkout page what happens
 * in it with `postMessage`, in the shape Paddle's inline checkout uses, tagged with this source
 * so no other message on the page is mistaken for one.
 */
export const SANDBOX_CHECKOUT_SOURCE = 'tessera-sandbox-checkout';

export type SandboxCheckoutMessage = CheckoutProviderEvent & {
  source: typeof SANDBOX_CHECKOUT_SOURCE;
  event: CheckoutEventName;
};

export function sandboxCheckoutMessage(
  event: CheckoutEventName,
  prices: CheckoutCustomerPrices,
): SandboxCheckoutMessage {
  return {
    source: SANDBOX_CHECKOUT_SOURCE,
    event,
    eventData: { checkout: { prices: { customer: prices } } },
  };
}

/**
 * Calls `onEvent` with every message the sandbox frame in `iframeRef` posts: from this page's
 * own origin, from that frame's window, tagged with the sandbox's source. Anything else on the
 * page (another frame, an extension, a preview's BODY_HEIGHT) is ignored. The message itself is
 * passed on unchecked: the checkout reducer reads it, and an unreadable one is the
 * provider-down state.
 */
export function useSandboxCheckoutEvents(
  iframeRef: RefObject<HTMLIFrameElement | null>,
  onEvent: (event: unknown) => void,
): void {
  const latest = useRef(onEvent);
  useEffect(() => {
    latest.current = onEvent;
  }, [onEvent]);

  useEffect(() => {
    function onMessage(message: MessageEvent) {
      if (message.origin !== window.location.origin) return;
      const frameWindow = iframeRef.current?.contentWindow;
      if (!frameWindow || message.source !== frameWindow) return;
      const data: unknown = message.data;
      if (typeof data !== 'object' || data === null) return;
      if ((data as { source?: unknown }).source !== SANDBOX_CHECKOUT_SOURCE) return;
      latest.current(data);
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [iframeRef]);
}
