import { cn, Link } from '@tessera/ui';
import type * as React from 'react';
import type { BackOfficeSection } from './types';

export const BACK_OFFICE_SECTIONS: { section: BackOfficeSection; label: string; href: string }[] = [
  { section: 'customers', label: 'Customers', href: '/admin' },
  { section: 'webhooks', label: 'Webhooks', href: '/admin/webhooks' },
  { section: 'queues', label: 'Queues', href: '/admin/queues' },
  { section: 'audit', label: 'Audit log', href: '/admin/audit' },
  { section: 'page-views', label: 'Page views', href: '/admin/page-views' },
];

export type BackOfficeLayoutProps = {
  section: BackOfficeSection;
  title: React.ReactNode;
  /** A line under the title. */
  description?: React.ReactNode;
  /** Beside the title (e.g. the impersonate form). */
  actions?: React.ReactNode;
  children: React.ReactNode;
};

/** The back office's frame inside the site chrome: its sections, then the page. */
export function BackOfficeLayout({
  section,
  title,
  description,
  actions,
  children,
}: BackOfficeLayoutProps) {
  return (
    <div data-slot="back-office" className="mx-auto max-w-7xl px-6 py-10 lg:px-8">
      <nav aria-label="Back office" className="border-b border-gray-200">
        <p className="text-xs font-semibold tracking-wide text-gray-500 uppercase">Back office</p>
        <ul className="mt-2 flex flex-wrap gap-x-6">
          {BACK_OFFICE_SECTIONS.map((item) => {
            const current = item.section === section;
            return (
              <li key={item.section}>
                <Link
                  href={item.href}
                  aria-current={current ? 'page' : undefined}
                  className={cn(
                    'inline-block border-b-2 border-transparent py-3 text-sm font-medium text-gray-600 hover:border-gray-300 hover:text-gray-900',
                    current && 'border-brand-600 text-brand-700 hover:border-brand-600',
                  )}
                >
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="mt-8 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight break-all text-gray-900">{title}</h1>
          {description ? <div className="mt-1 text-sm/6 text-gray-600">{description}</div> : null}
        </div>
        {actions ? <div className="shrink-0">{actions}</div> : null}
      </div>
      <div className="mt-8">{children}</div>
    </div>
  );
}

/** A titled block of the back office. */
export function BackOfficeSectionBlock({
  title,
  description,
  children,
  id,
}: {
  title: string;
  description?: React.ReactNode;
  children: React.ReactNode;
  id?: string;
}) {
  const headingId = `${id ?? title.toLowerCase().replace(/[^a-z]+/g, '-')}-heading`;
  return (
    <section aria-labelledby={headingId} className="border-t border-gray-200 pt-8 pb-10">
      <h2 id={headingId} className="text-base/7 font-semibold text-gray-900">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm/6 text-gray-600">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** "Nothing here" in a list. */
export function EmptyNote({ children }: { children: React.ReactNode }) {
  return <p className="text-sm/6 text-gray-500">{children}</p>;
}
