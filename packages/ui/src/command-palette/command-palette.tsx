import {
  FloatingFocusManager,
  FloatingOverlay,
  FloatingPortal,
  useClick,
  useDismiss,
  useFloating,
  useInteractions,
  useListNavigation,
  useMergeRefs,
  useRole,
  type FloatingRootContext,
} from '@floating-ui/react';
import { useEffect, useEffectEvent, useId, useMemo, useRef, useState } from 'react';
import type * as React from 'react';
import { Button } from '../button/button';
import { cn } from '../lib/cn';
import {
  createCommandPaletteSearch,
  type CommandPaletteItem,
  type CommandPaletteSearch,
} from './search';

export type { CommandPaletteItem } from './search';

/** The palette shows the best results only; the list scrolls within about 18rem. */
const RESULT_LIMIT = 50;

export type CommandPaletteProps = {
  items: CommandPaletteItem[];
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

  const search = useMemo(() => createCommandPaletteSearch(items), [items]);

  const {
    refs: { setReference, setFloating },
    context,
  } = useFloating({ open, onOpenChange: setOpen });
  const { getReferenceProps, getFloatingProps } = useInteractions([
    useClick(context),
    useDismiss(context, { outsidePressEvent: 'mousedown' }),
    useRole(context, { role: 'dialog' }),
  ]);

  const onShortcut = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.altKey) return;
    if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k') {
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
        ref={setReference}
        variant="secondary"
        data-slot="command-palette-trigger"
        aria-keyshortcuts="Control+K Meta+K /"
        className={cn(
          'h-9 w-full min-w-0 shrink justify-start gap-2 px-3 font-normal text-gray-500 ring-gray-200 hover:text-gray-700 hover:ring-gray-300 sm:w-64',
          className,
        )}
        {...getReferenceProps()}
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
      {open ? (
        <CommandPaletteDialog
          context={context}
          floatingRef={setFloating}
          floatingProps={getFloatingProps()}
          search={search}
          placeholder={placeholder}
          onChoose={(item) => {
            onSelect(item);
            setOpen(false);
          }}
        />
      ) : null}
    </>
  );
}

type Group = { category: string; options: Array<{ item: CommandPaletteItem; index: number }> };

/**
 * Labels runs of ranked results by category. A group is a run of neighbours, never a gathering:
 * gathering a category's results would lift its weaker matches above a better one of another
 * category, and the spec's tier order decides the order.
 */
export function groupByCategory(items: CommandPaletteItem[]): Group[] {
  const groups: Group[] = [];
  items.forEach((item, index) => {
    const last = groups.at(-1);
    if (last?.category === item.category) last.options.push({ item, index });
    else groups.push({ category: item.category, options: [{ item, index }] });
  });
  return groups;
}

