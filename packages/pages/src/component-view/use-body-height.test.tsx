import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { isBodyHeightMessage, useBodyHeight } from './use-body-height';

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

  it('stops listening when unmounted', () => {
    const { unmount } = render(<Frame name="hero-1" />);
    const source = frameWindow();
    unmount();
    expect(() => post({ type: 'BODY_HEIGHT', name: 'hero-1', height: 300 }, source)).not.toThrow();
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
