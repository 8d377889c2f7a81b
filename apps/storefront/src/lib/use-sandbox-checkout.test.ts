import { checkoutStateAfter, type CheckoutAction } from '@tessera/pages';
import { sandboxCheckoutPageProps } from '@tessera/pages/fixtures';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { JsonRequest, JsonResponse } from './json-request';
import {
  SANDBOX_MESSAGES,
  useSandboxCheckout,
  type SandboxCheckoutIo,
} from './use-sandbox-checkout';

const props = { ...sandboxCheckoutPageProps, email: 'ada@example.com' };
const taxed = { currency: 'USD', subtotal: 29900, total: 35581, total_tax: 5681 };

/** Scripted answers per URL, in order; every request and message is recorded. */
function io(answers: Record<string, JsonResponse[]>) {
  const requests: { url: string; init: JsonRequest }[] = [];
  const messages: { event: string; eventData: unknown }[] = [];
  const fake: SandboxCheckoutIo = {
    request: vi.fn(async (url: string, init: JsonRequest) => {
      requests.push({ url, init });
      const next = answers[url]?.shift();
      if (!next) throw new TypeError('Failed to fetch');
      return next;
    }),
    postToParent: (message) => messages.push(message as { event: string; eventData: unknown }),
  };
  return { fake, requests, messages, events: () => messages.map((m) => m.event) };
}

const ok = (data: unknown): JsonResponse => ({ status: 200, ok: true, data });
const fail = (status: number, data: unknown): JsonResponse => ({ status, ok: false, data });

async function fillDetails(result: { current: ReturnType<typeof useSandboxCheckout> }) {
  act(() => result.current.details.onChange('country', 'DE'));
  act(() => result.current.details.onChange('postcode', '10115'));
  await act(async () => result.current.details.onSubmit());
}

