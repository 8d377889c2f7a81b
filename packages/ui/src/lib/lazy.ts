import { useEffect, useEffectEvent, useState } from 'react';

// What a first render does not need (Floating UI behind a menu, a select's list, the palette's
// dialog and items) is a chunk or a document fetched when the visitor reaches for it. Until it
// arrives the caller draws the same trigger, so the server's HTML, the first client render and
// the loaded one agree and nothing moves (decisions 020 and 057). The header's account menu and
// mobile navigation, the select's listbox and the command palette share these two helpers.

const pending = new WeakMap<() => Promise<unknown>, Promise<unknown>>();

/**
 * What `load` gives, asked for once per loader however many callers want it. A failure (a deploy
 * in between, offline) is forgotten, so the next call asks again.
 */
export function loadOnce<T>(load: () => Promise<T>): Promise<T> {
  let promise = pending.get(load) as Promise<T> | undefined;
  if (!promise) {
    promise = load();
    pending.set(load, promise);
    promise.catch(() => pending.delete(load));
  }
  return promise;
}

/**
 * What `load` gives, once `wanted` and arrived: null before, on the server and in the first
 * client render (no Suspense, so hydration matches the server's HTML), and while a new `load`
 * is on its way. `onFailed` is called when it cannot be fetched; wanting it again retries.
 */
export function useLoaded<T>(
  load: (() => Promise<T>) | undefined,
  wanted: boolean,
  onFailed?: () => void,
): T | null {
  const [loaded, setLoaded] = useState<{ from: () => Promise<T>; value: T } | null>(null);
  const current = load !== undefined && loaded?.from === load ? loaded : null;
  const failed = useEffectEvent(() => onFailed?.());
  useEffect(() => {
    if (!wanted || !load || current) return;
    let live = true;
    loadOnce(load).then(
      (value) => {
        if (live) setLoaded({ from: load, value });
      },
      () => {
        if (live) failed();
      },
    );
    return () => {
      live = false;
    };
  }, [load, wanted, current]);
  return current ? current.value : null;
}
