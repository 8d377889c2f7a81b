import { cn, Link } from '@tessera/ui';
import { useId, useState } from 'react';
import { Prose } from '../prose/prose';
import type { VersionPrefix } from '../shared/shared-page-data';

/** The page's own <title>: the entry's title, then the section; the container adds the brand. */
export function documentationPageTitle(title: string): string {
  return `${title} - Documentation`;
}

/** One entry of the table of contents: its slug and its children. */
export type TocEntry = {
  slug: string;
  title: string;
  children: TocEntry[];
};

/** The documentation page being read; `html` is sanitized by the server. */
export type DocumentationEntry = {
  slug: string;
  title: string;
  description?: string;
  html: string;
};

export type DocumentationPageProps = DocumentationEntry & {
  toc: TocEntry[];
  /** '' for the current version, '/v1' for the legacy one. */
  versionPrefix?: VersionPrefix;
};

/**
 * What the server sends the Documentation page; shared page data (`versionPrefix`) comes on top.
 */
export type DocumentationPageData = Omit<DocumentationPageProps, 'versionPrefix'>;

export function documentationHref(versionPrefix: VersionPrefix, slug: string): string {
  return `${versionPrefix}/documentation/${slug}`;
}

/** The entries from the top of the tree down to `slug`, or [] when it is not in the tree. */
export function findTocPath(toc: TocEntry[], slug: string): TocEntry[] {
  for (const entry of toc) {
    if (entry.slug === slug) return [entry];
    const path = findTocPath(entry.children, slug);
    if (path.length > 0) return [entry, ...path];
  }
  return [];
}

export function DocumentationPage({
  slug,
  title,
  description,
  html,
  toc,
  versionPrefix = '',
}: DocumentationPageProps) {
  const path = findTocPath(toc, slug);
  const section = path.length > 1 ? path[0] : undefined;
  return (
    <div
      data-slot="documentation-page"
      className="mx-auto max-w-7xl px-6 py-10 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-x-16 lg:px-8 lg:py-16"
    >
      {/* Keyed by page, so the mobile contents close after following a link. */}
      <DocumentationNav key={slug} toc={toc} slug={slug} versionPrefix={versionPrefix} />
      <article className="mt-10 min-w-0 lg:mt-0 lg:max-w-3xl">
        <header>
          {section ? (
            <p className="text-sm/6 font-semibold text-brand-600">{section.title}</p>
          ) : null}
          <h1 className="mt-1 text-3xl font-semibold tracking-tight text-gray-900 sm:text-4xl">
            {title}
          </h1>
          {description ? <p className="mt-4 text-lg/8 text-gray-600">{description}</p> : null}
        </header>
        <Prose html={html} className="mt-10" />
      </article>
    </div>
  );
}

function DocumentationNav({
  toc,
  slug,
  versionPrefix,
}: {
  toc: TocEntry[];
  slug: string;
  versionPrefix: VersionPrefix;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <nav aria-label="Documentation" className="lg:sticky lg:top-24 lg:self-start">
      {/* Small screens: the contents collapse behind a disclosure button (hidden from lg up). */}
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((current) => !current)}
        className="flex w-full items-center justify-between rounded-control bg-white px-4 py-3 text-sm/6 font-semibold text-gray-900 ring-1 ring-gray-900/10 outline-none hover:bg-gray-50 focus-visible:ring-2 focus-visible:ring-brand-600 lg:hidden"
      >
        Contents
        <svg
          viewBox="0 0 20 20"
          fill="currentColor"
          aria-hidden="true"
          className={cn('size-5 text-gray-500', open && 'rotate-180')}
        >
          <path
            fillRule="evenodd"
            d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z"
            clipRule="evenodd"
          />
        </svg>
      </button>
      <div id={listId} className={cn('mt-4 lg:mt-0 lg:block', open ? 'block' : 'hidden')}>
        <ul role="list" className="space-y-8">
          {toc.map((entry) => (
            <li key={entry.slug}>
              <TocLink
                entry={entry}
                current={entry.slug === slug}
                versionPrefix={versionPrefix}
                className="font-semibold text-gray-900"
              />
              {entry.children.length > 0 ? (
                <TocChildren entries={entry.children} slug={slug} versionPrefix={versionPrefix} />
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}

function TocChildren({
  entries,
  slug,
  versionPrefix,
}: {
  entries: TocEntry[];
  slug: string;
  versionPrefix: VersionPrefix;
}) {
  return (
    <ul role="list" className="mt-3 space-y-1 border-l border-gray-200">
      {entries.map((entry) => {
        const current = entry.slug === slug;
        return (
          <li key={entry.slug}>
            <TocLink
              entry={entry}
              current={current}
              versionPrefix={versionPrefix}
              className={cn(
                '-ml-px block border-l py-1 pl-4',
                current
                  ? 'border-brand-600 font-medium'
                  : 'border-transparent text-gray-600 hover:border-gray-400 hover:text-gray-900',
              )}
            />
            {entry.children.length > 0 ? (
              <div className="pl-4">
                <TocChildren entries={entry.children} slug={slug} versionPrefix={versionPrefix} />
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

function TocLink({
  entry,
  current,
  versionPrefix,
  className,
}: {
  entry: TocEntry;
  current: boolean;
  versionPrefix: VersionPrefix;
  className?: string;
}) {
  return (
    <Link
      href={documentationHref(versionPrefix, entry.slug)}
      aria-current={current ? 'page' : undefined}
      className={cn(
        'rounded-sm text-sm/6 outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        className,
        current && 'text-brand-600',
      )}
    >
      {entry.title}
    </Link>
  );
}
