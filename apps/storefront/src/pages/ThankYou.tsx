import { Head, router, usePage } from '@inertiajs/react';
import { ThankYouPage, thankYouPageTitle } from '@tessera/pages';
import type { PagePropsFor } from '@tessera/pages';
import { thankYouLandingUrl, usePurchasePolling } from '../lib/use-purchase-polling';

export default function ThankYou() {
  const { props } = usePage<PagePropsFor<'ThankYou'>>();
  const status = usePurchasePolling({
    hash: props.hash,
    // The server sends the buyer on (home after an upgrade, else the licence page) with the
    // message that says what happened.
    onReady: () => router.visit(thankYouLandingUrl(props.hash)),
  });
  return (
    <>
      <Head title={thankYouPageTitle} />
      <ThankYouPage isUpgrade={props.isUpgrade} status={status} supportEmail={props.supportEmail} />
    </>
  );
}
