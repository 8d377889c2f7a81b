import type { Money } from '../catalog/types';
import type { LicenseKind } from '../constants';

/**
 * How the checkout page opens the payment frame: our own sandbox page in an iframe, or Paddle.js.
 * Mirrors `CheckoutFrame` in apps/server/src/modules/payments/provider.ts (the server's
 * `PaymentProvider.frame()`), which the lead points at this type when the two meet.
 */
export type CheckoutFrame =
  | { provider: 'sandbox'; url: string; transactionId: string }
  | {
      provider: 'paddle';
      transactionId: string;
      /** Paddle's client-side token (public by design; never the API key). */
      clientToken: string;
      environment: 'sandbox' | 'production';
    };

/** The product on the Checkout page, as the server prices it for this buyer. */
export type CheckoutProduct = {
  name: string;
  /** The licence badge's words, e.g. 'Personal licence'. */
  license: string;
  kind: LicenseKind;
  description: string;
  /** What this buyer pays before tax (integer minor units). */
  price: Money;
  /** Where 'Packages' in the breadcrumb leads; null means /all-access. */
  backUrl: string | null;
  /** The Black Friday bundle: all-access plus the design ebook. */
  includesEbook: boolean;
};

/** What the server sends for the Checkout page (shared page data comes on top). */
export type CheckoutPageProps = {
  product: CheckoutProduct;
  frame: CheckoutFrame;
  /** `/thank-you?checkout={hash}`: where 'Checkout.Complete' leads. */
  thankYouUrl: string;
};
