import { Slot } from '@radix-ui/react-slot';
import type * as React from 'react';
import { cn } from '../lib/cn';

export function Card({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="card"
      className={cn(
        'flex flex-col gap-6 rounded-card bg-white py-6 text-gray-900 shadow-sm ring-1 ring-gray-900/5',
        className,
      )}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="card-header"
      className={cn('grid auto-rows-min items-start gap-1.5 px-6', className)}
      {...props}
    />
  );
}

type AsChildProps = {
  /** Render the child element (e.g. an `<h2>`) with the card's styles. */ asChild?: boolean;
};

export function CardTitle({
  className,
  asChild = false,
  ...props
}: React.ComponentProps<'div'> & AsChildProps) {
  const Component = asChild ? Slot : 'div';
  return (
    <Component
      data-slot="card-title"
      className={cn('text-base/7 font-semibold text-gray-900', className)}
      {...props}
    />
  );
}

export function CardDescription({
  className,
  asChild = false,
  ...props
}: React.ComponentProps<'div'> & AsChildProps) {
  const Component = asChild ? Slot : 'div';
  return (
    <Component
      data-slot="card-description"
      className={cn('text-sm/6 text-gray-600', className)}
      {...props}
    />
  );
}

export function CardContent({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="card-content" className={cn('px-6', className)} {...props} />;
}

export function CardFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="card-footer"
      className={cn('flex items-center gap-3 px-6', className)}
      {...props}
    />
  );
}
