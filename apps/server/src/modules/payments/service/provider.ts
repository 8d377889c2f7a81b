import type { CheckoutFrame } from '@tessera/pages';
import type { LicenseKind } from '@tessera/pages/constants';

/**
 * The seam between the store and whoever takes the money (ARCHITECTURE "Payments"):
 * `sandbox` (the default; our own inline checkout and signed webhooks, offline) or `paddle`
 * (Paddle Billing). Chosen by PAYMENT_PROVIDER.
 *
 * The price is decided on the server (modules/pricing) and fixed in the provider's
 * transaction before the frame opens: the browser never says what is charged.
 */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'paddle';
  /** Creates the provider transaction for a priced line; its id keys the pending checkout. */
  createTransaction(input: TransactionInput): Promise<{ transactionId: string }>;
  /** What the checkout page needs to open the inline frame for that transaction. */
  frame(transactionId: string): CheckoutFrame;
  /** Asks the provider to refund a completed transaction; the refund arrives as a webhook. */
  refund(transactionId: string, reason: string): Promise<void>;
  /**
   * The receipt a purchase links to (purchase history's 'View Receipt'), kept with it: a path on
   * the store's own origin, so the link survives a change of address (decision 047).
   */
  receiptUrl(transactionId: string): string;
  /** A fresh link to the provider's invoice, when its links expire (Paddle). */
  invoiceUrl?(transactionId: string): Promise<string>;
}

export interface TransactionInput {
  /** Our checkout's poll hash, sent back in `custom_data` with the purchase. */
  checkoutHash: string;
  productName: string;
  productSlug: string;
  kind: LicenseKind;
  /** What this buyer pays, in minor units, before tax. */
  amount: number;
  currency: string;
  /** The signed-in buyer's e-mail, to prefill the frame; null for a visitor. */
  email: string | null;
  /** Echoed in the completed transaction's `custom_data`. */
  customData: Record<string, string>;
}

/** How the checkout page opens the frame: the page's own type (one contract). */
export type { CheckoutFrame };
