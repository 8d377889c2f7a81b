import {
  CHECKOUT_EVENTS,
  type CheckoutEventName,
  type CheckoutProviderEvent,
} from '@tessera/pages';

/**
 * Paddle Billing's inline checkout (Paddle.js v2) reports `{ name, data }` events, `name` in the
 * form `checkout.*` and `data` shaped like a transaction: `currency_code`, and `totals` with
 * `subtotal`, `tax`, `total` as numbers in major units (29.99). The checkout page's state
 * machine speaks the inline-checkout events instead (`Checkout.Loaded`, … with
 * `eventData.checkout.prices.customer {currency, total, total_tax}` in minor units). This is
 * the one place that translates (docs/decisions/009-checkout-client.md).
 */

/** Paddle Billing event → the checkout page's events, in order. */
const TRANSLATIONS: Record<string, readonly CheckoutEventName[]> = {
  'checkout.loaded': [CHECKOUT_EVENTS.loaded],
  // Billing has no 'landed on the payment step' event: submitting the customer's details
  // (e-mail, country, postcode) prices the taxes and moves the frame on to the payment step.
  'checkout.customer.created': [CHECKOUT_EVENTS.locationSubmit, CHECKOUT_EVENTS.paymentSelection],
  'checkout.customer.updated': [CHECKOUT_EVENTS.locationSubmit, CHECKOUT_EVENTS.paymentSelection],
  // 'Not you? Change': the frame is back at the details step.
  'checkout.customer.removed': [CHECKOUT_EVENTS.loaded],
  'checkout.payment.selected': [CHECKOUT_EVENTS.paymentSelection],
  'checkout.completed': [CHECKOUT_EVENTS.complete],
};

/** Events that change only the totals; the page follows the prices and nothing else. */
export const PRICES_UPDATED = 'Checkout.Prices.Updated';
const PRICE_UPDATES = new Set([
  'checkout.updated',
  'checkout.items.updated',
  'checkout.items.removed',
  'checkout.discount.applied',
  'checkout.discount.removed',
]);

/** The checkout itself failed (Paddle's error shape, no totals): the provider is down for us. */
const FAILURES = new Set(['checkout.error']);

function minorUnits(amount: unknown, currency: string): number | null {
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0) return null;
  const digits =
    new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2;
  const minor = Math.round(amount * 10 ** digits);
  return Number.isSafeInteger(minor) ? minor : null;
}

function customerPrices(data: unknown) {
  if (typeof data !== 'object' || data === null) return null;
  const { currency_code: currency, totals } = data as { currency_code?: unknown; totals?: unknown };
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) return null;
  if (typeof totals !== 'object' || totals === null) return null;
  const { total, tax } = totals as { total?: unknown; tax?: unknown };
  let minorTotal: number | null;
  let minorTax: number | null;
  try {
    minorTotal = minorUnits(total, currency);
    minorTax = minorUnits(tax, currency);
  } catch {
    // Intl does not know the currency.
    return null;
  }
  if (minorTotal === null || minorTax === null || minorTax > minorTotal) return null;
  return { currency, total: minorTotal, total_tax: minorTax };
}

/**
 * The checkout page's events for one Paddle.js event: `[]` for an event the page ignores (payment
 * attempts and failures, which the frame shows itself, and events added to Paddle.js later),
 * `null` when it cannot be read or says the checkout failed — the provider-down state.
 */
export function paddleEventToCheckoutEvents(event: unknown): CheckoutProviderEvent[] | null {
  if (typeof event !== 'object' || event === null) return null;
  const { name, data } = event as { name?: unknown; data?: unknown };
  if (typeof name !== 'string') return null;
  if (FAILURES.has(name)) return null;
  const translated = TRANSLATIONS[name] ?? (PRICE_UPDATES.has(name) ? [PRICES_UPDATED] : null);
  if (!translated) return [];
  const prices = customerPrices(data);
  if (!prices) return null;
  return translated.map((pageEvent) => ({
    event: pageEvent,
    eventData: { checkout: { prices: { customer: prices } } },
  }));
}
