import { useCallback, useReducer } from 'react';
import type { Money } from '../catalog/types';

/**
 * The checkout page's state machine. It is driven by the payment frame's
 * browser events, in the shape Paddle's inline checkout posts them and our sandbox frame
 * copies: `{ event, eventData: { checkout: { prices: { customer: { currency, total,
 * total_tax } } } } }`. Amounts are integer minor units (docs/decisions/009-checkout-client.md);
 * the Paddle Billing adapter converts Paddle.js's events into this shape.
 */

/** The steps the breadcrumb shows after 'Packages'. */
export const CHECKOUT_STEPS = ['Your details', 'Payment'] as const;
export type CheckoutStep = 0 | 1;

/** The events the page acts on; any other readable event only updates the prices. */
export const CHECKOUT_EVENTS = {
  loaded: 'Checkout.Loaded',
  /** The buyer is (back) on the details step: e-mail, country, postcode. */
  customerDetails: 'Checkout.Customer.Details',
  locationSubmit: 'Checkout.Location.Submit',
  paymentSelection: 'Checkout.Payment.Selection',
  complete: 'Checkout.Complete',
} as const;
export type CheckoutEventName = (typeof CHECKOUT_EVENTS)[keyof typeof CHECKOUT_EVENTS];

/** What every event carries: the customer's prices, tax included in `total`. */
export type CheckoutCustomerPrices = { currency: string; total: number; total_tax: number };

export type CheckoutProviderEvent = {
  event: string;
  eventData: { checkout: { prices: { customer: CheckoutCustomerPrices } } };
};

export type CheckoutStatus =
  /** The frame has not said it is loaded: a spinner covers it. */
  | 'loading'
  | 'ready'
  /** 'Checkout.Complete': the page is on its way to the thank-you page. */
  | 'complete'
  /** An event could not be read, or the provider's script never came: the checkout is down. */
  | 'provider-down';

export type CheckoutState = {
  status: CheckoutStatus;
  step: CheckoutStep;
  /** 'Checkout.Location.Submit' has come: the tax line and rate are shown. */
  taxesReady: boolean;
  currency: string;
  /** Minor units; `total - tax` once an event has come, the product price before. */
  subtotal: number;
  tax: number;
  total: number;
};

export type CheckoutAction =
  | { type: 'event'; event: unknown }
  /** The provider could not be reached at all (its script failed to load or start). */
  | { type: 'unavailable' };

/**
 * Where a checkout starts: loading, tax 0, total equal to the product price, step 0 'Your details'.
 */
export function initialCheckoutState(price: Money): CheckoutState {
  return {
    status: 'loading',
    step: 0,
    taxesReady: false,
    currency: price.currency,
    subtotal: price.amount,
    tax: 0,
    total: price.amount,
  };
}

function isMinorUnits(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/**
 * The event, checked field by field, or null when it cannot be read (the page then
 * enters the payment-provider-down state). Amounts must be whole minor units with the tax no
 * larger than the total; the currency a three-letter ISO 4217 code.
 */
export function readCheckoutEvent(raw: unknown): CheckoutProviderEvent | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { event, eventData } = raw as { event?: unknown; eventData?: unknown };
  if (typeof event !== 'string' || event.length === 0 || event.length > 100) return null;
  const customer = (
    eventData as { checkout?: { prices?: { customer?: unknown } } } | null | undefined
  )?.checkout?.prices?.customer;
  if (typeof customer !== 'object' || customer === null) return null;
  const { currency, total, total_tax } = customer as Record<string, unknown>;
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) return null;
  if (!isMinorUnits(total) || !isMinorUnits(total_tax) || total_tax > total) return null;
  return {
    event,
    eventData: { checkout: { prices: { customer: { currency, total, total_tax } } } },
  };
}

/**
 * The tax rate shown beside Taxes: tax / subtotal in percent, rounded to one decimal (0 for a free
 * subtotal).
 */
export function taxRatePercent(tax: number, subtotal: number): number {
  if (subtotal <= 0) return 0;
  return Math.round((tax / subtotal) * 1000) / 10;
}

export function checkoutReducer(state: CheckoutState, action: CheckoutAction): CheckoutState {
  // Both ends are final: a late event neither revives a broken checkout nor undoes a payment.
  if (state.status === 'provider-down' || state.status === 'complete') return state;
  if (action.type === 'unavailable') return { ...state, status: 'provider-down' };

  const read = readCheckoutEvent(action.event);
  if (!read) return { ...state, status: 'provider-down' };
  const { currency, total, total_tax } = read.eventData.checkout.prices.customer;
  const priced: CheckoutState = {
    ...state,
    currency,
    total,
    tax: total_tax,
    subtotal: total - total_tax,
  };
  switch (read.event) {
    case CHECKOUT_EVENTS.loaded:
      return { ...priced, status: 'ready', step: 0 };
    case CHECKOUT_EVENTS.customerDetails:
      // Back to the details: the tax waits for the location again.
      return { ...priced, status: 'ready', step: 0, taxesReady: false };
    case CHECKOUT_EVENTS.paymentSelection:
      return { ...priced, status: 'ready', step: 1 };
    case CHECKOUT_EVENTS.locationSubmit:
      return { ...priced, taxesReady: true };
    case CHECKOUT_EVENTS.complete:
      return { ...priced, status: 'complete' };
    default:
      return priced;
  }
}

/** The reducer applied to a list of events: the state a story or a test starts from. */
export function checkoutStateAfter(price: Money, actions: CheckoutAction[]): CheckoutState {
  return actions.reduce(checkoutReducer, initialCheckoutState(price));
}

export type CheckoutController = {
  state: CheckoutState;
  /** Feeds one provider event (unchecked: the reducer reads it). */
  receive: (event: unknown) => void;
  /** The provider cannot be reached. */
  fail: () => void;
};

/** The state machine as a hook; the container feeds it the frame's events. */
export function useCheckoutState(price: Money): CheckoutController {
  const [state, dispatch] = useReducer(checkoutReducer, price, initialCheckoutState);
  const receive = useCallback((event: unknown) => dispatch({ type: 'event', event }), []);
  const fail = useCallback(() => dispatch({ type: 'unavailable' }), []);
  return { state, receive, fail };
}
