import { Link, Spinner } from '@tessera/ui';
import { CheckIcon } from '../icons/icons';

export const thankYouPageTitle = 'Thank you';

/** What the server sends for the ThankYou page (where the checkout leads after payment). */
export type ThankYouPageProps = {
  /** The checkout's poll hash: `GET /paddle-purchases/{hash}` answers once it is fulfilled. */
  hash: string;
  /** The purchase upgrades a licence the buyer already has. */
  isUpgrade: boolean;
  supportEmail?: string;
};

/**
 * The thank-you page's wait: `polling` until the purchase is ready, `ready` while the page moves
 * on, `gave-up` after 30 tries, `withheld` when the purchase is done but this page may no longer
 * show its key (the licence was claimed, or the payment is too old).
 */
export type PurchasePollStatus = 'polling' | 'ready' | 'gave-up' | 'withheld';

export type ThankYouPageViewProps = {
  isUpgrade: boolean;
  status: PurchasePollStatus;
  supportEmail?: string;
};

const copy = {
  setup: {
    title: 'Thanks for your purchase!',
    polling: 'We’re setting up your licence. This usually takes a few seconds.',
    ready: 'Your licence is ready. Taking you to it…',
  },
  upgrade: {
    title: 'Thanks for upgrading!',
    polling: 'We’re upgrading your account. This usually takes a few seconds.',
    ready: 'Your upgrade is done. Taking you back to the store…',
  },
} as const;

/** Two variants: setting up an account with the new licence, or upgrading. */
export function ThankYouPage({ isUpgrade, status, supportEmail }: ThankYouPageViewProps) {
  const words = isUpgrade ? copy.upgrade : copy.setup;
  return (
    <div data-slot="thank-you-page" className="px-6 py-24 sm:py-32 lg:px-8">
      <div className="mx-auto max-w-xl text-center">
        {status === 'gave-up' ? null : (
          <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-green-100">
            <CheckIcon className="size-6 text-green-700" />
          </div>
        )}
        <h1 className="mt-6 text-3xl font-semibold tracking-tight text-gray-900 sm:text-4xl">
          {status === 'gave-up' ? GAVE_UP_TITLE : words.title}
        </h1>
        {/* One live region: its words change as the purchase goes from pending to ready. */}
        <div role="status" className="mt-6 text-base/7 text-pretty text-gray-600">
          {status === 'polling' ? (
            <p className="flex items-center justify-center gap-3">
              <Spinner aria-hidden="true" className="size-5 text-brand-600" />
              {words.polling}
            </p>
          ) : null}
          {status === 'ready' ? <p>{words.ready}</p> : null}
          {status === 'withheld' ? <Withheld /> : null}
          {status === 'gave-up' ? (
            <GaveUp isUpgrade={isUpgrade} supportEmail={supportEmail} />
          ) : null}
        </div>
      </div>
    </div>
  );
}

function Withheld() {
  return (
    <p>
      Your licence is ready. For your security this page no longer shows it:{' '}
      <Link href="/login" className="font-semibold text-brand-600 hover:text-brand-500">
        sign in
      </Link>{' '}
      to see it, or follow the link in the e-mail we sent you.
    </p>
  );
}

/**
 * What the page says when the purchase has not appeared after the last poll: no word of a
 * payment yet, which is all the page knows (a checkout left unpaid ends here too), so it claims
 * neither a payment nor a sent e-mail.
 */
export const GAVE_UP_TITLE = 'Waiting for your payment';
export const GAVE_UP_MESSAGE =
  'We haven’t had word of your payment yet. If you didn’t finish paying, nothing was charged.';

function GaveUp({ isUpgrade, supportEmail }: { isUpgrade: boolean; supportEmail?: string }) {
  return (
    <>
      <p>{GAVE_UP_MESSAGE}</p>
      <p className="mt-4">
        {isUpgrade
          ? 'As soon as it is confirmed, we e-mail you the activation link for your upgraded licence.'
          : 'As soon as it is confirmed, we e-mail you the activation link: follow it to set up your account.'}{' '}
        If you paid and nothing has arrived in a few minutes, write to{' '}
        {supportEmail ? (
          <a
            href={`mailto:${supportEmail}`}
            className="font-semibold text-brand-600 hover:text-brand-500"
          >
            {supportEmail}
          </a>
        ) : (
          <Link href="/support" className="font-semibold text-brand-600 hover:text-brand-500">
            support
          </Link>
        )}{' '}
        and we’ll sort it out.
      </p>
    </>
  );
}
