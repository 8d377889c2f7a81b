import { lazy, Suspense, useEffect, useEffectEvent, useId, useState } from 'react';
import { Button } from '../button/button';
import { cn } from '../lib/cn';
import { loadOnce, useLoaded } from '../lib/lazy';
import { MagnifyingGlassIcon } from './icons';
import type { CommandPaletteItem } from './search';

export type { CommandPaletteItem } from './search';

/**
 * The palette's items, or how to get them: the storefront fetches them on first open (a
 * cacheable JSON document), so no page carries them in its HTML.
 */
export type CommandPaletteItems =
  readonly CommandPaletteItem[] | (() => Promise<readonly CommandPaletteItem[]>);

export type CommandPaletteProps = {
  items: CommandPaletteItems;
  /** Called with the chosen item (the storefront navigates to `item.url`); the palette closes. */
  onSelect: (item: CommandPaletteItem) => void;
  placeholder?: string;
  /** Controlled mode: pass both, or neither for the palette to manage itself. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The shortcut shown on the trigger. A prop, not platform sniffing, so renders are deterministic. */
  shortcutHint?: string;
  /** Classes for the trigger button. */
  className?: string;
};

/** Whether a '/' typed here is text, not the palette shortcut. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  return (
    target.matches('input, textarea, select') ||
    target.closest('[contenteditable]:not([contenteditable="false"])') !== null
  );
}

// The dialog (Floating UI, the search and Fuse) is a chunk of its own, fetched on first open or
// as soon as the visitor shows the intent to open (pointer over or focus on the trigger, Ctrl or
// Cmd held down), so a page loads only the trigger and this key handler.
const importDialog = () => import('./command-palette-dialog');
const loadDialog = () => loadOnce(importDialog);
const LazyDialog = lazy(loadDialog);

/** Starts fetching what the dialog needs, without opening it. */
function prepare(source: CommandPaletteItems) {
  void loadDialog().catch(() => undefined);
  if (typeof source === 'function') void loadOnce(source).catch(() => undefined);
}

export function CommandPalette({
  items,
  onSelect,
  placeholder = 'Search components, templates and docs…',
  open: controlledOpen,
  onOpenChange,
  shortcutHint = 'Ctrl K',
  className,
}: CommandPaletteProps) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(false);
  const open = controlledOpen ?? uncontrolledOpen;
  function setOpen(next: boolean) {
    if (controlledOpen === undefined) setUncontrolledOpen(next);
    onOpenChange?.(next);
  }
  const [trigger, setTrigger] = useState<HTMLButtonElement | null>(null);
  const dialogId = useId();

  // Between the open and the dialog's arrival (its chunk, the items: a moment on the first open
  // only), what the visitor types is kept and becomes the search, as if the input had been there.
  const [mounted, setMounted] = useState(false);
  const [typedAhead, setTypedAhead] = useState('');
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (!open) {
      setMounted(false);
      setTypedAhead('');
    }
  }
  useEffect(() => {
    if (!open || mounted) return;
    const collect = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key.length !== 1) return;
      event.preventDefault();
      setTypedAhead((typed) => typed + event.key);
    };
    document.addEventListener('keydown', collect);
    return () => document.removeEventListener('keydown', collect);
  }, [open, mounted]);

  // Items given as an array are ready; a loader's items arrive with the first open. Items that
  // cannot be fetched (offline, a deploy in between): the palette closes, and the next open asks
  // again.
  const fetched = useLoaded(typeof items === 'function' ? items : undefined, open, () =>
    setOpen(false),
  );
  const ready = typeof items === 'function' ? fetched : items;

  const onShortcut = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.altKey) return;
    if (event.key === 'Control' || event.key === 'Meta') {
      prepare(items);
    } else if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k') {
      event.preventDefault();
      setOpen(!open);
    } else if (
      event.key === '/' &&
      !event.metaKey &&
      !event.ctrlKey &&
      !open &&
      !isTypingTarget(event.target)
    ) {
      event.preventDefault();
      setOpen(true);
    }
  });
  useEffect(() => {
    document.addEventListener('keydown', onShortcut);
    return () => document.removeEventListener('keydown', onShortcut);
  }, []);

  return (
    <>
      <Button
        ref={setTrigger}
        variant="secondary"
        data-slot="command-palette-trigger"
        aria-keyshortcuts="Control+K Meta+K /"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open && ready ? dialogId : undefined}
        className={cn(
          'h-9 w-full min-w-0 shrink justify-start gap-2 px-3 font-normal text-gray-500 ring-gray-200 hover:text-gray-700 hover:ring-gray-300 sm:w-64',
          className,
        )}
        onPointerEnter={() => prepare(items)}
        onFocus={() => prepare(items)}
        onClick={() => setOpen(!open)}
      >
        <MagnifyingGlassIcon />
        <span className="min-w-0 flex-1 truncate text-left">Search</span>
        {/* Phones have no keyboard shortcut to offer. */}
        <kbd
          aria-hidden="true"
          className="hidden font-sans text-xs font-semibold text-gray-500 sm:inline"
        >
          {shortcutHint}
        </kbd>
      </Button>
      {open && ready ? (
        <Suspense fallback={null}>
          <LazyDialog
            reference={trigger}
            id={dialogId}
            items={ready}
            placeholder={placeholder}
            initialQuery={typedAhead}
            onReady={() => setMounted(true)}
            onOpenChange={setOpen}
            onChoose={(item) => {
              onSelect(item);
              setOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
