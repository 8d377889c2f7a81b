import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INVITE_RESET_INDICATOR_MS } from '../constants';
import { useInviteLinkReset } from './use-invite-link-reset';

describe('useInviteLinkReset', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the indicator until 500 ms after the request finished', () => {
    let done = () => {};
    const reset = vi.fn((finish: () => void) => {
      done = finish;
    });
    const { result } = renderHook(() => useInviteLinkReset(reset));
    expect(result.current.resetting).toBe(false);

    act(() => result.current.onReset());
    expect(reset).toHaveBeenCalledOnce();
    expect(result.current.resetting).toBe(true);

    // A slow request keeps the indicator however long it takes.
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current.resetting).toBe(true);

    act(() => done());
    act(() => vi.advanceTimersByTime(INVITE_RESET_INDICATOR_MS - 1));
    expect(result.current.resetting).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.resetting).toBe(false);
  });

  it('starts one reset at a time, so a double click cannot invalidate the new link', () => {
    let done = () => {};
    const reset = vi.fn((finish: () => void) => {
      done = finish;
    });
    const { result } = renderHook(() => useInviteLinkReset(reset));
    act(() => {
      result.current.onReset();
      result.current.onReset();
    });
    expect(reset).toHaveBeenCalledOnce();
    act(() => done());
    act(() => result.current.onReset());
    expect(reset).toHaveBeenCalledOnce();
    act(() => vi.advanceTimersByTime(INVITE_RESET_INDICATOR_MS));
    act(() => result.current.onReset());
    expect(reset).toHaveBeenCalledTimes(2);
  });

  it('leaves no timer running after unmount', () => {
    const { result, unmount } = renderHook(() => useInviteLinkReset((finish) => finish()));
    act(() => result.current.onReset());
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
