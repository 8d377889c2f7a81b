import { Link } from '@tessera/ui';
import type { Pagination } from './types';

export type PaginationNavProps = {
  pagination: Pagination;
  /** The address of page `page` of the same list. */
  hrefFor: (page: number) => string;
  /** What the list counts: 'customers', 'events'. */
  noun: string;
};

/** Previous / next through a back-office list, with where the reader is. */
export function PaginationNav({ pagination, hrefFor, noun }: PaginationNavProps) {
  const { page, pageCount, total } = pagination;
  const linkClass =
    'rounded-control px-3 py-2 text-sm font-semibold text-gray-900 ring-1 ring-gray-300 ring-inset hover:bg-gray-50';
  return (
    <nav
      aria-label="Pages"
      className="mt-6 flex flex-wrap items-center justify-between gap-4 border-t border-gray-200 pt-4"
    >
      <p className="text-sm/6 text-gray-600">
        Page {page} of {pageCount} · {total} {noun}
      </p>
      <div className="flex gap-3">
        {page > 1 ? (
          <Link href={hrefFor(page - 1)} rel="prev" className={linkClass}>
            Previous
          </Link>
        ) : null}
        {page < pageCount ? (
          <Link href={hrefFor(page + 1)} rel="next" className={linkClass}>
            Next
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
