import { Head } from '@inertiajs/react';
import { NewsletterThankYouPage, newsletterThankYouPageTitle } from '@tessera/pages';

export default function NewsletterThankYou() {
  return (
    <>
      <Head title={newsletterThankYouPageTitle} />
      <NewsletterThankYouPage />
    </>
  );
}
