import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { checkoutEvent, taxedPrices, untaxedPrices } from '../fixtures/checkout';
import {
  CHECKOUT_EVENTS,
  checkoutReducer,
  checkoutStateAfter,
  initialCheckoutState,
  readCheckoutEvent,
  taxRatePercent,
  useCheckoutState,
  type CheckoutAction,
  type CheckoutState,
} from './checkout-state';

const price = { currency: 'USD', amount: 29900 };
const on = (event: unknown): CheckoutAction => ({ type: 'event', event });
const run = (...events: unknown[]) => checkoutStateAfter(price, events.map(on));

describe('checkout state machine', () => {
  it('starts loading at step 0 with no tax and the product price as the total', () => {
    expect(initialCheckoutState(price)).toEqual({
      status: 'loading',
      step: 0,
      taxesReady: false,
      currency: 'USD',
      subtotal: 29900,
      tax: 0,
      total: 29900,
    } satisfies CheckoutState);
  });

  it('ends the spinner at step 0 on Checkout.Loaded', () => {
    const state = run(checkoutEvent(CHECKOUT_EVENTS.loaded, untaxedPrices));
    expect(state).toMatchObject({ status: 'ready', step: 0, taxesReady: false });
  });

  it('moves to step 1 on Checkout.Payment.Selection, and back to 0 on a later Loaded', () => {
    const payment = run(
      checkoutEvent(CHECKOUT_EVENTS.loaded, untaxedPrices),
      checkoutEvent(CHECKOUT_EVENTS.paymentSelection, untaxedPrices),
    );
    expect(payment).toMatchObject({ status: 'ready', step: 1 });
    const reloaded = checkoutReducer(
      payment,
      on(checkoutEvent(CHECKOUT_EVENTS.loaded, untaxedPrices)),
    );
    expect(reloaded.step).toBe(0);
  });

  it('marks taxes ready on Checkout.Location.Submit, and only then', () => {
    const before = run(
      checkoutEvent(CHECKOUT_EVENTS.loaded, untaxedPrices),
      checkoutEvent(CHECKOUT_EVENTS.paymentSelection, taxedPrices),
    );
    expect(before.taxesReady).toBe(false);
    const after = checkoutReducer(
      before,
      on(checkoutEvent(CHECKOUT_EVENTS.locationSubmit, taxedPrices)),
    );
    expect(after).toMatchObject({ taxesReady: true, step: 1, status: 'ready' });
  });

  it('takes currency, tax and total from every event, the subtotal being total less tax', () => {
    const state = run(
      checkoutEvent(CHECKOUT_EVENTS.loaded, untaxedPrices),
      checkoutEvent(CHECKOUT_EVENTS.locationSubmit, {
        currency: 'EUR',
        total: 30940,
        total_tax: 4940,
      }),
    );
    expect(state).toMatchObject({ currency: 'EUR', total: 30940, tax: 4940, subtotal: 26000 });
    // An event the page does not act on still carries the latest prices.
    const updated = checkoutReducer(
      state,
      on(
        checkoutEvent('Checkout.Customer.Details', { currency: 'GBP', total: 100, total_tax: 20 }),
      ),
    );
    expect(updated).toMatchObject({ currency: 'GBP', total: 100, tax: 20, subtotal: 80, step: 0 });
  });

  it('completes on Checkout.Complete and then ignores whatever comes', () => {
    const complete = run(
      checkoutEvent(CHECKOUT_EVENTS.loaded, untaxedPrices),
      checkoutEvent(CHECKOUT_EVENTS.complete, taxedPrices),
    );
    expect(complete.status).toBe('complete');
    expect(checkoutReducer(complete, on('garbage'))).toBe(complete);
    expect(checkoutReducer(complete, { type: 'unavailable' })).toBe(complete);
  });

  it.each([
    ['not an object', 'Checkout.Loaded'],
    ['null', null],
    ['no event name', { eventData: checkoutEvent('x', untaxedPrices).eventData }],
    ['no prices', { event: CHECKOUT_EVENTS.loaded, eventData: { checkout: {} } }],
    [
      'a lower-case currency',
      checkoutEvent(CHECKOUT_EVENTS.loaded, { ...untaxedPrices, currency: 'usd' }),
    ],
    [
      'a fractional total',
      checkoutEvent(CHECKOUT_EVENTS.loaded, { ...untaxedPrices, total: 299.5 }),
    ],
    [
      'a total as a string',
      {
        event: CHECKOUT_EVENTS.loaded,
        eventData: {
          checkout: { prices: { customer: { currency: 'USD', total: '299', total_tax: 0 } } },
        },
      },
    ],
    ['a negative tax', checkoutEvent(CHECKOUT_EVENTS.loaded, { ...untaxedPrices, total_tax: -1 })],
    [
      'tax above the total',
      checkoutEvent(CHECKOUT_EVENTS.loaded, { currency: 'USD', total: 10, total_tax: 11 }),
    ],
    [
      'an unsafe integer',
      checkoutEvent(CHECKOUT_EVENTS.loaded, { ...untaxedPrices, total: 2 ** 60 }),
    ],
  ])('enters the provider-down state on an unreadable event: %s', (_case, event) => {
    const ready = run(checkoutEvent(CHECKOUT_EVENTS.loaded, untaxedPrices));
    const down = checkoutReducer(ready, on(event));
    expect(down.status).toBe('provider-down');
    // Final: a good event afterwards does not bring the frame back.
    expect(checkoutReducer(down, on(checkoutEvent(CHECKOUT_EVENTS.loaded, untaxedPrices)))).toBe(
      down,
    );
  });

  it('enters the provider-down state when the provider cannot be reached', () => {
    expect(checkoutReducer(initialCheckoutState(price), { type: 'unavailable' }).status).toBe(
      'provider-down',
    );
  });
});

describe('readCheckoutEvent', () => {
  it('keeps only the fields the page reads', () => {
    const event = { ...checkoutEvent(CHECKOUT_EVENTS.loaded, untaxedPrices), extra: 'x' };
    expect(readCheckoutEvent(event)).toEqual(checkoutEvent(CHECKOUT_EVENTS.loaded, untaxedPrices));
  });
});

describe('taxRatePercent', () => {
  it('is tax over subtotal in percent, rounded to one decimal', () => {
    expect(taxRatePercent(5681, 29900)).toBe(19);
    expect(taxRatePercent(2654, 29900)).toBe(8.9);
    expect(taxRatePercent(1, 3)).toBe(33.3);
    expect(taxRatePercent(0, 29900)).toBe(0);
    expect(taxRatePercent(0, 0)).toBe(0);
  });
});

describe('useCheckoutState', () => {
  it('feeds events and failures into the machine', () => {
    const { result } = renderHook(() => useCheckoutState(price));
    expect(result.current.state.status).toBe('loading');
    act(() => result.current.receive(checkoutEvent(CHECKOUT_EVENTS.loaded, untaxedPrices)));
    expect(result.current.state.status).toBe('ready');
    act(() => result.current.receive(checkoutEvent(CHECKOUT_EVENTS.locationSubmit, taxedPrices)));
    expect(result.current.state).toMatchObject({ taxesReady: true, tax: 5681, total: 35581 });
    act(() => result.current.fail());
    expect(result.current.state.status).toBe('provider-down');
  });
});
