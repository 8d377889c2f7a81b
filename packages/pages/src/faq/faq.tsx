import { Link } from '@tessera/ui';
import { useId } from 'react';
import type * as React from 'react';
import {
  COMMUNITY_CHAT_PATH,
  COMPONENTS_CLAIMED,
  LICENSE_URL,
  REFUND_WINDOW_DAYS,
  RESTRICTED_INCOME_CAP_TEXT,
  TEAM_SEATS,
} from '../constants';
import { FaqDisclosure, faqLinkClassName } from './faq-disclosure';

/**
 * `allAccess` when all-access is the only thing for sale; `packages` when single packages are
 * sold too, and then the answers add that a team licence is only for all-access.
 */
export type FaqVariant = 'allAccess' | 'packages';

type FaqGroupTitle = 'General' | 'Compatibility' | 'Licensing' | 'Support';

type FaqEntry = { question: string; answer: React.ReactNode };
export type FaqGroup = { title: FaqGroupTitle; entries: FaqEntry[] };

export type FaqContacts = {
  /** Sales, account and licence questions, and refund requests. */
  supportEmail: string;
  /** Where bugs are reported; the answer names it without a link when absent. */
  issueTrackerUrl?: string;
};

function Mail({ address }: { address: string }) {
  return (
    <a href={`mailto:${address}`} className={faqLinkClassName}>
      {address}
    </a>
  );
}

/** The questions in their four groups: General, Compatibility, Licensing and Support. */
export function faqGroups(variant: FaqVariant, contacts: FaqContacts): FaqGroup[] {
  const teamOnlyAllAccess =
    variant === 'packages'
      ? ' Team licences are only available for all-access, not for individual packages.'
      : '';
  return [
    {
      title: 'General',
      entries: [
        variant === 'allAccess'
          ? {
              question: 'What do I get with all-access?',
              answer: (
                <p>
                  Every component in Marketing, Application UI and Ecommerce, over{' '}
                  {COMPONENTS_CLAIMED} in all, plus every site template and UI kit. Anything we add
                  later is included too.
                </p>
              ),
            }
          : {
              question: 'What’s the difference between a package and all-access?',
              answer: (
                <p>
                  A package is one product: Marketing, Application UI or Ecommerce. All-access is
                  every package plus every site template and UI kit, including everything we add
                  later. A team licence is only available for all-access.
                </p>
              ),
            },
        {
          question: 'Is this a subscription?',
          answer: (
            <p>
              No. You pay once, plus local taxes, and keep access for life. There is nothing to
              renew and nothing stops working.
            </p>
          ),
        },
        {
          question: 'Do I get updates?',
          answer: (
            <p>
              Yes, for life and for free. New components, fixes and improvements to what you bought
              appear in your account as soon as we publish them.
            </p>
          ),
        },
        {
          question: 'How many projects can I use it in?',
          answer: (
            <p>
              As many as you like: personal projects, client work and commercial products, with no
              limit on the number of sites or apps.
            </p>
          ),
        },
      ],
    },
    {
      title: 'Compatibility',
      entries: [
        {
          question: 'Which frameworks are supported?',
          answer: (
            <p>
              Every component comes as React, Vue and plain HTML. Pick your language once and the
              code stays in it across the site.
            </p>
          ),
        },
        {
          question: 'Which version of Tailwind CSS do I need?',
          answer: (
            <p>
              Everything is written for Tailwind CSS v4, and needs it: there is no Tailwind CSS v3
              version of the components. A project still on v3 upgrades first, with Tailwind’s own
              upgrade tool.
            </p>
          ),
        },
        {
          question: 'Do the components need JavaScript?',
          answer: (
            <p>
              Most don’t: menus, dialogs and disclosures use what the browser already does. The few
              that need a script are marked ‘Requires JavaScript’ and include it.
            </p>
          ),
        },
        {
          question: 'Which browsers are supported?',
          answer: (
            <p>
              The latest versions of Chrome, Firefox, Safari and Edge. Internet Explorer 11 is not
              supported.
            </p>
          ),
        },
      ],
    },
    {
      title: 'Licensing',
      entries: [
        {
          question: 'Which licences are there?',
          answer: (
            <p>
              A personal licence for one person; a Team licence for up to {TEAM_SEATS} people; a
              Classroom licence for a teacher and their students; and a Restricted licence for
              students and individuals on a low income.{teamOnlyAllAccess}
            </p>
          ),
        },
        {
          question: 'Who can use a Restricted licence?',
          answer: (
            <p>
              Students, for educational use only, and individuals who earn at most{' '}
              {RESTRICTED_INCOME_CAP_TEXT} a year.
            </p>
          ),
        },
        {
          question: 'How does the Classroom licence work?',
          answer: (
            <p>
              The teacher buys it and invites students to the team. When students finish their
              studies, they must be removed from the team.
            </p>
          ),
        },
        {
          question: `What if my team is bigger than ${TEAM_SEATS} people?`,
          answer: (
            <p>
              Buy several team licences, or e-mail <Mail address={contacts.supportEmail} /> for
              large-team pricing.{teamOnlyAllAccess}
            </p>
          ),
        },
        {
          question: 'Can I use it in client projects?',
          answer: (
            <p>
              Yes. What you can’t do is resell or redistribute the components as a library, template
              or UI kit of your own. The{' '}
              <Link href={LICENSE_URL} className={faqLinkClassName}>
                licence
              </Link>{' '}
              has the details.
            </p>
          ),
        },
      ],
    },
    {
      title: 'Support',
      entries: [
        {
          question: 'What does support cover?',
          answer: (
            <p>
              Your account and your licences: buying, invoices, teams and signing in. E-mail{' '}
              <Mail address={contacts.supportEmail} />. We don’t offer technical support for
              building with the components.
            </p>
          ),
        },
        {
          question: 'Where can I get help with my code?',
          answer: (
            <p>
              In our private{' '}
              <Link href={COMMUNITY_CHAT_PATH} className={faqLinkClassName}>
                community chat
              </Link>
              , where customers and the team answer each other’s questions.
            </p>
          ),
        },
        {
          question: 'I found a bug. Where do I report it?',
          answer: contacts.issueTrackerUrl ? (
            <p>
              Open an issue on our{' '}
              <a href={contacts.issueTrackerUrl} className={faqLinkClassName}>
                issue tracker
              </a>{' '}
              with the steps to reproduce it, and we’ll fix it for everyone.
            </p>
          ) : (
            <p>
              Open an issue on our issue tracker with the steps to reproduce it, and we’ll fix it
              for everyone.
            </p>
          ),
        },
        {
          question: 'Can I get a refund?',
          answer: (
            <p>
              Yes. If it isn’t right for you, e-mail <Mail address={contacts.supportEmail} /> within{' '}
              {REFUND_WINDOW_DAYS} days of buying and we’ll refund you in full.
            </p>
          ),
        },
      ],
    },
  ];
}

