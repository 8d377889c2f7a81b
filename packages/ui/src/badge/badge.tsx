import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '../lib/cn';

export const badgeVariants = cva(
  'inline-flex items-center gap-x-1 rounded-md px-2 py-1 text-xs font-medium whitespace-nowrap ring-1 ring-inset [&_svg]:size-3 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        new: 'bg-green-50 text-green-700 ring-green-600/20',
        personal: 'bg-brand-50 text-brand-700 ring-brand-700/10',
        team: 'bg-purple-50 text-purple-700 ring-purple-700/10',
        classroom: 'bg-sky-50 text-sky-800 ring-sky-700/10',
        restricted: 'bg-yellow-50 text-yellow-800 ring-yellow-600/20',
        neutral: 'bg-gray-50 text-gray-600 ring-gray-500/10',
        danger: 'bg-red-50 text-red-700 ring-red-600/10',
        lock: 'bg-gray-900/80 text-white ring-white/10 backdrop-blur-sm',
      },
    },
    defaultVariants: { variant: 'neutral' },
  },
);

export type BadgeProps = React.ComponentProps<'span'> & VariantProps<typeof badgeVariants>;

function LockIcon() {
  return (
    <svg viewBox="0 0 16 16" fill="currentColor" aria-hidden="true">
      <path
        fillRule="evenodd"
        d="M8 1a3.5 3.5 0 0 0-3.5 3.5V7A1.5 1.5 0 0 0 3 8.5v5A1.5 1.5 0 0 0 4.5 15h7a1.5 1.5 0 0 0 1.5-1.5v-5A1.5 1.5 0 0 0 11.5 7V4.5A3.5 3.5 0 0 0 8 1Zm2 6V4.5a2 2 0 1 0-4 0V7h4Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

/** A short status label: 'New', a licence type, 'Refunded', or a lock on PNG-only previews. */
export function Badge({ className, variant, children, ...props }: BadgeProps) {
  return (
    <span
      data-slot="badge"
      data-variant={variant ?? 'neutral'}
      className={cn(badgeVariants({ variant }), className)}
      {...props}
    >
      {variant === 'lock' ? <LockIcon /> : null}
      {/* An icon-only lock badge still needs a name for assistive technology. */}
      {variant === 'lock' && (children === undefined || children === null) ? (
        <span className="sr-only">Locked</span>
      ) : (
        children
      )}
    </span>
  );
}
