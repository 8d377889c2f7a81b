import { useId } from 'react';
import type * as React from 'react';
import { cn } from '../lib/cn';

export type CheckboxProps = Omit<React.ComponentProps<'input'>, 'type' | 'className'> & {
  label: React.ReactNode;
  /** A line of help text under the label, linked with `aria-describedby`. */
  description?: React.ReactNode;
  /** Classes for the root element (box, label and description). */
  className?: string;
};

/** A labelled checkbox in the house style; the native input keeps all browser behaviour. */
export function Checkbox({
  label,
  description,
  className,
  id,
  'aria-describedby': ariaDescribedBy,
  ...props
}: CheckboxProps) {
  const generatedId = useId();
  const inputId = id ?? `${generatedId}-checkbox`;
  const descriptionId = `${inputId}-description`;
  const describedBy =
    [ariaDescribedBy, description ? descriptionId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div data-slot="checkbox" className={cn('flex gap-3', className)}>
      <div className="flex h-6 shrink-0 items-center">
        <div className="group grid size-4 grid-cols-1">
          <input
            id={inputId}
            type="checkbox"
            aria-describedby={describedBy}
            className="col-start-1 row-start-1 appearance-none rounded-sm border border-gray-300 bg-white checked:border-brand-600 checked:bg-brand-600 indeterminate:border-brand-600 indeterminate:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:border-gray-300 disabled:bg-gray-100 disabled:checked:bg-gray-100 aria-invalid:border-red-500 forced-colors:appearance-auto"
            {...props}
          />
          <svg
            viewBox="0 0 14 14"
            fill="none"
            aria-hidden="true"
            className="pointer-events-none col-start-1 row-start-1 size-3.5 self-center justify-self-center stroke-white group-has-disabled:stroke-gray-950/25"
          >
            <path
              d="M3 8L6 11L11 3.5"
              strokeWidth={2}
              strokeLinecap="round"
              strokeLinejoin="round"
              className="opacity-0 group-has-checked:opacity-100"
            />
            <path
              d="M3 7H11"
              strokeWidth={2}
              strokeLinecap="round"
              strokeLinejoin="round"
              className="opacity-0 group-has-indeterminate:opacity-100"
            />
          </svg>
        </div>
      </div>
      <div className="text-sm/6">
        <label
          htmlFor={inputId}
          className={cn('font-medium text-gray-900', props.disabled && 'text-gray-500')}
        >
          {label}
        </label>
        {description ? (
          <p id={descriptionId} className="text-gray-500">
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
}