export type FaqProps = FaqContacts & {
  variant: FaqVariant;
  /** The section's anchor: pages link to #faqs. */
  id?: string;
  className?: string;
};

/** The FAQ section (anchor #faqs), in four groups of questions. */
export function Faq({ variant, id = 'faqs', className, ...contacts }: FaqProps) {
  const headingId = useId();
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      data-slot="faq"
      data-variant={variant}
      className={className}
    >
      <div className="mx-auto max-w-7xl px-6 py-24 sm:py-28 lg:px-8">
        <div className="lg:grid lg:grid-cols-12 lg:gap-x-16">
          <div className="lg:col-span-4">
            <h2
              id={headingId}
              className="text-3xl font-semibold tracking-tight text-pretty text-gray-900 sm:text-4xl"
            >
              Frequently asked questions
            </h2>
            <p className="mt-4 text-base/7 text-pretty text-gray-600">
              Can’t find the answer you’re looking for? E-mail{' '}
              <Mail address={contacts.supportEmail} /> and a person will get back to you.
            </p>
          </div>
          <div className="mt-12 space-y-12 lg:col-span-8 lg:mt-0">
            {faqGroups(variant, contacts).map((group) => (
              <FaqGroupList key={group.title} group={group} />
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}

function FaqGroupList({ group }: { group: FaqGroup }) {
  const headingId = useId();
  return (
    <div role="group" aria-labelledby={headingId}>
      <h3 id={headingId} className="text-sm/6 font-semibold text-brand-600">
        {group.title}
      </h3>
      <div className="mt-2 divide-y divide-gray-900/10 border-b border-gray-900/10">
        {group.entries.map((entry) => (
          <FaqDisclosure key={entry.question} question={entry.question}>
            {entry.answer}
          </FaqDisclosure>
        ))}
      </div>
    </div>
  );
}