function CommandPaletteDialog({
  context,
  floatingRef,
  floatingProps,
  search,
  placeholder,
  onChoose,
}: {
  context: FloatingRootContext;
  floatingRef: (node: HTMLElement | null) => void;
  floatingProps: Record<string, unknown>;
  search: CommandPaletteSearch;
  placeholder: string;
  onChoose: (item: CommandPaletteItem) => void;
}) {
  const [query, setQuery] = useState('');
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<Array<HTMLElement | null>>([]);
  const id = useId();

  const groups = useMemo(
    () => groupByCategory(search(query, RESULT_LIMIT).map((result) => result.item)),
    [search, query],
  );
  const options = groups.flatMap((group) => group.options);
  const active = activeIndex !== null && activeIndex < options.length ? activeIndex : null;
  const searching = query.trim() !== '';

  // The results list is a second floating context so useListNavigation can drive
  // aria-activedescendant on the input while focus stays in it.
  const {
    refs: { setReference: setListReference, setFloating: setListFloating },
    context: listContext,
  } = useFloating({ open: options.length > 0 });
  const { getReferenceProps, getFloatingProps, getItemProps } = useInteractions([
    useRole(listContext, { role: 'listbox' }),
    useListNavigation(listContext, {
      listRef,
      activeIndex: active,
      onNavigate: setActiveIndex,
      virtual: true,
      loop: true,
      openOnArrowKeyDown: false,
    }),
  ]);
  const inputRefs = useMergeRefs([inputRef, setListReference]);

  function choose(index: number | null) {
    const option = index === null ? undefined : options[index];
    if (option) onChoose(option.item);
  }

  return (
    <FloatingPortal>
      <FloatingOverlay
        lockScroll
        data-slot="command-palette-overlay"
        className="z-50 overflow-y-auto bg-gray-500/25 p-4 sm:p-6 md:p-20"
      >
        <FloatingFocusManager context={context} initialFocus={inputRef} guards={false}>
          <div
            ref={floatingRef}
            data-slot="command-palette"
            aria-modal="true"
            aria-label="Search"
            className="mx-auto max-w-xl overflow-hidden rounded-xl bg-white shadow-2xl ring-1 ring-gray-900/5 outline-none"
            {...floatingProps}
          >
            <div className="grid grid-cols-1">
              <input
                ref={inputRefs}
                type="text"
                aria-label="Search"
                aria-autocomplete="list"
                autoComplete="off"
                spellCheck={false}
                placeholder={placeholder}
                value={query}
                className="col-start-1 row-start-1 h-12 w-full bg-transparent pr-4 pl-11 text-base text-gray-900 outline-none placeholder:text-gray-500 sm:text-sm"
                {...getReferenceProps({
                  onChange(event: React.ChangeEvent<HTMLInputElement>) {
                    setQuery(event.target.value);
                    setActiveIndex(0);
                  },
                  onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
                    if (event.key === 'Enter' && active !== null) {
                      event.preventDefault();
                      choose(active);
                    }
                  },
                })}
              />
              <MagnifyingGlassIcon className="pointer-events-none col-start-1 row-start-1 ml-4 size-5 self-center text-gray-400" />
            </div>

            {options.length > 0 ? (
              <div
                ref={setListFloating}
                aria-label="Results"
                className="max-h-72 scroll-py-2 overflow-y-auto border-t border-gray-100 py-2"
                {...getFloatingProps()}
              >
                {groups.map((group, groupIndex) => {
                  const labelId = `${id}-group-${groupIndex}`;
                  return (
                    <div
                      key={`${groupIndex}-${group.category}`}
                      role="group"
                      aria-labelledby={labelId}
                    >
                      <div
                        id={labelId}
                        role="presentation"
                        className="px-4 pt-3 pb-1 text-xs font-semibold text-gray-500"
                      >
                        {group.category}
                      </div>
                      {group.options.map(({ item, index }) => (
                        <div
                          key={`${item.url}\u0000${item.name}`}
                          ref={(node) => {
                            listRef.current[index] = node;
                          }}
                          id={`${id}-option-${index}`}
                          role="option"
                          aria-selected={index === active}
                          className="mx-2 flex cursor-default items-center gap-3 rounded-md px-3 py-2 text-sm text-gray-900 select-none aria-selected:bg-brand-600 aria-selected:text-white"
                          {...getItemProps({ onClick: () => choose(index) })}
                        >
                          <span className="flex-auto truncate">{item.name}</span>
                          {index === active ? (
                            <svg
                              viewBox="0 0 20 20"
                              fill="currentColor"
                              aria-hidden="true"
                              className="size-5 flex-none"
                            >
                              <path
                                fillRule="evenodd"
                                d="M8.22 5.22a.75.75 0 0 1 1.06 0l4.25 4.25a.75.75 0 0 1 0 1.06l-4.25 4.25a.75.75 0 0 1-1.06-1.06L11.94 10 8.22 6.28a.75.75 0 0 1 0-1.06Z"
                                clipRule="evenodd"
                              />
                            </svg>
                          ) : null}
                        </div>
                      ))}
                    </div>
                  );
                })}
              </div>
            ) : null}

            <div role="status">
              {searching && options.length === 0 ? (
                <div className="border-t border-gray-100 px-6 py-14 text-center sm:px-14">
                  <svg
                    viewBox="0 0 24 24"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.5"
                    aria-hidden="true"
                    className="mx-auto size-6 text-gray-400"
                  >
                    <path
                      strokeLinecap="round"
                      strokeLinejoin="round"
                      d="M12 9v3.75m9-.75a9 9 0 1 1-18 0 9 9 0 0 1 18 0Zm-9 3.75h.008v.008H12v-.008Z"
                    />
                  </svg>
                  <p className="mt-4 font-semibold text-gray-900">No results found</p>
                  <p className="mt-2 text-sm text-gray-600">
                    We can’t find anything with that term at the moment, try searching something
                    else.
                  </p>
                </div>
              ) : null}
            </div>

            <div className="flex flex-wrap items-center gap-x-4 gap-y-1 border-t border-gray-100 bg-gray-50 px-4 py-2.5 text-xs text-gray-600">
              <span>
                <Kbd>↵</Kbd> to select
              </span>
              <span>
                <Kbd>↑</Kbd> <Kbd>↓</Kbd> to navigate
              </span>
              <span>
                <Kbd>esc</Kbd> to close
              </span>
            </div>
          </div>
        </FloatingFocusManager>
      </FloatingOverlay>
    </FloatingPortal>
  );
}

function Kbd({ children }: { children: React.ReactNode }) {
  return (
    <kbd className="mx-0.5 inline-flex min-w-5 items-center justify-center rounded border border-gray-300 bg-white px-1 font-sans font-semibold text-gray-700">
      {children}
    </kbd>
  );
}

function MagnifyingGlassIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className={className}>
      <path
        fillRule="evenodd"
        d="M9 3.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11ZM2 9a7 7 0 1 1 12.452 4.391l3.328 3.329a.75.75 0 1 1-1.06 1.06l-3.329-3.328A7 7 0 0 1 2 9Z"
        clipRule="evenodd"
      />
    </svg>
  );
}
