import { cva } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '../lib/cn';

export type AlertVariant = 'info' | 'success' | 'warning' | 'error';

export const alertVariants = cva('flex gap-3 rounded-control p-4 text-sm', {
  variants: {
    variant: {
      info: 'bg-brand-50 text-brand-800 [&_[data-slot=alert-icon]]:text-brand-500 [&_[data-slot=alert-title]]:text-brand-900',
      success:
        'bg-green-50 text-green-800 [&_[data-slot=alert-icon]]:text-green-500 [&_[data-slot=alert-title]]:text-green-900',
      warning:
        'bg-yellow-50 text-yellow-800 [&_[data-slot=alert-icon]]:text-yellow-500 [&_[data-slot=alert-title]]:text-yellow-900',
      error:
        'bg-red-50 text-red-800 [&_[data-slot=alert-icon]]:text-red-500 [&_[data-slot=alert-title]]:text-red-900',
    },
  },
});

// Errors interrupt (role=alert); success and info are announced politely (role=status).
// Warnings are usually static notices on page load, so they get no live role by default.
const defaultRoles: Record<AlertVariant, React.AriaRole | undefined> = {
  info: 'status',
  success: 'status',
  warning: undefined,
  error: 'alert',
};

const iconPaths: Record<AlertVariant, string> = {
  info: 'M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-7-4a1 1 0 1 1-2 0 1 1 0 0 1 2 0ZM9 9a.75.75 0 0 0 0 1.5h.253a.25.25 0 0 1 .244.304l-.459 2.066A1.75 1.75 0 0 0 10.747 15H11a.75.75 0 0 0 0-1.5h-.253a.25.25 0 0 1-.244-.304l.459-2.066A1.75 1.75 0 0 0 9.253 9H9Z',
  success:
    'M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.857-9.809a.75.75 0 0 0-1.214-.882l-3.483 4.79-1.88-1.88a.75.75 0 1 0-1.06 1.061l2.5 2.5a.75.75 0 0 0 1.137-.089l4-5.5Z',
  warning:
    'M8.485 2.495c.673-1.167 2.357-1.167 3.03 0l6.28 10.875c.673 1.167-.17 2.625-1.516 2.625H3.72c-1.347 0-2.189-1.458-1.515-2.625L8.485 2.495ZM10 5a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0v-3.5A.75.75 0 0 1 10 5Zm0 9a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z',
  error:
    'M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16ZM8.28 7.22a.75.75 0 0 0-1.06 1.06L8.94 10l-1.72 1.72a.75.75 0 1 0 1.06 1.06L10 11.06l1.72 1.72a.75.75 0 1 0 1.06-1.06L11.06 10l1.72-1.72a.75.75 0 0 0-1.06-1.06L10 8.94 8.28 7.22Z',
};

export type AlertProps = Omit<React.ComponentProps<'div'>, 'title'> & {
  variant: AlertVariant;
  title?: React.ReactNode;
};

/** A message box. Pass `role` to override the live role chosen from the variant. */
export function Alert({ variant, title, className, children, role, ...props }: AlertProps) {
  return (
    <div
      data-slot="alert"
      data-variant={variant}
      role={role ?? defaultRoles[variant]}
      className={cn(alertVariants({ variant }), className)}
      {...props}
    >
      <svg
        data-slot="alert-icon"
        viewBox="0 0 20 20"
        fill="currentColor"
        aria-hidden="true"
        className="size-5 shrink-0"
      >
        <path fillRule="evenodd" d={iconPaths[variant]} clipRule="evenodd" />
      </svg>
      <div className="grid min-w-0 flex-1 gap-2">
        {title ? (
          <div data-slot="alert-title" className="font-medium">
            {title}
          </div>
        ) : null}
        {children ? (
          <div data-slot="alert-description" className="[&_a]:font-medium [&_a]:underline">
            {children}
          </div>
        ) : null}
      </div>
    </div>
  );
}
