/**
 * What the server sends for the SandboxCheckout page: the sandbox provider's own inline
 * checkout, rendered inside the checkout page's iframe (apps/server modules/payments builds it).
 */
export type SandboxCheckoutPageProps = {
  transactionId: string;
  productName: string;
  currency: string;
  /** What this transaction charges before tax (integer minor units), fixed by the server. */
  subtotal: number;
  /** The signed-in buyer's address, to prefill; null for a visitor. */
  email: string | null;
  /** The countries the sandbox sells to, with their tax rate in percent (0 for the US). */
  countries: { code: string; name: string; rate: number }[];
  testCards: { number: string; label: string; outcome: 'success' | 'declined' | 'retry' }[];
  /** POST {email, country, postcode} → 200 {currency, subtotal, total, total_tax} | 422 {errors}. */
  detailsUrl: string;
  /** POST {card} → 200 {status: 'completed'} | 402 {message} | 409 {message}. */
  payUrl: string;
};

export type SandboxDetailsValues = { email: string; country: string; postcode: string };
export type SandboxPaymentValues = { card: string };

/** The prices the details step answers with (integer minor units). */
export type SandboxPrices = {
  currency: string;
  subtotal: number;
  total: number;
  total_tax: number;
};

export type SandboxCheckoutStep = 'details' | 'payment' | 'complete';

/** Why the last payment did not go through: a declined card, or one to try again. */
export type SandboxPaymentError = { kind: 'declined' | 'retry' | 'failed'; message: string };
