import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CopyButton } from './copy-button';

const writeText = vi.fn<(text: string) => Promise<void>>();

beforeEach(() => {
  vi.useFakeTimers();
  writeText.mockReset().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});

afterEach(() => {
  vi.useRealTimers();
});

async function click(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

describe('CopyButton', () => {
  it('writes the text and shows Copied! for 1500 ms, then reverts', async () => {
    const onCopied = vi.fn();
    render(<CopyButton text="https://example.com/teams/1/join/abc" onCopied={onCopied} />);

    await click('Copy');
    expect(writeText).toHaveBeenCalledWith('https://example.com/teams/1/join/abc');
    expect(onCopied).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Copied!');

    // 1500 ms, written out: a test that read the constant would follow it anywhere.
    act(() => vi.advanceTimersByTime(1499));
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Copied!');

    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('restarts the 1500 ms when copied again before it ends', async () => {
    render(<CopyButton text="abc" label="Copy invite link" />);
    await click('Copy invite link');
    act(() => vi.advanceTimersByTime(1000));
    await click('Copied!');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByRole('button', { name: 'Copy invite link' })).toBeInTheDocument();
  });

  it('shows no confirmation when the clipboard refuses', async () => {
    writeText.mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    const onCopied = vi.fn();
    render(<CopyButton text="abc" onCopied={onCopied} />);
    await click('Copy');
    expect(onCopied).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it('does not update after unmounting mid-indicator', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { unmount } = render(<CopyButton text="abc" />);
    await click('Copy');
    unmount();
    act(() => vi.advanceTimersByTime(1500));
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});
