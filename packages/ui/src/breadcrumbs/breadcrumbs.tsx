import type * as React from 'react';
import { cn } from '../lib/cn';
import { Link } from '../link/link';

export type BreadcrumbItem = {
  label: string;
  href?: string;
  /** Marks this item as the current page; without it the last item is current. */
  current?: boolean;
};

export type BreadcrumbsProps = React.ComponentProps<'nav'> & {
  items: BreadcrumbItem[];
};

function Chevron() {
  return (
    <svg
      viewBox="0 0 20 20"
      fill="currentColor"
      aria-hidden="true"
      className="size-5 shrink-0 text-gray-400"
    >
      <path
        fillRule="evenodd"
        d="M8.22 5.22a.75.75 0 0 1 1.06 0l4.25 4.25a.75.75 0 0 1 0 1.06l-4.25 4.25a.75.75 0 0 1-1.06-1.06L11.94 10 8.22 6.28a.75.75 0 0 1 0-1.06Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

/**
 * A trail of links to the current page. Items after the current one (the checkout's later
 * steps) are shown as plain text.
 */
export function Breadcrumbs({
  items,
  className,
  'aria-label': ariaLabel = 'Breadcrumb',
  ...props
}: BreadcrumbsProps) {
  const marked = items.findIndex((item) => item.current);
  const currentIndex = marked === -1 ? items.length - 1 : marked;

  return (
    <nav
      data-slot="breadcrumbs"
      aria-label={ariaLabel}
      className={cn('flex', className)}
      {...props}
    >
      <ol role="list" className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium">
        {items.map((item, index) => {
          const isCurrent = index === currentIndex;
          const isUpcoming = index > currentIndex;
          const itemClassName = cn(
            'rounded-sm text-gray-500',
            isCurrent && 'text-gray-900',
            isUpcoming && 'text-gray-500',
          );
          return (
            <li key={`${index}-${item.label}`} className="flex items-center gap-x-2">
              {index > 0 ? <Chevron /> : null}
              {item.href && !isUpcoming ? (
                <Link
                  href={item.href}
                  aria-current={isCurrent ? 'page' : undefined}
                  className={cn(
                    itemClassName,
                    'outline-none hover:text-gray-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                    isCurrent && 'hover:text-gray-900',
                  )}
                >
                  {item.label}
                </Link>
              ) : (
                <span aria-current={isCurrent ? 'page' : undefined} className={itemClassName}>
                  {item.label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
