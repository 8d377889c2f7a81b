import {
  isValidElement,
  Suspense,
  use,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';

/**
 * Hydration that yields (issue 26, decision 064). A section of a server-rendered page wrapped in
 * `HydrateWhen` is its own Suspense boundary: React hydrates it apart from the rest (at its own
 * lower priority, in slices of a few milliseconds), and, on the first visit only, not before it
 * comes near the viewport (`visible`) or the browser is idle (`idle`). Until then React keeps the
 * server's HTML as it is: links in it are plain anchors and still work. A press, focus or pointer
 * over it opens it at once (React then hydrates it synchronously and replays the press), and so
 * does an update from above (new props), so it never shows stale or empty content.
 *
 * Outside a hydration (a client visit, a story, a test, the server) it renders its children as a
 * plain wrapper does: deferring applies only once the entry has called `deferHydration()`.
 */
export type HydrateWhenProps = {
  when: 'visible' | 'idle';
  children: ReactNode;
};

/** React reads a thenable's `status` and `value` (use()); set here so an open gate never waits. */
type Opening = Promise<void> & { status?: string; value?: undefined };
type Gate = { opened: boolean; promise: Opening; open: () => void };

let deferring = false;

/**
 * Called by the client entry before `hydrateRoot`: boundaries may wait during that hydration.
 * Never on the server (a boundary that waited there would render nothing); `false` for tests.
 */
export function deferHydration(on = true) {
  deferring = on;
}

function createGate(): Gate {
  let resolve!: () => void;
  const promise: Opening = new Promise<void>((done) => (resolve = done));
  const gate: Gate = {
    opened: false,
    promise,
    open: () => {
      if (gate.opened) return;
      gate.opened = true;
      // Fulfilled at once: a press hydrates the section synchronously, before the promise settles.
      promise.status = 'fulfilled';
      promise.value = undefined;
      resolve();
    },
  };
  return gate;
}

const subscribeToNothing = () => () => {};
/** True while this component hydrates (React reads the server snapshot then), false otherwise. */
const useHydrating = () =>
  useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );

/** One element of the same type and key with the same props (compared one by one). */
function sameElement(a: ReactNode, b: ReactNode): boolean {
  if (a === b) return true;
  if (!isValidElement(a) || !isValidElement(b) || a.type !== b.type || a.key !== b.key) {
    return false;
  }
  const before = a.props as Record<string, unknown>;
  const after = b.props as Record<string, unknown>;
  const keys = Object.keys(before);
  return (
    keys.length === Object.keys(after).length &&
    keys.every((key) => Object.is(before[key], after[key]))
  );
}

function Wait({ gate, children }: { gate: Gate | null; children: ReactNode }) {
  // Always the same hook call; it returns at once once the gate is open.
  if (gate) use(gate.promise as Promise<void>);
  return children;
}

/** How far below the fold a `visible` section starts hydrating. */
const VISIBLE_MARGIN = '200px';
/** An `idle` section hydrates by then even if the browser is never idle. */
const IDLE_TIMEOUT_MS = 2000;

// A click or key with no pointer or focus before it (assistive technology) opens it too.
const OPENING_EVENTS = [
  'pointerover',
  'pointerdown',
  'touchstart',
  'focusin',
  'click',
  'keydown',
] as const;

export function HydrateWhen({ when, children }: HydrateWhenProps) {
  const ref = useRef<HTMLDivElement>(null);
  const hydrating = useHydrating();
  const [gate] = useState(() => (deferring && hydrating ? createGate() : null));
  // The children as last rendered: a parent that renders again with the same props (Inertia's
  // app does, right after hydrating) is no update; new props are, and open the gate so that the
  // section hydrates now rather than show them late.
  const [kept, setKept] = useState(children);
  if (!sameElement(kept, children)) {
    gate?.open();
    setKept(children);
  }

  useEffect(() => {
    const element = ref.current;
    if (!gate || gate.opened || !element) return;
    const open = () => gate.open();
    // On the window, in the capture phase: before React's own listener on the root, which on a
    // press tries to hydrate the section at once and must find it open.
    const openOnEvent = (event: Event) => {
      if (event.target instanceof Node && element.contains(event.target)) open();
    };
    for (const type of OPENING_EVENTS) {
      window.addEventListener(type, openOnEvent, { capture: true, passive: true });
    }
    let observer: IntersectionObserver | undefined;
    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (when === 'visible' && typeof IntersectionObserver === 'function') {
      observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) open();
        },
        { rootMargin: VISIBLE_MARGIN },
      );
      observer.observe(element);
    } else if (typeof requestIdleCallback === 'function') {
      idle = requestIdleCallback(open, { timeout: IDLE_TIMEOUT_MS });
    } else {
      timer = setTimeout(open, 1);
    }
    return () => {
      for (const type of OPENING_EVENTS) {
        window.removeEventListener(type, openOnEvent, { capture: true });
      }
      observer?.disconnect();
      if (idle !== undefined) cancelIdleCallback(idle);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [gate, when]);

  // The same element while the children are the same: this component renders again once after its
  // hydration (`useHydrating` turns false), and a new element would count as an update to the
  // boundary that is still waiting, which React would then render on the client from scratch.
  return useMemo(
    () => (
      <div ref={ref}>
        <Suspense fallback={null}>
          <Wait gate={gate}>{kept}</Wait>
        </Suspense>
      </div>
    ),
    [gate, kept],
  );
}
