import { Card, CardContent, CardDescription, CardHeader, CardTitle, Link } from '@tessera/ui';
import { useId } from 'react';
import type * as React from 'react';
import { COMMUNITY_CHAT_PATH, REFUND_WINDOW_DAYS } from '../constants';

export const supportPageTitle = 'Support';

export type SupportPageProps = {
  /** Where sales, account and licence questions (and refund requests) go. */
  supportEmail: string;
  /** The public issue tracker for bug reports. */
  issueTrackerUrl: string;
  /**
   * Whether the store has a community chat (COMMUNITY_URL): without one the page says so
   * rather than link to `/discord`, which would only lead back here.
   */
  hasCommunity: boolean;
};

/** What the server sends the Support page; shared page data comes on top. */
export type SupportPageData = SupportPageProps;

/**
 * Where to ask what: support covers the account and licensing only (sales and refunds by e-mail),
 * bugs go to the issue tracker, technical help to the community chat.
 */
export function SupportPage({ supportEmail, issueTrackerUrl, hasCommunity }: SupportPageProps) {
  const mailto = `mailto:${supportEmail}`;
  const refundsHeadingId = useId();
  return (
    <div data-slot="support-page" className="mx-auto max-w-7xl px-6 py-16 sm:py-20 lg:px-8">
      <div className="max-w-2xl">
        <h1 className="text-4xl font-semibold tracking-tight text-gray-900 sm:text-5xl">Support</h1>
        <p className="mt-4 text-lg/8 text-gray-600">
          We help with your account, your licence and your purchases. We can’t offer technical
          support for building with the components
          {hasCommunity ? ', but the community can' : ''}: pick the right place below and you’ll get
          an answer faster.
        </p>
      </div>

      <ul role="list" className="mt-12 grid gap-6 lg:grid-cols-3">
        <SupportChannel
          title="Sales and account questions"
          description="Buying for a team, licence questions, invoices, or trouble signing in? E-mail us and a person will get back to you, usually within one working day."
        >
          <a href={mailto} className={ctaClassName}>
            {supportEmail}
          </a>
        </SupportChannel>
        <SupportChannel
          title="Bug reports"
          description="Found a bug in a component or template? Open an issue with the steps to reproduce it, so we can fix it for everyone."
        >
          <a href={issueTrackerUrl} className={ctaClassName}>
            Open the issue tracker <span aria-hidden="true">&rarr;</span>
          </a>
        </SupportChannel>
        {hasCommunity ? (
          <SupportChannel
            title="Technical help"
            description="Stuck on an implementation or a Tailwind CSS question? Ask in our private community chat, where customers and the team help each other."
          >
            <Link href={COMMUNITY_CHAT_PATH} className={ctaClassName}>
              Join the community chat <span aria-hidden="true">&rarr;</span>
            </Link>
          </SupportChannel>
        ) : (
          <SupportChannel
            title="Technical help"
            description="Our community chat is not open yet. Stuck on an implementation? Write to us and we’ll point you the right way."
          >
            <a href={mailto} className={ctaClassName}>
              {supportEmail}
            </a>
          </SupportChannel>
        )}
      </ul>

      <section
        aria-labelledby={refundsHeadingId}
        className="mt-16 max-w-2xl border-t border-gray-900/10 pt-10"
      >
        <h2 id={refundsHeadingId} className="text-xl font-semibold tracking-tight text-gray-900">
          Refunds
        </h2>
        <p className="mt-3 text-base/7 text-gray-600">
          If it isn’t right for you, we’ll refund your purchase in full within {REFUND_WINDOW_DAYS}{' '}
          days. E-mail{' '}
          <a href={mailto} className={linkClassName}>
            {supportEmail}
          </a>{' '}
          from the address you bought with and tell us which purchase it is.
        </p>
      </section>
    </div>
  );
}

const ctaClassName = 'font-semibold text-brand-600 hover:text-brand-500';

// Inside running text a link needs more than colour to stand out (WCAG 1.4.1).
const linkClassName =
  'font-semibold text-brand-600 underline decoration-brand-600/30 underline-offset-2 hover:text-brand-500 hover:decoration-brand-500';

function SupportChannel({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <li className="flex">
      <Card className="flex-1">
        <CardHeader>
          <CardTitle asChild>
            <h2>{title}</h2>
          </CardTitle>
          <CardDescription asChild>
            <p>{description}</p>
          </CardDescription>
        </CardHeader>
        <CardContent className="mt-auto text-sm/6">{children}</CardContent>
      </Card>
    </li>
  );
}
