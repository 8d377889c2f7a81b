import { Button, Link, TextField } from '@tessera/ui';
import { useId } from 'react';
import type { FormState } from '../forms/form-state';
import { FormattedDate } from '../prose/formatted-date';
import { Prose } from '../prose/prose';
import { Form } from '../forms/form';

export const changelogPageTitle = 'Changelog';

/** One dated changelog entry with its anchor. `html` is its content, sanitized by the server. */
export type ChangelogEntry = {
  /** The entry's id on the page, for links like /changelog#2024-03-14-catalyst. */
  anchor: string;
  /** 'YYYY-MM-DD' */
  date: string;
  title: string;
  html: string;
  /** The components this release added or changed, each linked to its place in the catalogue. */
  components?: ChangelogComponentLink[];
};

/** A component a release touched. */
export type ChangelogComponentLink = {
  name: string;
  /** Its subcategory's name, e.g. 'Heroes'. */
  subcategory: string;
  /** Its subcategory page, at the component. */
  url: string;
  change: 'added' | 'changed';
  /** Why it changed (for 'changed'). */
  reason: string | null;
};

/** Posts email_address to the mailing-list form service (NEWSLETTER_FORM_URL). */
export type ChangelogSubscribeFormValues = { email_address: string };

export type ChangelogPageProps = {
  /** Newest first. */
  entries: ChangelogEntry[];
  subscribeForm: FormState<ChangelogSubscribeFormValues>;
  /** The reader's locale for dates (the shared `preferredLanguage`). */
  locale?: string;
};

/** What the server sends the Changelog page; shared page data comes on top. */
export type ChangelogPageData = {
  entries: ChangelogEntry[];
  /** Where the subscribe form posts: our own `/newsletter`, or an external https form service. */
  subscribeUrl: string;
};

export function ChangelogPage({ entries, subscribeForm, locale }: ChangelogPageProps) {
  return (
    <div data-slot="changelog-page" className="mx-auto max-w-7xl px-6 py-16 sm:py-20 lg:px-8">
      <div className="gap-x-12 lg:grid lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <header className="max-w-2xl lg:col-start-1">
          <h1 className="text-4xl font-semibold tracking-tight text-gray-900 sm:text-5xl">
            Changelog
          </h1>
          <p className="mt-4 text-lg/8 text-gray-600">
            New components, templates and improvements, as they ship. Everything here is included in
            your licence at no extra cost.
          </p>
        </header>
        <SubscribeCard form={subscribeForm} />
        <div className="mt-16 lg:col-start-1 lg:row-start-2">
          {entries.length > 0 ? (
            <ol role="list" className="space-y-16">
              {entries.map((entry) => (
                <li key={entry.anchor}>
                  <ChangelogArticle entry={entry} locale={locale} />
                </li>
              ))}
            </ol>
          ) : (
            <p className="rounded-card border-2 border-dashed border-gray-200 px-6 py-12 text-center text-sm/6 text-gray-600">
              Nothing here yet. Subscribe and we’ll let you know when the first update ships.
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

function ChangelogArticle({ entry, locale }: { entry: ChangelogEntry; locale?: string }) {
  const headingId = useId();
  return (
    <article
      id={entry.anchor}
      aria-labelledby={headingId}
      className="scroll-mt-24 gap-x-8 md:grid md:grid-cols-[10rem_minmax(0,1fr)]"
    >
      <p className="text-sm/7 text-gray-500">
        <FormattedDate value={entry.date} locale={locale} dateStyle="long" />
      </p>
      <div className="mt-1 md:mt-0">
        <div className="flex items-baseline gap-3">
          <h2 id={headingId} className="text-2xl/8 font-semibold tracking-tight text-gray-900">
            {entry.title}
          </h2>
          {/* A plain anchor: an in-page jump must not become an app visit. */}
          <a
            href={`#${entry.anchor}`}
            className="shrink-0 rounded-sm text-base font-medium text-gray-500 hover:text-brand-600"
          >
            <span aria-hidden="true">#</span>
            <span className="sr-only">Permalink to {entry.title}</span>
          </a>
        </div>
        <Prose html={entry.html} className="mt-4" />
        {entry.components && entry.components.length > 0 ? (
          <ReleaseComponents components={entry.components} title={entry.title} />
        ) : null}
      </div>
    </article>
  );
}

function ReleaseComponents({
  components,
  title,
}: {
  components: ChangelogComponentLink[];
  title: string;
}) {
  const groups = [
    { change: 'added', heading: 'Components added' },
    { change: 'changed', heading: 'Components changed' },
  ] as const;
  return (
    <div data-slot="release-components" className="mt-6 space-y-4 text-sm/6">
      {groups.map(({ change, heading }) => {
        const links = components.filter((link) => link.change === change);
        if (links.length === 0) return null;
        return (
          <section key={change} aria-label={`${heading} in ${title}`}>
            <h3 className="font-semibold text-gray-900">{heading}</h3>
            <ul role="list" className="mt-2 space-y-1">
              {links.map((link) => (
                <li key={link.url} className="text-gray-600">
                  <Link
                    href={link.url}
                    className="font-medium text-brand-600 underline-offset-2 hover:underline"
                  >
                    {link.name}
                  </Link>{' '}
                  <span className="text-gray-500">({link.subcategory})</span>
                  {link.reason ? <span>: {link.reason}</span> : null}
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function SubscribeCard({ form }: { form: FormState<ChangelogSubscribeFormValues> }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="mt-10 rounded-card bg-gray-50 p-6 ring-1 ring-gray-900/5 lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:mt-0"
    >
      <h2 id={headingId} className="text-base/7 font-semibold text-gray-900">
        Get updates by e-mail
      </h2>
      <p className="mt-1 text-sm/6 text-gray-600">
        One short e-mail when something new ships. No spam, unsubscribe at any time.
      </p>
      <Form form={form} className="mt-6 space-y-4">
        <TextField
          label="Email address"
          name="email_address"
          type="email"
          autoComplete="email"
          required
          value={form.values.email_address}
          onChange={(event) => form.onChange('email_address', event.target.value)}
          error={form.errors.email_address}
        />
        <Button type="submit" loading={form.processing} className="w-full">
          Subscribe
        </Button>
      </Form>
    </section>
  );
}
