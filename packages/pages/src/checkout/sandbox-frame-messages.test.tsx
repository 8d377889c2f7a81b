import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { untaxedPrices } from '../fixtures/checkout';
import { CHECKOUT_EVENTS } from './checkout-state';
import { sandboxCheckoutMessage, useSandboxCheckoutEvents } from './sandbox-frame-messages';

function Parent({ onEvent }: { onEvent: (event: unknown) => void }) {
  const ref = useRef<HTMLIFrameElement>(null);
  useSandboxCheckoutEvents(ref, onEvent);
  return <iframe ref={ref} title="Secure checkout" />;
}

const frameWindow = () => {
  const frame = screen.getByTitle('Secure checkout') as HTMLIFrameElement;
  if (!frame.contentWindow) throw new Error('no frame window');
  return frame.contentWindow;
};

function post(data: unknown, source: MessageEventSource | null, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, source, origin }));
  });
}

const loaded = sandboxCheckoutMessage(CHECKOUT_EVENTS.loaded, untaxedPrices);

describe('useSandboxCheckoutEvents', () => {
  it('passes on the sandbox frame’s own messages from this origin', () => {
    const onEvent = vi.fn();
    render(<Parent onEvent={onEvent} />);
    post(loaded, frameWindow());
    expect(onEvent).toHaveBeenCalledExactlyOnceWith(loaded);
  });

  it('passes on a malformed message with the sandbox’s tag, for the reducer to refuse', () => {
    const onEvent = vi.fn();
    render(<Parent onEvent={onEvent} />);
    const garbled = { source: 'tessera-sandbox-checkout', event: 42 };
    post(garbled, frameWindow());
    expect(onEvent).toHaveBeenCalledExactlyOnceWith(garbled);
  });

  it('ignores another origin, another window and untagged messages', () => {
    const onEvent = vi.fn();
    render(<Parent onEvent={onEvent} />);
    post(loaded, frameWindow(), 'https://evil.example');
    post(loaded, window);
    post(loaded, null);
    post({ ...loaded, source: 'someone-else' }, frameWindow());
    post({ type: 'BODY_HEIGHT', name: 'txn', height: 500 }, frameWindow());
    post('Checkout.Complete', frameWindow());
    expect(onEvent).not.toHaveBeenCalled();
  });

  it('uses the latest callback and stops listening when unmounted', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender, unmount } = render(<Parent onEvent={first} />);
    rerender(<Parent onEvent={second} />);
    post(loaded, frameWindow());
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledOnce();
    const source = frameWindow();
    unmount();
    post(loaded, source);
    expect(second).toHaveBeenCalledOnce();
  });
});
