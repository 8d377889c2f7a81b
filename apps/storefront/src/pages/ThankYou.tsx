import { Head, router, usePage } from '@inertiajs/react';
import { ThankYouPage, thankYouPageTitle } from '@tessera/pages';
import type { PagePropsFor } from '@tessera/pages';
import { usePurchasePolling } from '../lib/use-purchase-polling';

export default function ThankYou() {
  const { props } = usePage<PagePropsFor<'ThankYou'>>();
  const status = usePurchasePolling({
    hash: props.hash,
    // An upgrade goes home; a new purchase to its licence page.
    onReady: (licenseKey) =>
      router.visit(props.isUpgrade ? '/' : `/licenses/${encodeURIComponent(licenseKey)}`),
  });
  return (
    <>
      <Head title={thankYouPageTitle} />
      <ThankYouPage isUpgrade={props.isUpgrade} status={status} supportEmail={props.supportEmail} />
    </>
  );
}
