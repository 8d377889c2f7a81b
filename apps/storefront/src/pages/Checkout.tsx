import { Head, router, usePage } from '@inertiajs/react';
import {
  CheckoutPage,
  checkoutPageTitle,
  SandboxCheckoutFrame,
  useCheckoutState,
} from '@tessera/pages';
import type { PagePropsFor } from '@tessera/pages';
import { useEffect } from 'react';
import { PaddleCheckoutFrame } from '../lib/paddle-checkout-frame';

export default function Checkout() {
  const { props } = usePage<PagePropsFor<'Checkout'>>();
  const { product, frame, thankYouUrl } = props;
  const checkout = useCheckoutState(product.price);

  // 'Checkout.Complete' leads to the thank-you page, which waits for the webhook.
  const complete = checkout.state.status === 'complete';
  useEffect(() => {
    if (complete) router.visit(thankYouUrl);
  }, [complete, thankYouUrl]);

  return (
    <>
      <Head title={checkoutPageTitle(product)} />
      <CheckoutPage
        product={product}
        checkout={checkout.state}
        locale={props.preferredLanguage}
        frame={
          frame.provider === 'sandbox' ? (
            <SandboxCheckoutFrame
              url={frame.url}
              transactionId={frame.transactionId}
              onEvent={checkout.receive}
            />
          ) : (
            <PaddleCheckoutFrame
              frame={frame}
              onEvent={checkout.receive}
              onUnavailable={checkout.fail}
            />
          )
        }
      />
    </>
  );
}
