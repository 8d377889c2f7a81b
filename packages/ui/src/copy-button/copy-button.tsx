import { useEffect, useRef, useState } from 'react';
import type * as React from 'react';
import { Button, type ButtonProps } from '../button/button';

/**
 * How long 'Copied!' shows after a successful copy: long enough to read, gone before the next copy.
 */
export const COPIED_INDICATOR_MS = 1500;

export type CopyButtonProps = Omit<ButtonProps, 'children' | 'onClick'> & {
  /** The text written to the clipboard. */
  text: string;
  label?: string;
  onCopied?: () => void;
  onClick?: React.MouseEventHandler<HTMLButtonElement>;
};

function ClipboardIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
      <path
        fillRule="evenodd"
        d="M13.887 3.182c.396.037.79.08 1.183.128C16.194 3.45 17 4.414 17 5.517V16.75A2.25 2.25 0 0 1 14.75 19h-9.5A2.25 2.25 0 0 1 3 16.75V5.517c0-1.103.806-2.068 1.93-2.207.393-.048.787-.09 1.183-.128A3.001 3.001 0 0 1 9 1h2c1.373 0 2.531.923 2.887 2.182ZM7.5 4A1.5 1.5 0 0 1 9 2.5h2A1.5 1.5 0 0 1 12.5 4v.5h-5V4Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
      <path
        fillRule="evenodd"
        d="M16.704 4.153a.75.75 0 0 1 .143 1.052l-8 10.5a.75.75 0 0 1-1.127.075l-4.5-4.5a.75.75 0 0 1 1.06-1.06l3.894 3.893 7.48-9.817a.75.75 0 0 1 1.05-.143Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

/** Copies `text` to the clipboard and confirms with 'Copied!' for {@link COPIED_INDICATOR_MS}. */
export function CopyButton({
  text,
  label = 'Copy',
  onCopied,
  onClick,
  variant = 'secondary',
  size = 'sm',
  ...props
}: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy(event: React.MouseEvent<HTMLButtonElement>) {
    onClick?.(event);
    if (event.defaultPrevented) return;
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // Clipboard access denied (no permission, insecure context): nothing was copied, so no
      // confirmation; the text stays visible for the user to copy by hand.
      return;
    }
    clearTimeout(timer.current);
    setCopied(true);
    onCopied?.();
    timer.current = setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
  }

  return (
    <>
      <Button
        data-slot="copy-button"
        data-copied={copied || undefined}
        variant={variant}
        size={size}
        onClick={copy}
        {...props}
      >
        {copied ? <CheckIcon /> : <ClipboardIcon />}
        {copied ? 'Copied!' : label}
      </Button>
      {/* A separate live region: a button's own name change is not reliably announced. */}
      <span role="status" className="sr-only">
        {copied ? 'Copied!' : ''}
      </span>
    </>
  );
}
