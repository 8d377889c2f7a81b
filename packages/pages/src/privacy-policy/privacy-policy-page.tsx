import { FormattedDate } from '../prose/formatted-date';
import { Prose } from '../prose/prose';

export const privacyPolicyPageTitle = 'Privacy policy';

export type PrivacyPolicyPageProps = {
  /** ISO date of the last change, e.g. '2021-11-02'. */
  lastUpdated: string;
  /** The policy itself, sanitized by the server. */
  html: string;
  /** The reader's locale for the date (the shared `preferredLanguage`). */
  locale?: string;
};

/** What the server sends the PrivacyPolicy page; shared page data comes on top. */
export type PrivacyPolicyPageData = Pick<PrivacyPolicyPageProps, 'lastUpdated' | 'html'>;

export function PrivacyPolicyPage({ lastUpdated, html, locale }: PrivacyPolicyPageProps) {
  return (
    <div data-slot="privacy-policy-page" className="mx-auto max-w-3xl px-6 py-16 sm:py-20 lg:px-8">
      <h1 className="text-4xl font-semibold tracking-tight text-gray-900 sm:text-5xl">
        Privacy policy
      </h1>
      <p className="mt-4 text-sm/6 text-gray-500">
        Last updated <FormattedDate value={lastUpdated} locale={locale} dateStyle="long" />
      </p>
      <Prose html={html} className="mt-10 border-t border-gray-900/10 pt-10" />
    </div>
  );
}
