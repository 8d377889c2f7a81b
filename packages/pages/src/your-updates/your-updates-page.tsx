import { buttonVariants, cn, Link } from '@tessera/ui';
import { useId } from 'react';
import type { ComponentTaken } from '../catalog/types';
import { YOUR_UPDATES_ALL_CURRENT, YOUR_UPDATES_NOTHING_TAKEN } from '../constants';
import { FormattedDate } from '../prose/formatted-date';

export const yourUpdatesPageTitle = 'Your updates';

/** A component the customer took that has changed since: what they have and what is new. */
export type ComponentUpdate = {
  uuid: string;
  name: string;
  /** Where it lives, e.g. 'Marketing · Heroes'. */
  category: string;
  /** Its view on its subcategory's page. */
  url: string;
  taken: ComponentTaken;
  /** The current version, and the date (YYYY-MM-DD) it was made. */
  version: number;
  updatedOn: string;
  /** The versions since the one taken, newest first: public dates and reasons, never code. */
  changes: { version: number; date: string; reason: string }[];
};

/** What the server sends the YourUpdates page; shared page data comes on top. */
export type YourUpdatesPageData = {
  /** Changed since taken, the most recently changed first. */
  updates: ComponentUpdate[];
  /** How many components the customer has taken at all (0: nothing copied yet). */
  takenCount: number;
};

export type YourUpdatesPageProps = YourUpdatesPageData & {
  /** The reader's locale for dates (the shared `preferredLanguage`). */
  locale?: string;
};

const TAKEN_VERB: Record<ComponentTaken['how'], string> = {
  copy: 'Copied',
  install: 'Installed',
};

/** `/your-updates`: the components a customer copied or installed that have changed since. */
export function YourUpdatesPage({ updates, takenCount, locale }: YourUpdatesPageProps) {
  const listId = useId();
  return (
    <div data-slot="your-updates-page" className="mx-auto max-w-4xl px-6 py-16 lg:px-8">
      <h1 className="text-3xl font-semibold tracking-tight text-gray-900">Your updates</h1>
      <p className="mt-2 text-base/7 text-gray-600">
        Components you copied or installed that have changed since. Updates are included in your
        licence.
      </p>
      {updates.length > 0 ? (
        <section aria-labelledby={listId} className="mt-10">
          <h2 id={listId} className="text-lg/7 font-semibold text-gray-900">
            {updates.length === 1 ? '1 component changed' : `${updates.length} components changed`}
          </h2>
          <ul role="list" className="mt-4 space-y-4">
            {updates.map((update) => (
              <UpdateItem key={update.uuid} update={update} locale={locale} />
            ))}
          </ul>
        </section>
      ) : (
        <div className="mt-10 rounded-card border border-dashed border-gray-300 px-6 py-10 text-center">
          <p className="text-sm/6 font-semibold text-gray-900">
            {takenCount > 0 ? YOUR_UPDATES_ALL_CURRENT : YOUR_UPDATES_NOTHING_TAKEN}
          </p>
          {takenCount === 0 ? (
            <Link href="/components" className={cn(buttonVariants({ size: 'sm' }), 'mt-4')}>
              Browse components
            </Link>
          ) : null}
        </div>
      )}
    </div>
  );
}

function UpdateItem({ update, locale }: { update: ComponentUpdate; locale?: string }) {
  const titleId = useId();
  return (
    <li
      aria-labelledby={titleId}
      className="rounded-card bg-white p-6 ring-1 ring-gray-900/10"
      data-slot="component-update"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={titleId} className="text-base/7 font-semibold text-gray-900">
          <Link href={update.url} className="hover:text-indigo-700">
            {update.name}
          </Link>
        </h3>
        <p className="text-sm/6 text-gray-500">{update.category}</p>
      </div>
      <p className="mt-1 text-sm/6 text-gray-700">
        {TAKEN_VERB[update.taken.how]} version {update.taken.version} on{' '}
        <FormattedDate value={update.taken.on} dateStyle="medium" locale={locale} /> · now version{' '}
        {update.version},{' '}
        <FormattedDate value={update.updatedOn} dateStyle="medium" locale={locale} />
      </p>
      <ol className="mt-3 space-y-2 border-l border-gray-200 pl-4 text-sm/6">
        {update.changes.map((change) => (
          <li key={change.version}>
            <span className="text-gray-500">
              Version {change.version} ·{' '}
              <FormattedDate value={change.date} dateStyle="medium" locale={locale} />
            </span>{' '}
            <span className="text-gray-900">{change.reason}</span>
          </li>
        ))}
      </ol>
    </li>
  );
}
