// The palette's dialog: Floating UI's focus management and list navigation, the search and its
// index. Loaded on first open (or when the visitor shows the intent to open: hover, focus,
// Ctrl/Cmd held), never with the page: see command-palette.tsx.
import {
  FloatingFocusManager,
  FloatingOverlay,
  FloatingPortal,
  useDismiss,
  useFloating,
  useInteractions,
  useListNavigation,
  useMergeRefs,
  useRole,
} from '@floating-ui/react';
import { useEffect, useEffectEvent, useId, useMemo, useRef, useState } from 'react';
import type * as React from 'react';
import { createCommandPaletteSearch, type CommandPaletteItem } from './search';
import { groupByCategory, labelledGroups } from './grouping';
import {
  browserStorage,
  readRecent,
  recentItems,
  RECENT_LABEL,
  rememberRecent,
  suggestedItems,
  SUGGESTED_LABEL,
} from './recent';
import { MagnifyingGlassIcon } from './icons';

/** The palette shows the best results only; the list scrolls within about 18rem. */
const RESULT_LIMIT = 50;

export type CommandPaletteDialogProps = {
  /** The trigger: focus returns to it on close. */
  reference: Element | null;
  /** The id the trigger's aria-controls names. */
  id: string;
  items: readonly CommandPaletteItem[];
  placeholder: string;
  /** What the visitor typed while this chunk was on its way: the search starts with it. */
  initialQuery?: string;
  /** Called once mounted: the trigger stops collecting keystrokes for it. */
  onReady?: () => void;
  onOpenChange: (open: boolean) => void;
  onChoose: (item: CommandPaletteItem) => void;
};

// One search per items array, kept across opens: the index is built once, on first open.
const searches = new WeakMap<
  readonly CommandPaletteItem[],
  ReturnType<typeof createCommandPaletteSearch>
>();

export default function CommandPaletteDialog({
  reference,
  id: dialogId,
  items,
  placeholder,
  initialQuery = '',
  onReady,
  onOpenChange,
  onChoose,
}: CommandPaletteDialogProps) {
  const {
    refs: { setFloating },
    context,
  } = useFloating({
    open: true,
    onOpenChange,
    elements: { reference },
  });
  const { getFloatingProps: getDialogProps } = useInteractions([
    useDismiss(context, { outsidePressEvent: 'mousedown' }),
    useRole(context, { role: 'dialog' }),
  ]);
  const search = useMemo(() => {
    let found = searches.get(items);
    if (!found) {
      found = createCommandPaletteSearch(items);
      searches.set(items, found);
    }
    return found;
  }, [items]);

  const [query, setQuery] = useState(initialQuery);
  const [activeIndex, setActiveIndex] = useState<number | null>(initialQuery ? 0 : null);
  const ready = useEffectEvent(() => onReady?.());
  useEffect(() => ready(), []);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<Array<HTMLElement | null>>([]);
  const id = useId();

  const searching = query.trim() !== '';
  // Read once per open: what is chosen now is recent the next time the palette opens.
  const [recent] = useState(() => recentItems(items, readRecent(browserStorage())));
  const groups = useMemo(
    () =>
      searching
        ? groupByCategory(search(query, RESULT_LIMIT).map((result) => result.item))
        : labelledGroups([
            [RECENT_LABEL, recent],
            [SUGGESTED_LABEL, suggestedItems(items, recent)],
          ]),
    [search, query, searching, items, recent],
  );
  const options = groups.flatMap((group) => group.options);
  const active = activeIndex !== null && activeIndex < options.length ? activeIndex : null;

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
    if (!option) return;
    rememberRecent(browserStorage(), option.item);
    onChoose(option.item);
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
            ref={setFloating}
            data-slot="command-palette"
            aria-modal="true"
            aria-label="Search"
            className="mx-auto max-w-xl overflow-hidden rounded-xl bg-white shadow-2xl ring-1 ring-gray-900/5 outline-none"
            {...getDialogProps()}
            id={dialogId}
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
                    // Typing selects the best result; clearing the query selects nothing.
                    setActiveIndex(event.target.value.trim() === '' ? null : 0);
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
