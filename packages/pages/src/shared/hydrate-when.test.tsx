import { act, useState } from 'react';
import { hydrateRoot, createRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferHydration, HydrateWhen } from './hydrate-when';

/** Counts clicks; its label shows whether React has hydrated it (only React updates it). */
function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {label} {count}
    </button>
  );
}

function Page({ label = 'below' }: { label?: string }) {
  return (
    <div>
      <Counter label="above" />
      <HydrateWhen when="visible">
        <Counter label={label} />
        <a href="/components">Browse</a>
      </HydrateWhen>
    </div>
  );
}

/** An IntersectionObserver the test drives: `show()` reports every observed element in view. */
const observers: { callback: IntersectionObserverCallback; elements: Element[] }[] = [];
class FakeIntersectionObserver {
  private readonly entry: { callback: IntersectionObserverCallback; elements: Element[] };
  constructor(callback: IntersectionObserverCallback) {
    this.entry = { callback, elements: [] };
    observers.push(this.entry);
  }
  observe(element: Element) {
    this.entry.elements.push(element);
  }
  disconnect() {
    this.entry.elements = [];
  }
}
function show() {
  for (const { callback, elements } of observers) {
    callback(
      elements.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
      {} as IntersectionObserver,
    );
  }
}

const buttons = (container: HTMLElement) =>
  [...container.querySelectorAll('button')].map((button) => button.textContent);

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
let root: Root | undefined;
beforeEach(() => {
  observers.length = 0;
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  container = document.createElement('div');
  document.body.append(container);
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
  deferHydration(false);
  vi.unstubAllGlobals();
});

async function hydrate(element: React.ReactNode) {
  container.innerHTML = renderToString(element);
  deferHydration();
  await act(async () => {
    root = hydrateRoot(container, element);
  });
}

describe('HydrateWhen', () => {
  it('renders its children on the server as they are, inside a plain wrapper', () => {
    const html = renderToString(<Page />);
    expect(html).toContain('<button type="button">below<!-- --> <!-- -->0</button>');
    expect(html).toContain('<a href="/components">Browse</a>');
  });

  it('keeps the server HTML of a section out of view until it nears the viewport, then hydrates it', async () => {
    const errors = vi.spyOn(console, 'error');
    await hydrate(<Page />);
    const [above, below] = container.querySelectorAll('button');
    // The section above hydrated; the one below is still the server's HTML: a press does nothing.
    await act(async () => above!.click());
    expect(buttons(container)).toEqual(['above 1', 'below 0']);
    expect(Object.keys(below!).some((key) => key.startsWith('__reactFiber'))).toBe(false);
    expect(container.querySelector('a')).toHaveAttribute('href', '/components');

    await act(async () => show());
    await act(async () => container.querySelectorAll('button')[1]!.click());
    expect(buttons(container)).toEqual(['above 1', 'below 1']);
    // The same nodes: hydrated in place, not rendered again.
    expect(container.querySelectorAll('button')[1]).toBe(below);
    expect(errors).not.toHaveBeenCalled();
  });

  it('hydrates a waiting section at once when it is pressed, and the press counts', async () => {
    await hydrate(<Page />);
    const below = container.querySelectorAll('button')[1]!;
    await act(async () => {
      below.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
      below.click();
    });
    expect(buttons(container)).toEqual(['above 0', 'below 1']);
  });

  it('hydrates a waiting section on a click with no pointer before it (assistive technology)', async () => {
    await hydrate(<Page />);
    await act(async () => container.querySelectorAll('button')[1]!.click());
    expect(buttons(container)).toEqual(['above 0', 'below 1']);
  });

  it('hydrates a waiting section when new props reach it, and shows them', async () => {
    await hydrate(<Page />);
    await act(async () => root!.render(<Page label="changed" />));
    expect(buttons(container)).toEqual(['above 0', 'changed 0']);
    await act(async () => container.querySelectorAll('button')[1]!.click());
    expect(buttons(container)).toEqual(['above 0', 'changed 1']);
  });

  it('hydrates an idle section when the browser is idle', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => {});
    const element = (
      <HydrateWhen when="idle">
        <Counter label="idle" />
      </HydrateWhen>
    );
    await hydrate(element);
    expect(idle).toHaveLength(1);
    const button = container.querySelector('button')!;
    expect(Object.keys(button).some((key) => key.startsWith('__reactFiber'))).toBe(false);
    await act(async () => idle[0]!());
    expect(Object.keys(button).some((key) => key.startsWith('__reactFiber'))).toBe(true);
  });

  it('renders at once outside a hydration (a client visit, a story)', async () => {
    deferHydration();
    await act(async () => {
      root = createRoot(container);
      root.render(<Page />);
    });
    await act(async () => container.querySelectorAll('button')[1]!.click());
    expect(buttons(container)).toEqual(['above 0', 'below 1']);
  });
});
