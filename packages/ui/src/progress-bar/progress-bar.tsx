import { useId } from 'react';
import type * as React from 'react';
import { cn } from '../lib/cn';

export type ProgressBarProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** Percent complete, 0 to 100; values outside are clamped. */
  value: number;
  label: string;
  /** Keeps the label for assistive technology only (e.g. a thin bar at the top of the page). */
  labelHidden?: boolean;
};

export function ProgressBar({
  value,
  label,
  labelHidden = false,
  className,
  ...props
}: ProgressBarProps) {
  const labelId = useId();
  const percent = Number.isFinite(value) ? Math.min(100, Math.max(0, Math.round(value))) : 0;

  return (
    <div data-slot="progress-bar" className={cn('grid gap-2', className)} {...props}>
      <div
        id={labelId}
        className={cn('text-sm font-medium text-gray-900', labelHidden && 'sr-only')}
      >
        {label}
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuetext={`${percent}%`}
        className="h-2 overflow-hidden rounded-full bg-gray-200"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-300 ease-out"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
