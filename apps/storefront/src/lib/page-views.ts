import { router } from '@inertiajs/react';

/** Where the store counts visits: its own endpoint, never a third party (apps/server analytics). */
const PAGE_VIEWS_ENDPOINT = '/page-views';

function report(path: string, referrer: string) {
  const body = JSON.stringify({ path, referrer });
  // sendBeacon survives the page unloading and never delays navigation.
  if (navigator.sendBeacon?.(PAGE_VIEWS_ENDPOINT, new Blob([body], { type: 'application/json' }))) {
    return;
  }
  void fetch(PAGE_VIEWS_ENDPOINT, {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/json' },
    keepalive: true,
  }).catch(() => undefined);
}

/**
 * Records the first page and every client-side navigation after it. Returns a function that
 * stops listening.
 */
export function trackPageViews(): () => void {
  report(window.location.pathname, document.referrer);
  let previous = window.location.href;
  return router.on('navigate', (event) => {
    const url = new URL(event.detail.page.url, window.location.origin);
    if (url.href === previous) return;
    report(url.pathname, previous);
    previous = url.href;
  });
}
