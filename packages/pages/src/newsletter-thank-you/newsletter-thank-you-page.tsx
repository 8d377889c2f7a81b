import { buttonVariants, Link } from '@tessera/ui';
import { CheckIcon } from '../icons/icons';

export const newsletterThankYouPageTitle = 'You’re subscribed';

export type NewsletterThankYouPageProps = {
  /** The address that was subscribed, when the mailing-list service passes it back. */
  email?: string;
};

/** What our own newsletter sends the NewsletterThankYou page: nothing beyond shared page data. */
export type NewsletterThankYouPageData = Record<never, never>;

/** Where the mailing-list service sends a reader after subscribing from the changelog. */
export function NewsletterThankYouPage({ email }: NewsletterThankYouPageProps) {
  return (
    <div data-slot="newsletter-thank-you-page" className="bg-gray-50 px-6 py-24 sm:py-32 lg:px-8">
      <div className="mx-auto max-w-xl text-center">
        <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-green-100">
          <CheckIcon className="size-6 text-green-700" />
        </div>
        <h1 className="mt-6 text-3xl font-semibold tracking-tight text-gray-900 sm:text-4xl">
          You’re subscribed
        </h1>
        <p className="mt-4 text-base/7 text-pretty text-gray-600">
          Thanks for signing up. We’ll send{' '}
          {email ? <strong className="font-semibold text-gray-900">{email}</strong> : 'you'} a short
          e-mail whenever new components, templates or improvements ship. You can unsubscribe from
          any of them with one click.
        </p>
        <div className="mt-10 flex justify-center">
          <Link href="/changelog" className={buttonVariants({ variant: 'secondary' })}>
            <span aria-hidden="true">&larr;</span> Back to the changelog
          </Link>
        </div>
      </div>
    </div>
  );
}
