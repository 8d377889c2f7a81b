import { cn } from '@tessera/ui';
import type * as React from 'react';

/** The mosaic mark: four tiles, one in the brand colour. */
export function LogoMark({ className, ...props }: React.ComponentProps<'svg'>) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8', className)} {...props}>
      <rect x="2" y="2" width="13" height="13" rx="3.5" className="fill-brand-600" />
      <rect x="17" y="2" width="13" height="13" rx="3.5" className="fill-gray-900" />
      <rect x="2" y="17" width="13" height="13" rx="3.5" className="fill-gray-900" />
      <rect x="17" y="17" width="13" height="13" rx="6.5" className="fill-brand-400" />
    </svg>
  );
}

/** Mark plus wordmark; the brand name is text, so the link's accessible name is the brand. */
export function Logo({ brandName, className }: { brandName: string; className?: string }) {
  return (
    <span className={cn('flex items-center gap-2.5', className)}>
      <LogoMark />
      <span className="text-lg font-semibold tracking-tight text-gray-900">{brandName}</span>
    </span>
  );
}
