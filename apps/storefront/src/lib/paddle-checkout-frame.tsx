import { CHECKOUT_FRAME_INITIAL_HEIGHT } from '@tessera/pages/constants';
import type { CheckoutFrame } from '@tessera/pages';
import { useEffect, useRef } from 'react';
import { paddleEventToCheckoutEvents } from './paddle-checkout-events';

/** The element Paddle.js puts its inline checkout iframe in (`settings.frameTarget`). */
const PADDLE_FRAME_TARGET = 'tessera-paddle-checkout';

export type PaddleCheckoutFrameProps = {
  frame: Extract<CheckoutFrame, { provider: 'paddle' }>;
  onEvent: (event: unknown) => void;
  /** Paddle.js did not load or start, or reported an event we cannot read. */
  onUnavailable: () => void;
};

/**
 * Paddle Billing's inline checkout. `@paddle/paddle-js` (which loads Paddle's script from its
 * CDN) is imported here, on the checkout page only, so no other page downloads it. The
 * transaction is created and priced on the server; the browser only opens it.
 */
export function PaddleCheckoutFrame({ frame, onEvent, onUnavailable }: PaddleCheckoutFrameProps) {
  const handlers = useRef({ onEvent, onUnavailable });
  useEffect(() => {
    handlers.current = { onEvent, onUnavailable };
  }, [onEvent, onUnavailable]);

  const { transactionId, clientToken, environment } = frame;
  useEffect(() => {
    let active = true;
    let close: (() => void) | undefined;
    const unavailable = () => {
      if (active) handlers.current.onUnavailable();
    };
    import('@paddle/paddle-js')
      .then(({ initializePaddle }) =>
        initializePaddle({
          token: clientToken,
          environment,
          eventCallback(event) {
            if (!active) return;
            const events = paddleEventToCheckoutEvents(event);
            if (events === null) unavailable();
            else for (const checkoutEvent of events) handlers.current.onEvent(checkoutEvent);
          },
        }),
      )
      .then((paddle) => {
        if (!active) return;
        if (!paddle) {
          unavailable();
          return;
        }
        paddle.Checkout.open({
          transactionId,
          settings: {
            displayMode: 'inline',
            frameTarget: PADDLE_FRAME_TARGET,
            frameInitialHeight: CHECKOUT_FRAME_INITIAL_HEIGHT,
            frameStyle:
              'width: 100%; min-width: 312px; background-color: transparent; border: none;',
          },
        });
        close = () => paddle.Checkout.close();
      })
      .catch(unavailable);
    return () => {
      active = false;
      close?.();
    };
  }, [transactionId, clientToken, environment]);

  return <div className={PADDLE_FRAME_TARGET} data-slot="paddle-checkout-frame" />;
}