describe('useSandboxCheckout', () => {
  it('tells the page it loaded, with the untaxed price, once', () => {
    const { fake, messages } = io({});
    const { rerender } = renderHook(() => useSandboxCheckout(props, fake));
    rerender();
    expect(messages).toEqual([
      {
        source: 'tessera-sandbox-checkout',
        event: 'Checkout.Loaded',
        eventData: {
          checkout: { prices: { customer: { currency: 'USD', total: 29900, total_tax: 0 } } },
        },
      },
    ]);
  });

  it('sends the details, then tells the page the taxes and the payment step', async () => {
    const { fake, requests, messages, events } = io({ [props.detailsUrl]: [ok(taxed)] });
    const { result } = renderHook(() => useSandboxCheckout(props, fake));
    expect(result.current.details.values.email).toBe('ada@example.com');
    await fillDetails(result);
    expect(requests).toEqual([
      {
        url: props.detailsUrl,
        init: {
          method: 'POST',
          body: { email: 'ada@example.com', country: 'DE', postcode: '10115' },
        },
      },
    ]);
    expect(events()).toEqual([
      'Checkout.Loaded',
      'Checkout.Location.Submit',
      'Checkout.Payment.Selection',
    ]);
    expect(messages[1]?.eventData).toEqual({
      checkout: { prices: { customer: { currency: 'USD', total: 35581, total_tax: 5681 } } },
    });
    expect(result.current.step).toBe('payment');
    expect(result.current.prices).toEqual(taxed);
  });

  it('goes back from payment to the details, keeping them, and the page follows to step 1 untaxed', async () => {
    const germany = { ...taxed, total: 35581 };
    const france = { currency: 'USD', subtotal: 29900, total: 35880, total_tax: 5980 };
    const { fake, messages, events } = io({ [props.detailsUrl]: [ok(germany), ok(france)] });
    const { result } = renderHook(() => useSandboxCheckout(props, fake));
    await fillDetails(result);
    act(() => result.current.onChangeDetails());
    expect(result.current.step).toBe('details');
    expect(result.current.details.values).toEqual({
      email: 'ada@example.com',
      country: 'DE',
      postcode: '10115',
    });
    expect(result.current.prices).toEqual({ ...taxed, total: 29900, total_tax: 0 });
    expect(events().at(-1)).toBe('Checkout.Customer.Details');
    // What the checkout page makes of it: back on 'Your details', taxes waiting for the location.
    const page = checkoutStateAfter(
      { amount: 29900, currency: 'USD' },
      messages.map((event): CheckoutAction => ({ type: 'event', event })),
    );
    expect(page).toMatchObject({ step: 0, taxesReady: false, tax: 0, total: 29900 });
    act(() => result.current.details.onChange('country', 'FR'));
    await act(async () => result.current.details.onSubmit());
    expect(result.current.step).toBe('payment');
    expect(result.current.prices).toEqual(france);
  });

  it('shows the server’s field errors and stays on the details step', async () => {
    const { fake, events } = io({
      [props.detailsUrl]: [fail(422, { errors: { postcode: 'Enter a valid postcode.', bad: 3 } })],
    });
    const { result } = renderHook(() => useSandboxCheckout(props, fake));
    await fillDetails(result);
    expect(result.current.details.errors).toEqual({ postcode: 'Enter a valid postcode.' });
    expect(result.current.details.processing).toBe(false);
    expect(result.current.step).toBe('details');
    expect(events()).toEqual(['Checkout.Loaded']);
    // Typing again clears that field's message.
    act(() => result.current.details.onChange('postcode', '10117'));
    expect(result.current.details.errors).toEqual({});
  });

  it('asks for a country before sending anything', async () => {
    const { fake, requests } = io({});
    const { result } = renderHook(() => useSandboxCheckout(props, fake));
    await act(async () => result.current.details.onSubmit());
    expect(result.current.details.errors).toEqual({ country: SANDBOX_MESSAGES.country });
    expect(requests).toEqual([]);
  });

  it('says so when the page has expired or the server cannot be reached', async () => {
    const { fake } = io({ [props.detailsUrl]: [fail(419, null)] });
    const { result } = renderHook(() => useSandboxCheckout(props, fake));
    await fillDetails(result);
    expect(result.current.detailsError).toBe(SANDBOX_MESSAGES.expired);
    await act(async () => result.current.details.onSubmit());
    expect(result.current.detailsError).toBe(SANDBOX_MESSAGES.unreachable);
  });

  it('pays with a test card and tells the page the checkout is complete', async () => {
    const { fake, requests, events, messages } = io({
      [props.detailsUrl]: [ok(taxed)],
      [props.payUrl]: [ok({ status: 'completed' })],
    });
    const { result } = renderHook(() => useSandboxCheckout(props, fake));
    await fillDetails(result);
    act(() => result.current.payment.onChange('card', '4242 4242 4242 4242'));
    await act(async () => result.current.payment.onSubmit());
    expect(requests.at(-1)).toEqual({
      url: props.payUrl,
      init: { method: 'POST', body: { card: '4242 4242 4242 4242' } },
    });
    expect(result.current.step).toBe('complete');
    expect(events().at(-1)).toBe('Checkout.Complete');
    // What the checkout page makes of the frame's messages.
    const page = checkoutStateAfter(
      { currency: 'USD', amount: 29900 },
      messages.map((event): CheckoutAction => ({ type: 'event', event })),
    );
    expect(page).toMatchObject({ status: 'complete', step: 1, taxesReady: true, total: 35581 });
  });

  it('shows a declined card in the frame and tells the page nothing', async () => {
    const { fake, events } = io({
      [props.detailsUrl]: [ok(taxed)],
      [props.payUrl]: [fail(402, { message: 'Card declined by the issuer.' }), fail(402, {})],
    });
    const { result } = renderHook(() => useSandboxCheckout(props, fake));
    await fillDetails(result);
    act(() => result.current.payment.onChange('card', '4000 0000 0000 0002'));
    await act(async () => result.current.payment.onSubmit());
    expect(result.current.paymentError).toEqual({
      kind: 'declined',
      message: 'Card declined by the issuer.',
    });
    expect(result.current.step).toBe('payment');
    await act(async () => result.current.payment.onSubmit());
    expect(result.current.paymentError).toEqual({
      kind: 'declined',
      message: SANDBOX_MESSAGES.declined,
    });
    expect(events()).not.toContain('Checkout.Complete');
  });

  it('asks to try again on 409, and then succeeds', async () => {
    const { fake, events } = io({
      [props.detailsUrl]: [ok(taxed)],
      [props.payUrl]: [fail(409, { message: 'Try again.' }), ok({ status: 'completed' })],
    });
    const { result } = renderHook(() => useSandboxCheckout(props, fake));
    await fillDetails(result);
    act(() => result.current.payment.onChange('card', '4000 0000 0000 3220'));
    await act(async () => result.current.payment.onSubmit());
    expect(result.current.paymentError).toEqual({ kind: 'retry', message: 'Try again.' });
    await act(async () => result.current.payment.onSubmit());
    expect(result.current.paymentError).toBeNull();
    expect(events().filter((event) => event === 'Checkout.Complete')).toHaveLength(1);
  });

  it('sends one payment however often Pay is pressed while it is on its way', async () => {
    let answer: (response: JsonResponse) => void = () => {};
    const { fake, events } = io({ [props.detailsUrl]: [ok(taxed)] });
    const { result } = renderHook(() => useSandboxCheckout(props, fake));
    await fillDetails(result);
    vi.mocked(fake.request).mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    act(() => result.current.payment.onChange('card', '4242 4242 4242 4242'));
    act(() => {
      result.current.payment.onSubmit();
      result.current.payment.onSubmit();
    });
    act(() => result.current.payment.onSubmit());
    expect(fake.request).toHaveBeenCalledTimes(2);
    await act(async () => answer(ok({ status: 'completed' })));
    expect(events().filter((event) => event === 'Checkout.Complete')).toHaveLength(1);
  });
});
