import {
  checkoutStateAfter,
  type CheckoutAction,
  type CheckoutProviderEvent,
} from '@tessera/pages';
import { describe, expect, it } from 'vitest';
import { paddleEventToCheckoutEvents, PRICES_UPDATED } from './paddle-checkout-events';

/**
 * Paddle.js v2 events in the shape Paddle Billing's inline checkout emits them (Paddle's
 * event reference; ids and amounts are ours): `data` mirrors the transaction, totals in
 * major units.
 */
const transaction = {
  id: 'che_01k9ppwfg7nkr1s47pntfe7x3s',
  transaction_id: 'txn_01k9ppwf885xk7azx0xgnp6kp1',
  custom_data: { checkout_hash: '2f9c1a7e5b3d4c8f9a0b1c2d3e4f5a6b' },
  currency_code: 'USD',
  items: [
    {
      price_id: 'pri_01gsz8x8sawmvhz1pv30nge1ke',
      price_name: 'All-Access, personal license',
      product: { id: 'pro_01gsz4t5hdjse780zja8vvr7jg', name: 'All-Access', image_url: null },
      quantity: 1,
      totals: { subtotal: 299, tax: 0, discount: 0, total: 299 },
    },
  ],
  settings: { display_mode: 'inline', theme: 'light' },
  upsell: null,
};
const noCustomer = { id: null, email: null, address: null, business: null };
const customer = {
  id: 'ctm_01k9pq1gzbza1n86n4jef18sbp',
  email: 'ada@example.com',
  address: {
    id: 'add_01k9pq6e149abgqb42rsebvvfw',
    country_code: 'DE',
    postal_code: '10115',
    region: '',
    city: '',
    first_line: '',
  },
  business: null,
};
const untaxed = { subtotal: 299, tax: 0, discount: 0, total: 299, credit: 0, balance: 299 };
const taxed = { subtotal: 299, tax: 56.81, discount: 0, total: 355.81, credit: 0, balance: 355.81 };

const recorded = {
  loaded: {
    name: 'checkout.loaded',
    data: { ...transaction, status: 'draft', customer: noCustomer, totals: untaxed, payment: null },
  },
  customerCreated: {
    name: 'checkout.customer.created',
    data: { ...transaction, status: 'ready', customer, totals: taxed, payment: null },
  },
  customerUpdated: {
    name: 'checkout.customer.updated',
    data: {
      ...transaction,
      status: 'ready',
      customer: { ...customer, address: { ...customer.address, country_code: 'US' } },
      totals: untaxed,
      payment: null,
    },
  },
  paymentSelected: {
    name: 'checkout.payment.selected',
    data: {
      ...transaction,
      status: 'ready',
      customer,
      totals: taxed,
      payment: { method_details: { type: 'card', card: null } },
    },
  },
  paymentFailed: {
    name: 'checkout.payment.failed',
    data: {
      ...transaction,
      status: 'ready',
      customer,
      totals: taxed,
      payment: {
        method_details: {
          type: 'card',
          card: { type: 'visa', last4: '0002', expiry_month: 12, expiry_year: 2034 },
        },
      },
    },
  },
  completed: {
    name: 'checkout.completed',
    data: {
      ...transaction,
      status: 'completed',
      customer,
      totals: taxed,
      payment: {
        method_details: {
          type: 'card',
          card: { type: 'visa', last4: '4242', expiry_month: 12, expiry_year: 2034 },
        },
      },
    },
  },
  error: {
    name: 'checkout.error',
    type: 'request_error',
    code: 'transaction_checkout_not_enabled',
    detail: 'Checkout has not yet been enabled for this vendor.',
    documentation_url: 'https://developer.paddle.com/v1/errors/transactions/checkout_not_enabled',
  },
};

const pageEvent = (event: string, currency: string, total: number, total_tax: number) => ({
  event,
  eventData: { checkout: { prices: { customer: { currency, total, total_tax } } } },
});

