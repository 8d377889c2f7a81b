import { PURCHASE_POLL_ATTEMPTS, PURCHASE_POLL_INTERVAL_MS } from '@tessera/pages/constants';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  KEY_WITHHELD,
  purchaseStatusUrl,
  readPurchaseStatus,
  usePurchasePolling,
  type PurchaseStatusCheck,
} from './use-purchase-polling';

const hash = '2f9c1a7e5b3d4c8f9a0b1c2d3e4f5a6b';

function poller(n: number) {
  const calls: AbortSignal[] = [];
  const check = vi.fn<PurchaseStatusCheck>(async (_hash, signal) => {
    calls.push(signal);
    return calls.length >= n ? 'KEY-0001' : null;
  });
  return { check, calls };
}

describe('usePurchasePolling (the thank-you page waiting for its purchase)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks at once, then every 2 s, and stops at the first success', async () => {
    const { check } = poller(3);
    const onReady = vi.fn();
    const { result } = renderHook(() => usePurchasePolling({ hash, onReady, check }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(check).toHaveBeenCalledTimes(1);
    expect(check).toHaveBeenLastCalledWith(hash, expect.any(AbortSignal));
    await act(() => vi.advanceTimersByTimeAsync(PURCHASE_POLL_INTERVAL_MS - 1));
    expect(check).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(check).toHaveBeenCalledTimes(2);
    expect(result.current).toBe('polling');
    await act(() => vi.advanceTimersByTimeAsync(PURCHASE_POLL_INTERVAL_MS));
    expect(check).toHaveBeenCalledTimes(3);
    expect(result.current).toBe('ready');
    expect(onReady).toHaveBeenCalledExactlyOnceWith('KEY-0001');
    await act(() => vi.advanceTimersByTimeAsync(PURCHASE_POLL_INTERVAL_MS * 10));
    expect(check).toHaveBeenCalledTimes(3);
    expect(onReady).toHaveBeenCalledOnce();
  });

  it('stops at once, without a key, when the purchase is done but its key withheld', async () => {
    const check = vi.fn<PurchaseStatusCheck>(async () => KEY_WITHHELD);
    const onReady = vi.fn();
    const { result } = renderHook(() => usePurchasePolling({ hash, onReady, check }));
    await act(() => vi.advanceTimersByTimeAsync(PURCHASE_POLL_INTERVAL_MS * 5));
    expect(check).toHaveBeenCalledOnce();
    expect(result.current).toBe('withheld');
    expect(onReady).not.toHaveBeenCalled();
  });

  it('gives up after 30 tries', async () => {
    const { check } = poller(Infinity);
    const onReady = vi.fn();
    const { result } = renderHook(() => usePurchasePolling({ hash, onReady, check }));
    await act(() =>
      vi.advanceTimersByTimeAsync(PURCHASE_POLL_INTERVAL_MS * (PURCHASE_POLL_ATTEMPTS - 2)),
    );
    expect(check).toHaveBeenCalledTimes(PURCHASE_POLL_ATTEMPTS - 1);
    expect(result.current).toBe('polling');
    await act(() => vi.advanceTimersByTimeAsync(PURCHASE_POLL_INTERVAL_MS));
    expect(check).toHaveBeenCalledTimes(PURCHASE_POLL_ATTEMPTS);
    expect(result.current).toBe('gave-up');
    await act(() => vi.advanceTimersByTimeAsync(PURCHASE_POLL_INTERVAL_MS * 10));
    expect(check).toHaveBeenCalledTimes(PURCHASE_POLL_ATTEMPTS);
    expect(onReady).not.toHaveBeenCalled();
  });

  it('counts a failed call as a try and keeps going', async () => {
    let calls = 0;
    const check = vi.fn<PurchaseStatusCheck>(async () => {
      calls += 1;
      if (calls === 1) throw new TypeError('network down');
      return calls === 2 ? 'KEY-0002' : null;
    });
    const onReady = vi.fn();
    const { result } = renderHook(() => usePurchasePolling({ hash, onReady, check }));
    await act(() => vi.advanceTimersByTimeAsync(PURCHASE_POLL_INTERVAL_MS));
    expect(result.current).toBe('ready');
    expect(onReady).toHaveBeenCalledWith('KEY-0002');
  });

  it('stops when the page is left, aborting the call in flight', async () => {
    const { check, calls } = poller(Infinity);
    const { unmount } = renderHook(() => usePurchasePolling({ hash, onReady: vi.fn(), check }));
    await act(() => vi.advanceTimersByTimeAsync(PURCHASE_POLL_INTERVAL_MS * 2));
    expect(check).toHaveBeenCalledTimes(3);
    unmount();
    expect(calls.at(-1)?.aborted).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(PURCHASE_POLL_INTERVAL_MS * 10));
    expect(check).toHaveBeenCalledTimes(3);
  });

  it('never reports an answer that arrives after the page was left', async () => {
    let answer: (key: string | null) => void = () => {};
    const check = vi.fn<PurchaseStatusCheck>(() => new Promise((resolve) => (answer = resolve)));
    const onReady = vi.fn();
    const { unmount } = renderHook(() => usePurchasePolling({ hash, onReady, check }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    unmount();
    answer('KEY-LATE');
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(onReady).not.toHaveBeenCalled();
  });
});

describe('readPurchaseStatus', () => {
  it('is the licence key of a 2xx answer, else null', () => {
    expect(readPurchaseStatus({ ok: true, data: { license_key: 'ABCD-EFGH' } })).toBe('ABCD-EFGH');
    expect(readPurchaseStatus({ ok: false, data: { license_key: 'ABCD-EFGH' } })).toBeNull();
    expect(readPurchaseStatus({ ok: true, data: { license_key: '' } })).toBeNull();
    expect(readPurchaseStatus({ ok: true, data: { license_key: 42 } })).toBeNull();
    expect(readPurchaseStatus({ ok: true, data: { status: 'pending' } })).toBeNull();
    expect(readPurchaseStatus({ ok: true, data: null })).toBeNull();
  });

  it('tells a purchase whose key is withheld from one not ready', () => {
    for (const withheld of ['claimed', 'expired'])
      expect(readPurchaseStatus({ ok: true, data: { license_key: null, withheld } })).toBe(
        KEY_WITHHELD,
      );
    expect(readPurchaseStatus({ ok: true, data: { license_key: null } })).toBeNull();
    expect(
      readPurchaseStatus({ ok: false, data: { license_key: null, withheld: 'claimed' } }),
    ).toBeNull();
  });

  it('polls a path the hash cannot escape', () => {
    expect(purchaseStatusUrl('a/../b?c')).toBe('/paddle-purchases/a%2F..%2Fb%3Fc');
  });
});
