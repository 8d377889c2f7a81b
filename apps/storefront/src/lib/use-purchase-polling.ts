import { PURCHASE_POLL_ATTEMPTS, PURCHASE_POLL_INTERVAL_MS } from '@tessera/pages/constants';
import type { PurchasePollStatus } from '@tessera/pages';
import { useEffect, useRef, useState } from 'react';
import { requestJson, type JsonResponse } from './json-request';

export function purchaseStatusUrl(hash: string): string {
  return `/paddle-purchases/${encodeURIComponent(hash)}`;
}

/** Where a ready purchase goes: the server redirects to its landing with its message. */
export function thankYouLandingUrl(hash: string): string {
  return `/thank-you/landing?checkout=${encodeURIComponent(hash)}`;
}

/**
 * The purchase is done but the hash no longer gives its key (the licence was claimed, or the
 * payment is older than the window): the page says where the key is instead.
 */
export const KEY_WITHHELD = Symbol('key withheld');

/**
 * `GET /paddle-purchases/{hash}`: a 2xx with a `license_key` means ready; a 2xx with
 * `license_key: null` and `withheld` means done, key not given here; anything else means not yet.
 */
export function readPurchaseStatus(
  response: Pick<JsonResponse, 'ok' | 'data'>,
): string | typeof KEY_WITHHELD | null {
  if (!response.ok || typeof response.data !== 'object' || response.data === null) return null;
  const data = response.data as { license_key?: unknown; withheld?: unknown };
  if (data.license_key === null && typeof data.withheld === 'string') return KEY_WITHHELD;
  const key = data.license_key;
  return typeof key === 'string' && key.length > 0 ? key : null;
}

/**
 * One poll: the licence key, KEY_WITHHELD, or null when the purchase is not ready or the call
 * failed.
 */
export type PurchaseStatusCheck = (
  hash: string,
  signal: AbortSignal,
) => Promise<string | typeof KEY_WITHHELD | null>;

const checkPurchaseStatus: PurchaseStatusCheck = async (hash, signal) => {
  try {
    return readPurchaseStatus(await requestJson(purchaseStatusUrl(hash), { signal }));
  } catch {
    return null;
  }
};

export type PurchasePollingOptions = {
  hash: string;
  /** Called once, with the licence key, when the purchase is ready. */
  onReady: (licenseKey: string) => void;
  check?: PurchaseStatusCheck;
  attempts?: number;
  intervalMs?: number;
};

/**
 * The thank-you page's wait: asks for the purchase at once and then every 2 s, at most 30 times;
 * stops on success, after the last try, and when the page is left (the call in flight is
 * aborted). Each wait starts after the previous answer, so slow answers never pile up.
 */
export function usePurchasePolling({
  hash,
  onReady,
  check = checkPurchaseStatus,
  attempts = PURCHASE_POLL_ATTEMPTS,
  intervalMs = PURCHASE_POLL_INTERVAL_MS,
}: PurchasePollingOptions): PurchasePollStatus {
  const [status, setStatus] = useState<PurchasePollStatus>('polling');
  const ready = useRef(onReady);
  useEffect(() => {
    ready.current = onReady;
  }, [onReady]);

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let tries = 0;
    async function attempt() {
      tries += 1;
      const key = await check(hash, controller.signal).catch(() => null);
      if (controller.signal.aborted) return;
      if (key === KEY_WITHHELD) {
        setStatus('withheld');
      } else if (key !== null) {
        setStatus('ready');
        ready.current(key);
      } else if (tries >= attempts) {
        setStatus('gave-up');
      } else {
        timer = setTimeout(() => void attempt(), intervalMs);
      }
    }
    void attempt();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [hash, check, attempts, intervalMs]);

  return status;
}
