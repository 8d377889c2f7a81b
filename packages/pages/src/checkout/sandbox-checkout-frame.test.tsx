import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { sandboxCheckoutFrame, untaxedPrices } from '../fixtures/checkout';
import { CHECKOUT_EVENTS } from './checkout-state';
import { SandboxCheckoutFrame } from './sandbox-checkout-frame';
import { sandboxCheckoutMessage } from './sandbox-frame-messages';

const { url, transactionId } = sandboxCheckoutFrame;

describe('SandboxCheckoutFrame', () => {
  // Regression: with the frame in the server-rendered HTML, it could load and post
  // 'Checkout.Loaded' before the page's script listened, and the spinner never went away.
  it('leaves the frame without an address in server-rendered HTML', () => {
    const html = renderToString(
      <SandboxCheckoutFrame url={url} transactionId={transactionId} onEvent={() => {}} />,
    );
    expect(html).toContain('title="Secure checkout"');
    expect(html).not.toContain('src=');
  });

  it('loads the sandbox page in the browser, sized by its reports, passing its events on', () => {
    const onEvent = vi.fn();
    render(<SandboxCheckoutFrame url={url} transactionId={transactionId} onEvent={onEvent} />);
    const frame = screen.getByTitle('Secure checkout') as HTMLIFrameElement;
    expect(frame).toHaveAttribute('src', url);
    expect(frame).toHaveAttribute('height', '416');
    const source = frame.contentWindow;
    const loaded = sandboxCheckoutMessage(CHECKOUT_EVENTS.loaded, untaxedPrices);
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: 'BODY_HEIGHT', name: transactionId, height: 563.2 },
          source,
          origin: window.location.origin,
        }),
      );
      window.dispatchEvent(
        new MessageEvent('message', { data: loaded, source, origin: window.location.origin }),
      );
    });
    expect(frame).toHaveAttribute('height', '564');
    expect(onEvent).toHaveBeenCalledExactlyOnceWith(loaded);
  });
});
