import { Head, usePage } from '@inertiajs/react';
import { SandboxCheckoutPage, sandboxCheckoutPageTitle } from '@tessera/pages';
import type { PagePropsFor } from '@tessera/pages';
import { useRef } from 'react';
import { useReportFrameHeight } from '../lib/use-report-frame-height';
import { useSandboxCheckout } from '../lib/use-sandbox-checkout';

/** The sandbox provider's inline checkout, inside the Checkout page's iframe (FrameLayout). */
export default function SandboxCheckout() {
  const { props } = usePage<PagePropsFor<'SandboxCheckout'>>();
  const view = useSandboxCheckout(props);
  const root = useRef<HTMLDivElement>(null);
  useReportFrameHeight(root, props.transactionId);
  return (
    <div ref={root}>
      <Head title={sandboxCheckoutPageTitle} />
      <SandboxCheckoutPage {...view} locale={props.preferredLanguage} />
    </div>
  );
}
