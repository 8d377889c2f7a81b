import { useId, useState } from 'react';
import type * as React from 'react';
import { cn } from '../lib/cn';

export type TextFieldProps = Omit<React.ComponentProps<'input'>, 'className'> & {
  label: string;
  /** Help text under the field, linked to the input with `aria-describedby`. */
  hint?: React.ReactNode;
  /** A message shown in red under the field; marks the input invalid. */
  error?: string;
  /** Flags the field red without a message of its own (Login shows one message above the form). */
  invalid?: boolean;
  /** Keeps the label for assistive technology only. */
  labelHidden?: boolean;
  /** Classes for the field's root element (label, input and messages). */
  className?: string;
};

type TextFieldBaseProps = TextFieldProps & {
  trailing?: (ids: { inputId: string }) => React.ReactNode;
};

function ErrorIcon() {
  return (
    <svg
      viewBox="0 0 16 16"
      fill="currentColor"
      aria-hidden="true"
      className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-red-500 sm:size-4"
    >
      <path
        fillRule="evenodd"
        d="M8 15A7 7 0 1 0 8 1a7 7 0 0 0 0 14ZM8 4a.75.75 0 0 1 .75.75v3a.75.75 0 0 1-1.5 0v-3A.75.75 0 0 1 8 4Zm0 8a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

function TextFieldBase({
  label,
  hint,
  error,
  invalid = false,
  labelHidden = false,
  className,
  id,
  trailing,
  'aria-describedby': ariaDescribedBy,
  'aria-invalid': ariaInvalid,
  ...props
}: TextFieldBaseProps) {
  const generatedId = useId();
  const inputId = id ?? `${generatedId}-input`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const isInvalid = Boolean(error) || invalid || ariaInvalid === true || ariaInvalid === 'true';
  const describedBy =
    [ariaDescribedBy, hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') ||
    undefined;

  return (
    <div data-slot="text-field" className={cn('grid gap-2', className)}>
      <label
        htmlFor={inputId}
        className={cn('text-sm/6 font-medium text-gray-900', labelHidden && 'sr-only')}
      >
        {label}
      </label>
      <div className="relative">
        <input
          id={inputId}
          aria-invalid={isInvalid || undefined}
          aria-describedby={describedBy}
          className={cn(
            'block w-full rounded-control bg-white px-3 py-2 text-base text-gray-900 outline-1 -outline-offset-1 outline-gray-300 placeholder:text-gray-400 focus:outline-2 focus:-outline-offset-2 focus:outline-brand-600 disabled:cursor-not-allowed disabled:bg-gray-50 disabled:text-gray-500 disabled:outline-gray-200 sm:text-sm/6',
            'aria-invalid:text-red-900 aria-invalid:outline-red-300 aria-invalid:placeholder:text-red-300 aria-invalid:focus:outline-red-600',
            (isInvalid || trailing) && 'pr-10',
            trailing && 'pr-20',
          )}
          {...props}
        />
        {trailing ? trailing({ inputId }) : isInvalid ? <ErrorIcon /> : null}
      </div>
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
    </div>
  );
}

/** A labelled text input with hint and error message wired for assistive technology. */
export function TextField(props: TextFieldProps) {
  return <TextFieldBase {...props} />;
}

export type PasswordFieldProps = Omit<TextFieldProps, 'type'>;

/** A password input with a Show/Hide toggle. */
export function PasswordField({ autoComplete = 'current-password', ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextFieldBase
      {...props}
      autoComplete={autoComplete}
      type={visible ? 'text' : 'password'}
      trailing={({ inputId }) => (
        <button
          type="button"
          aria-controls={inputId}
          aria-label={visible ? 'Hide password' : 'Show password'}
          disabled={props.disabled}
          onClick={() => setVisible((current) => !current)}
          className="absolute inset-y-1 right-1 rounded-[calc(var(--radius-control)-0.25rem)] px-2.5 text-sm font-semibold text-brand-700 outline-none hover:bg-gray-100 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:pointer-events-none disabled:opacity-50"
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      )}
    />
  );
}
