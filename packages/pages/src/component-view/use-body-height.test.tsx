import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { isBodyHeightMessage, requestBodyHeight, useBodyHeight } from './use-body-height';

function Frame({ name }: { name: string }) {
  const ref = useRef<HTMLIFrameElement>(null);
  const height = useBodyHeight(ref, name);
  return (
    <>
      <iframe ref={ref} title="Preview" />
      <output aria-label="Height">{height === null ? 'none' : String(height)}</output>
    </>
  );
}

function post(data: unknown, source: MessageEventSource | null) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, source }));
  });
}

function frameWindow(): Window {
  const frame = screen.getByTitle('Preview') as HTMLIFrameElement;
  if (!frame.contentWindow) throw new Error('The iframe has no window');
  return frame.contentWindow;
}

const height = () => screen.getByRole('status', { name: 'Height' });

describe('useBodyHeight', () => {
  it('takes the height its own frame reports for its component', () => {
    render(<Frame name="hero-1" />);
    expect(height()).toHaveTextContent('none');
    post({ type: 'BODY_HEIGHT', name: 'hero-1', height: 642.4 }, frameWindow());
    expect(height()).toHaveTextContent('643');
    post({ type: 'BODY_HEIGHT', name: 'hero-1', height: 512 }, frameWindow());
    expect(height()).toHaveTextContent('512');
  });

  it('asks its frame for the height as soon as it listens', () => {
    const asked: unknown[] = [];
    const original = HTMLIFrameElement.prototype;
    const descriptor = Object.getOwnPropertyDescriptor(original, 'contentWindow')!;
    let listeningWhenAsked = false;
    const add = vi.spyOn(window, 'addEventListener');
    Object.defineProperty(original, 'contentWindow', {
      configurable: true,
      get(this: HTMLIFrameElement) {
        const real = descriptor.get!.call(this) as Window;
        return {
          ...real,
          postMessage: (message: unknown, target: string) => {
            listeningWhenAsked = add.mock.calls.some(([type]) => type === 'message');
            asked.push([message, target]);
          },
        };
      },
    });
    try {
      render(<Frame name="hero-1" />);
      expect(asked).toEqual([[{ type: 'BODY_HEIGHT_REQUEST' }, '*']]);
      expect(listeningWhenAsked).toBe(true);
    } finally {
      Object.defineProperty(original, 'contentWindow', descriptor);
      add.mockRestore();
    }
  });

  it('requestBodyHeight tolerates a frame without a window', () => {
    expect(() => requestBodyHeight(null)).not.toThrow();
    const frame = document.createElement('iframe'); // not attached: no window
    expect(() => requestBodyHeight(frame)).not.toThrow();
  });

  it('ignores messages from any other window, even with the right name', () => {
    render(<Frame name="hero-1" />);
    post({ type: 'BODY_HEIGHT', name: 'hero-1', height: 900 }, window);
    post({ type: 'BODY_HEIGHT', name: 'hero-1', height: 900 }, null);
    expect(height()).toHaveTextContent('none');
  });

  it('ignores another component’s name and other message types', () => {
    render(<Frame name="hero-1" />);
    post({ type: 'BODY_HEIGHT', name: 'hero-2', height: 900 }, frameWindow());
    post({ type: 'RESIZE', name: 'hero-1', height: 900 }, frameWindow());
    post('BODY_HEIGHT', frameWindow());
    expect(height()).toHaveTextContent('none');
  });

  it('follows a change of name and stops answering to the old one', () => {
    const { rerender } = render(<Frame name="hero-1" />);
    post({ type: 'BODY_HEIGHT', name: 'hero-1', height: 100 }, frameWindow());
    rerender(<Frame name="hero-2" />);
    post({ type: 'BODY_HEIGHT', name: 'hero-1', height: 900 }, frameWindow());
    expect(height()).toHaveTextContent('100');
    post({ type: 'BODY_HEIGHT', name: 'hero-2', height: 200 }, frameWindow());
    expect(height()).toHaveTextContent('200');
  });

  it('removes the message listener it added when unmounted', () => {
    const add = vi.spyOn(window, 'addEventListener');
    const remove = vi.spyOn(window, 'removeEventListener');
    const messageListeners = (calls: Parameters<typeof window.addEventListener>[]) =>
      calls.filter(([type]) => type === 'message').map(([, listener]) => listener);
    try {
      const { unmount } = render(<Frame name="hero-1" />);
      const added = messageListeners(add.mock.calls);
      expect(added).toHaveLength(1);
      expect(messageListeners(remove.mock.calls)).toEqual([]);
      unmount();
      expect(messageListeners(remove.mock.calls)).toEqual(added);
    } finally {
      add.mockRestore();
      remove.mockRestore();
    }
  });
});

describe('isBodyHeightMessage', () => {
  it('accepts only well-formed, finite, non-negative heights', () => {
    expect(isBodyHeightMessage({ type: 'BODY_HEIGHT', name: 'a', height: 10 })).toBe(true);
    expect(isBodyHeightMessage({ type: 'BODY_HEIGHT', name: 'a', height: '10' })).toBe(false);
    expect(isBodyHeightMessage({ type: 'BODY_HEIGHT', name: 'a', height: Infinity })).toBe(false);
    expect(isBodyHeightMessage({ type: 'BODY_HEIGHT', name: 'a', height: -1 })).toBe(false);
    expect(isBodyHeightMessage({ type: 'BODY_HEIGHT', height: 10 })).toBe(false);
    expect(isBodyHeightMessage(null)).toBe(false);
  });
});