describe('paddleEventToCheckoutEvents', () => {
  it('maps checkout.loaded to Checkout.Loaded, totals in minor units', () => {
    expect(paddleEventToCheckoutEvents(recorded.loaded)).toEqual([
      pageEvent('Checkout.Loaded', 'USD', 29900, 0),
    ]);
  });

  it('maps submitted customer details to taxes ready and the payment step', () => {
    expect(paddleEventToCheckoutEvents(recorded.customerCreated)).toEqual([
      pageEvent('Checkout.Location.Submit', 'USD', 35581, 5681),
      pageEvent('Checkout.Payment.Selection', 'USD', 35581, 5681),
    ]);
    expect(paddleEventToCheckoutEvents(recorded.customerUpdated)).toEqual([
      pageEvent('Checkout.Location.Submit', 'USD', 29900, 0),
      pageEvent('Checkout.Payment.Selection', 'USD', 29900, 0),
    ]);
  });

  it('maps a chosen payment method and completion', () => {
    expect(paddleEventToCheckoutEvents(recorded.paymentSelected)).toEqual([
      pageEvent('Checkout.Payment.Selection', 'USD', 35581, 5681),
    ]);
    expect(paddleEventToCheckoutEvents(recorded.completed)).toEqual([
      pageEvent('Checkout.Complete', 'USD', 35581, 5681),
    ]);
  });

  it('follows totals changed by discounts or items', () => {
    const discounted = {
      name: 'checkout.discount.applied',
      data: {
        ...recorded.paymentSelected.data,
        totals: { ...taxed, discount: 29.9, total: 320.23, tax: 51.13 },
      },
    };
    expect(paddleEventToCheckoutEvents(discounted)).toEqual([
      pageEvent(PRICES_UPDATED, 'USD', 32023, 5113),
    ]);
  });

  it('ignores payment attempts the frame reports itself, and events it does not know', () => {
    expect(paddleEventToCheckoutEvents(recorded.paymentFailed)).toEqual([]);
    expect(paddleEventToCheckoutEvents({ name: 'checkout.payment.initiated', data: {} })).toEqual(
      [],
    );
    expect(paddleEventToCheckoutEvents({ name: 'checkout.something.new' })).toEqual([]);
  });

  it('converts with the currency’s own minor unit', () => {
    const yen = {
      ...recorded.completed,
      data: {
        ...recorded.completed.data,
        currency_code: 'JPY',
        totals: { ...taxed, total: 45000, tax: 4091 },
      },
    };
    expect(paddleEventToCheckoutEvents(yen)).toEqual([
      pageEvent('Checkout.Complete', 'JPY', 45000, 4091),
    ]);
    const dinar = {
      ...recorded.completed,
      data: {
        ...recorded.completed.data,
        currency_code: 'KWD',
        totals: { ...taxed, total: 92.5, tax: 0 },
      },
    };
    expect(paddleEventToCheckoutEvents(dinar)).toEqual([
      pageEvent('Checkout.Complete', 'KWD', 92500, 0),
    ]);
  });

  it.each([
    ['checkout.error', recorded.error],
    ['no name', { data: recorded.loaded.data }],
    ['not an object', 'checkout.loaded'],
    ['no data', { name: 'checkout.loaded' }],
    [
      'no totals',
      { name: 'checkout.loaded', data: { ...recorded.loaded.data, totals: undefined } },
    ],
    [
      'a total as a string',
      {
        name: 'checkout.loaded',
        data: { ...recorded.loaded.data, totals: { ...untaxed, total: '299.00' } },
      },
    ],
    [
      'a negative tax',
      {
        name: 'checkout.completed',
        data: { ...recorded.completed.data, totals: { ...taxed, tax: -1 } },
      },
    ],
    [
      'tax above the total',
      {
        name: 'checkout.completed',
        data: { ...recorded.completed.data, totals: { ...taxed, tax: 400 } },
      },
    ],
    [
      'an unknown currency',
      { name: 'checkout.loaded', data: { ...recorded.loaded.data, currency_code: 'XYZ1' } },
    ],
    [
      'an infinite total',
      {
        name: 'checkout.loaded',
        data: { ...recorded.loaded.data, totals: { ...untaxed, total: Infinity } },
      },
    ],
  ])('cannot read %s: the provider-down state', (_case, event) => {
    expect(paddleEventToCheckoutEvents(event)).toBeNull();
  });

  it('drives the page through a whole Paddle checkout', () => {
    const actions: CheckoutAction[] = [
      recorded.loaded,
      recorded.customerCreated,
      recorded.paymentSelected,
      recorded.paymentFailed,
      recorded.completed,
    ]
      .flatMap((event) => paddleEventToCheckoutEvents(event) as CheckoutProviderEvent[])
      .map((event) => ({ type: 'event', event }));
    expect(checkoutStateAfter({ currency: 'USD', amount: 29900 }, actions)).toEqual({
      status: 'complete',
      step: 1,
      taxesReady: true,
      currency: 'USD',
      subtotal: 29900,
      tax: 5681,
      total: 35581,
    });
  });
});
