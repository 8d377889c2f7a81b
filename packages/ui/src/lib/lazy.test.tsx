import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { loadOnce, useLoaded } from './lazy';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe('loadOnce', () => {
  it('asks a loader once however many callers want it', async () => {
    const load = vi.fn(() => Promise.resolve('chunk'));
    const [a, b] = [loadOnce(load), loadOnce(load)];
    expect(a).toBe(b);
    await expect(a).resolves.toBe('chunk');
    await loadOnce(load);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failure, so the next call asks again', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('chunk');
    await expect(loadOnce(load)).rejects.toThrow('offline');
    await expect(loadOnce(load)).resolves.toBe('chunk');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

function Probe(props: {
  load: (() => Promise<string>) | undefined;
  wanted: boolean;
  onFailed?: () => void;
}) {
  const value = useLoaded(props.load, props.wanted, props.onFailed);
  return <output>{value ?? 'trigger'}</output>;
}

describe('useLoaded', () => {
  it('renders null on the server and asks for nothing there', () => {
    const load = vi.fn(() => Promise.resolve('loaded'));
    expect(renderToString(<Probe load={load} wanted />)).toBe('<output>trigger</output>');
    expect(load).not.toHaveBeenCalled();
  });

  it('loads only once wanted, then gives the value', async () => {
    const pending = deferred<string>();
    const load = vi.fn(() => pending.promise);
    const { rerender } = render(<Probe load={load} wanted={false} />);
    expect(load).not.toHaveBeenCalled();
    rerender(<Probe load={load} wanted />);
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status')).toHaveTextContent('trigger');
    await act(async () => pending.resolve('loaded'));
    expect(screen.getByRole('status')).toHaveTextContent('loaded');
  });

  it('gives null again while a new loader is on its way (no stale value)', async () => {
    const { rerender } = render(<Probe load={() => Promise.resolve('first')} wanted />);
    await screen.findByText('first');
    const next = deferred<string>();
    rerender(<Probe load={() => next.promise} wanted />);
    expect(screen.getByRole('status')).toHaveTextContent('trigger');
    await act(async () => next.resolve('second'));
    expect(screen.getByRole('status')).toHaveTextContent('second');
  });

  it('says when it cannot load, and wanting it again retries', async () => {
    const onFailed = vi.fn();
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('loaded');
    const { rerender } = render(<Probe load={load} wanted onFailed={onFailed} />);
    await vi.waitFor(() => expect(onFailed).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('status')).toHaveTextContent('trigger');
    rerender(<Probe load={load} wanted={false} onFailed={onFailed} />);
    rerender(<Probe load={load} wanted onFailed={onFailed} />);
    await screen.findByText('loaded');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
