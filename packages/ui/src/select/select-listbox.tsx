import {
  autoUpdate,
  flip,
  FloatingFocusManager,
  offset,
  size,
  useClick,
  useDismiss,
  useFloating,
  useInteractions,
  useListNavigation,
  useRole,
  useTypeahead,
} from '@floating-ui/react';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import type * as React from 'react';
import { cn } from '../lib/cn';
import { TYPEAHEAD_RESET_MS } from '../lib/typeahead';
import type { SelectOption } from './select';

export type SelectListboxProps = {
  options: SelectOption[];
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  /** The trigger `Select` draws; Floating UI positions against it and handles its events. */
  reference: HTMLButtonElement | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where the trigger's event handlers go: `Select` forwards its trigger's events to them. */
  handlersRef: React.RefObject<Record<string, unknown>>;
  labelId: string;
  listboxId: string;
};

/**
 * The select's Floating UI half (positioning, focus, list navigation, type-ahead), a chunk of
 * its own that `Select` loads when the visitor first reaches for it (decision 057). It attaches
 * to the trigger `Select` has drawn since the server's HTML, so that element never changes.
 */
export function SelectListbox({
  options,
  value,
  onChange,
  disabled,
  reference,
  open,
  onOpenChange: setOpen,
  handlersRef,
  labelId,
  listboxId,
}: SelectListboxProps) {
  const selectedIndex = options.findIndex((option) => option.value === value);
  // Opened before this module was there (a press or a key): the chosen option has the focus, as
  // when the list opens by keyboard.
  const [activeIndex, setActiveIndex] = useState<number | null>(() => {
    if (!open) return null;
    const first = options.findIndex((option) => !option.disabled);
    return selectedIndex !== -1 ? selectedIndex : first === -1 ? null : first;
  });
  const listRef = useRef<Array<HTMLElement | null>>([]);
  const [typing, setTyping] = useState(false);
  // Type-ahead reads `.current` on each key press; disabled options can never match.
  const labelsRef = useMemo(
    () => ({ current: options.map((option) => (option.disabled ? null : option.label)) }),
    [options],
  );

  const {
    refs: { setReference, setFloating },
    floatingStyles,
    context,
  } = useFloating({
    open,
    onOpenChange: setOpen,
    // Rendered in place, not portalled: the DOM order keeps Tab natural and no focus guards
    // are needed; 'fixed' escapes overflow-hidden ancestors.
    strategy: 'fixed',
    placement: 'bottom-start',
    middleware: [
      offset(4),
      flip({ padding: 8 }),
      size({
        padding: 8,
        apply({ rects, availableHeight, elements }) {
          Object.assign(elements.floating.style, {
            width: `${rects.reference.width}px`,
            maxHeight: `${Math.min(availableHeight, 240)}px`,
          });
        },
      }),
    ],
    whileElementsMounted: autoUpdate,
  });

  function choose(index: number) {
    const option = options[index];
    if (!option || option.disabled) return;
    if (option.value !== value) onChange(option.value);
    setOpen(false);
  }

  const { getReferenceProps, getFloatingProps, getItemProps } = useInteractions([
    useClick(context, { event: 'mousedown', enabled: !disabled }),
    useRole(context, { role: 'select' }),
    useDismiss(context),
    useListNavigation(context, {
      listRef,
      activeIndex,
      selectedIndex: selectedIndex === -1 ? null : selectedIndex,
      onNavigate: setActiveIndex,
      enabled: !disabled,
    }),
    useTypeahead(context, {
      listRef: labelsRef,
      activeIndex,
      selectedIndex: selectedIndex === -1 ? null : selectedIndex,
      // Closed, type-ahead picks the match straight away, like a native <select>.
      onMatch: open ? setActiveIndex : choose,
      // While typing, Space is part of the search string and must not choose.
      onTypingChange: setTyping,
      resetMs: TYPEAHEAD_RESET_MS,
      enabled: !disabled,
    }),
  ]);

  useLayoutEffect(() => {
    setReference(reference);
  }, [reference, setReference]);
  // Read by the trigger's forwarding handlers on its next event.
  const referenceProps = getReferenceProps();
  useLayoutEffect(() => {
    handlersRef.current = referenceProps;
  });

  return (
    <>
      {open ? (
        <FloatingFocusManager context={context} modal={false}>
          <div
            ref={setFloating}
            data-slot="select-listbox"
            aria-labelledby={labelId}
            style={floatingStyles}
            className="z-50 overflow-auto rounded-control bg-white py-1 text-sm shadow-lg ring-1 ring-gray-900/5 outline-none"
            {...getFloatingProps()}
            id={listboxId}
          >
            {options.map((option, index) => {
              const isSelected = index === selectedIndex;
              return (
                <div
                  key={option.value}
                  ref={(node) => {
                    listRef.current[index] = node;
                  }}
                  data-slot="select-option"
                  tabIndex={index === activeIndex ? 0 : -1}
                  aria-disabled={option.disabled || undefined}
                  className={cn(
                    'group relative cursor-default py-2 pr-9 pl-3 text-gray-900 outline-none select-none',
                    'focus:bg-brand-600 focus:text-white',
                    'aria-disabled:cursor-not-allowed aria-disabled:text-gray-500',
                    isSelected && 'font-semibold',
                  )}
                  {...getItemProps({
                    active: index === activeIndex,
                    selected: isSelected,
                    onClick: () => choose(index),
                    onKeyDown(event) {
                      if (event.key === 'Enter' || (event.key === ' ' && !typing)) {
                        event.preventDefault();
                        choose(index);
                      }
                    },
                  })}
                >
                  <span className="block truncate">{option.label}</span>
                  {isSelected ? (
                    <span className="absolute inset-y-0 right-0 flex items-center pr-3 text-brand-600 group-focus:text-white">
                      <svg
                        viewBox="0 0 20 20"
                        fill="currentColor"
                        aria-hidden="true"
                        className="size-5"
                      >
                        <path
                          fillRule="evenodd"
                          d="M16.704 4.153a.75.75 0 0 1 .143 1.052l-8 10.5a.75.75 0 0 1-1.127.075l-4.5-4.5a.75.75 0 0 1 1.06-1.06l3.894 3.893 7.48-9.817a.75.75 0 0 1 1.05-.143Z"
                          clipRule="evenodd"
                        />
                      </svg>
                    </span>
                  ) : null}
                </div>
              );
            })}
          </div>
        </FloatingFocusManager>
      ) : null}
    </>
  );
}
