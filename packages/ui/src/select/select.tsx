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
import { useId, useMemo, useRef, useState } from 'react';
import type * as React from 'react';
import { cn } from '../lib/cn';
import { TYPEAHEAD_RESET_MS } from '../lib/typeahead';

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectProps = {
  label: string;
  options: SelectOption[];
  value: string;
  onChange: (value: string) => void;
  /** Renders a hidden input with this name, so the value is submitted with a form. */
  name?: string;
  error?: string;
  hint?: React.ReactNode;
  disabled?: boolean;
  /** Keeps the label for assistive technology only (e.g. a toolbar's code-language switch). */
  labelHidden?: boolean;
  /** Shown when `value` matches no option. */
  placeholder?: string;
  id?: string;
  className?: string;
};

export function Select({
  label,
  options,
  value,
  onChange,
  name,
  error,
  hint,
  disabled = false,
  labelHidden = false,
  placeholder = 'Select…',
  id,
  className,
}: SelectProps) {
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  const listRef = useRef<Array<HTMLElement | null>>([]);
  const [typing, setTyping] = useState(false);
  // Type-ahead reads `.current` on each key press; disabled options can never match.
  const labelsRef = useMemo(
    () => ({ current: options.map((option) => (option.disabled ? null : option.label)) }),
    [options],
  );

  const generatedId = useId();
  const triggerId = id ?? `${generatedId}-trigger`;
  const labelId = `${generatedId}-label`;
  const hintId = `${generatedId}-hint`;
  const errorId = `${generatedId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');

  const selectedIndex = options.findIndex((option) => option.value === value);
  const selected = options[selectedIndex];

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

  return (
    <div data-slot="select" className={cn('grid w-full gap-2', className)}>
      <label
        id={labelId}
        htmlFor={triggerId}
        className={cn('text-sm/6 font-medium text-gray-900', labelHidden && 'sr-only')}
      >
        {label}
      </label>
      <button
        ref={setReference}
        id={triggerId}
        type="button"
        disabled={disabled}
        aria-labelledby={labelId}
        aria-describedby={describedBy || undefined}
        aria-invalid={error ? true : undefined}
        className={cn(
          'grid w-full cursor-default grid-cols-1 rounded-control bg-white py-2 pr-2 pl-3 text-left text-base text-gray-900 outline-1 -outline-offset-1 outline-gray-300 sm:text-sm/6',
          'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600',
          'disabled:cursor-not-allowed disabled:bg-gray-50 disabled:text-gray-500',
          'aria-invalid:outline-red-300 aria-invalid:focus-visible:outline-red-600',
        )}
        {...getReferenceProps()}
      >
        <span className={cn('col-start-1 row-start-1 truncate pr-6', !selected && 'text-gray-500')}>
          {selected ? selected.label : placeholder}
        </span>
        <svg
          viewBox="0 0 16 16"
          fill="currentColor"
          aria-hidden="true"
          className="col-start-1 row-start-1 size-4 self-center justify-self-end text-gray-500"
        >
          <path
            fillRule="evenodd"
            d="M5.22 10.22a.75.75 0 0 1 1.06 0L8 11.94l1.72-1.72a.75.75 0 1 1 1.06 1.06l-2.25 2.25a.75.75 0 0 1-1.06 0l-2.25-2.25a.75.75 0 0 1 0-1.06ZM10.78 5.78a.75.75 0 0 1-1.06 0L8 4.06 6.28 5.78a.75.75 0 0 1-1.06-1.06l2.25-2.25a.75.75 0 0 1 1.06 0l2.25 2.25a.75.75 0 0 1 0 1.06Z"
            clipRule="evenodd"
          />
        </svg>
      </button>
      {name ? <input type="hidden" name={name} value={value} /> : null}
      {error ? (
        <p id={errorId} className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="text-sm text-gray-500">
          {hint}
        </p>
      ) : null}
      {open ? (
        <FloatingFocusManager context={context} modal={false}>
          <div
            ref={setFloating}
            data-slot="select-listbox"
            aria-labelledby={labelId}
            style={floatingStyles}
            className="z-50 overflow-auto rounded-control bg-white py-1 text-sm shadow-lg ring-1 ring-gray-900/5 outline-none"
            {...getFloatingProps()}
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
    </div>
  );
}
