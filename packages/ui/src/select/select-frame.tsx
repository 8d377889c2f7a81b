import { useId } from 'react';
import type * as React from 'react';
import { cn } from '../lib/cn';
import type { SelectProps } from './select';

export type SelectIds = { triggerId: string; labelId: string; hintId: string; errorId: string };

export function useSelectIds(id?: string): SelectIds {
  const generatedId = useId();
  return {
    triggerId: id ?? `${generatedId}-trigger`,
    labelId: `${generatedId}-label`,
    hintId: `${generatedId}-hint`,
    errorId: `${generatedId}-error`,
  };
}

type SelectFrameProps = SelectProps & {
  ids: SelectIds;
  triggerRef: React.Ref<HTMLButtonElement>;
  /** The trigger's role, state and handlers. */
  triggerProps: React.ComponentProps<'button'>;
  /** The listbox, while open. */
  children?: React.ReactNode;
};

/**
 * What a select draws closed: the label, the trigger with the chosen option, the hidden input, the
 * error and the hint. The same for the server's HTML, the first client render and the loaded
 * Floating UI select, so loading it moves nothing.
 */
export function SelectFrame({
  label,
  options,
  value,
  name,
  error,
  hint,
  disabled = false,
  labelHidden = false,
  placeholder = 'Select…',
  className,
  ids,
  triggerRef,
  triggerProps,
  children,
}: SelectFrameProps) {
  const { triggerId, labelId, hintId, errorId } = ids;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  const selected = options.find((option) => option.value === value);
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
        ref={triggerRef}
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
        {...triggerProps}
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
      {children}
    </div>
  );
}
