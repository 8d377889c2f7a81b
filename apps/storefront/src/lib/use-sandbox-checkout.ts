import {
  CHECKOUT_EVENTS,
  sandboxCheckoutMessage,
  type CheckoutEventName,
  type FormState,
  type SandboxCheckoutPageProps,
  type SandboxCheckoutPageViewProps,
  type SandboxCheckoutStep,
  type SandboxDetailsValues,
  type SandboxPaymentError,
  type SandboxPaymentValues,
  type SandboxPrices,
} from '@tessera/pages';
import { useEffect, useRef, useState } from 'react';
import { requestJson, type JsonRequest, type JsonResponse } from './json-request';

/** How the frame talks to the world: JSON to our server, messages to the checkout page. */
export type SandboxCheckoutIo = {
  request: (url: string, init: JsonRequest) => Promise<JsonResponse>;
  postToParent: (message: unknown) => void;
};

const browserSandboxIo: SandboxCheckoutIo = {
  request: requestJson,
  postToParent(message) {
    // Only our own checkout page, in the same origin, may hear what happens in the frame.
    if (window.parent !== window) window.parent.postMessage(message, window.location.origin);
  },
};

export const SANDBOX_MESSAGES = {
  country: 'Choose your country.',
  card: 'Enter a card number.',
  expired: 'This page has expired. Please reload the checkout and try again.',
  unreachable: 'We could not reach the payment service. Please try again.',
  declined: 'Your card was declined. No money was taken.',
  retry: 'The payment could not be confirmed. Please try again.',
} as const;

type Errors = Record<string, string>;

function fieldErrors(data: unknown): Errors {
  const errors = (data as { errors?: unknown } | null)?.errors;
  if (typeof errors !== 'object' || errors === null) return {};
  return Object.fromEntries(
    Object.entries(errors).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

function message(data: unknown, fallback: string): string {
  const text = (data as { message?: unknown } | null)?.message;
  return typeof text === 'string' && text.trim() ? text : fallback;
}

const isMinor = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

function readPrices(data: unknown): SandboxPrices | null {
  if (typeof data !== 'object' || data === null) return null;
  const { currency, subtotal, total, total_tax } = data as Record<string, unknown>;
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) return null;
  if (!isMinor(subtotal) || !isMinor(total) || !isMinor(total_tax)) return null;
  return { currency, subtotal, total, total_tax };
}

type FormSlot<T extends object> = { values: T; errors: Errors; processing: boolean };

function formState<T extends object>(
  slot: FormSlot<T>,
  initial: T,
  setSlot: (update: (slot: FormSlot<T>) => FormSlot<T>) => void,
  action: string,
): Omit<FormState<T>, 'onSubmit'> {
  return {
    // The sandbox's frame runs only with its script (as the provider's does); the target keeps
    // a submit before it has loaded a POST to the step's own endpoint, never a GET with the card.
    target: { method: 'post', action },
    values: slot.values,
    errors: slot.errors as FormState<T>['errors'],
    processing: slot.processing,
    wasSuccessful: false,
    recentlySuccessful: false,
    hasErrors: Object.keys(slot.errors).length > 0,
    isDirty: slot.values !== initial,
    onChange: (field, value) =>
      setSlot((current) => {
        const { [field as string]: _cleared, ...errors } = current.errors;
        return { ...current, values: { ...current.values, [field]: value }, errors };
      }),
  };
}

/**
 * The sandbox provider's inline checkout, speaking Paddle's inline-checkout events: tells the
 * checkout page it has loaded, sends the buyer's details to our server for the tax, tells the
 * page the taxes and the payment step, pays with a test card, and tells the page the checkout
 * is complete. A declined card or a retry is shown here and nothing is posted.
 */
export function useSandboxCheckout(
  props: SandboxCheckoutPageProps,
  io: SandboxCheckoutIo = browserSandboxIo,
): SandboxCheckoutPageViewProps {
  const [step, setStep] = useState<SandboxCheckoutStep>('details');
  const [prices, setPrices] = useState<SandboxPrices>({
    currency: props.currency,
    subtotal: props.subtotal,
    total: props.subtotal,
    total_tax: 0,
  });
  const [initialDetails] = useState<SandboxDetailsValues>({
    email: props.email ?? '',
    country: '',
    postcode: '',
  });
  const [initialPayment] = useState<SandboxPaymentValues>({ card: '' });
  const [details, setDetails] = useState<FormSlot<SandboxDetailsValues>>({
    values: initialDetails,
    errors: {},
    processing: false,
  });
  const [payment, setPayment] = useState<FormSlot<SandboxPaymentValues>>({
    values: initialPayment,
    errors: {},
    processing: false,
  });
  const [detailsError, setDetailsError] = useState<string | null>(null);
  const [paymentError, setPaymentError] = useState<SandboxPaymentError | null>(null);
  const busy = useRef(false);

  const tell = (event: CheckoutEventName, current: SandboxPrices) =>
    io.postToParent(
      sandboxCheckoutMessage(event, {
        currency: current.currency,
        total: current.total,
        total_tax: current.total_tax,
      }),
    );

  const loadedOnce = useRef(false);
  useEffect(() => {
    if (loadedOnce.current) return;
    loadedOnce.current = true;
    io.postToParent(
      sandboxCheckoutMessage(CHECKOUT_EVENTS.loaded, {
        currency: props.currency,
        total: props.subtotal,
        total_tax: 0,
      }),
    );
  }, [io, props.currency, props.subtotal]);

  async function submitDetails() {
    if (busy.current) return;
    if (!details.values.country) {
      setDetails((current) => ({
        ...current,
        errors: { ...current.errors, country: SANDBOX_MESSAGES.country },
      }));
      return;
    }
    busy.current = true;
    setDetailsError(null);
    setDetails((current) => ({ ...current, processing: true }));
    let errors: Errors = {};
    try {
      const response = await io.request(props.detailsUrl, { method: 'POST', body: details.values });
      const priced = response.ok ? readPrices(response.data) : null;
      if (priced) {
        setPrices(priced);
        setStep('payment');
        tell(CHECKOUT_EVENTS.locationSubmit, priced);
        tell(CHECKOUT_EVENTS.paymentSelection, priced);
      } else if (response.status === 422) {
        errors = fieldErrors(response.data);
        if (Object.keys(errors).length === 0) setDetailsError(SANDBOX_MESSAGES.unreachable);
      } else {
        setDetailsError(
          response.status === 419 ? SANDBOX_MESSAGES.expired : SANDBOX_MESSAGES.unreachable,
        );
      }
    } catch {
      setDetailsError(SANDBOX_MESSAGES.unreachable);
    } finally {
      busy.current = false;
      setDetails((current) => ({ ...current, errors, processing: false }));
    }
  }

  async function submitPayment() {
    if (busy.current) return;
    if (!payment.values.card.trim()) {
      setPayment((current) => ({ ...current, errors: { card: SANDBOX_MESSAGES.card } }));
      return;
    }
    busy.current = true;
    setPaymentError(null);
    setPayment((current) => ({ ...current, processing: true }));
    let errors: Errors = {};
    try {
      const response = await io.request(props.payUrl, {
        method: 'POST',
        body: { card: payment.values.card },
      });
      const status = (response.data as { status?: unknown } | null)?.status;
      if (response.ok && status === 'completed') {
        setStep('complete');
        tell(CHECKOUT_EVENTS.complete, prices);
      } else if (response.status === 402) {
        setPaymentError({
          kind: 'declined',
          message: message(response.data, SANDBOX_MESSAGES.declined),
        });
      } else if (response.status === 409) {
        setPaymentError({ kind: 'retry', message: message(response.data, SANDBOX_MESSAGES.retry) });
      } else if (response.status === 422 && Object.keys(fieldErrors(response.data)).length > 0) {
        errors = fieldErrors(response.data);
      } else {
        setPaymentError({
          kind: 'failed',
          message:
            response.status === 419 ? SANDBOX_MESSAGES.expired : SANDBOX_MESSAGES.unreachable,
        });
      }
    } catch {
      setPaymentError({ kind: 'failed', message: SANDBOX_MESSAGES.unreachable });
    } finally {
      busy.current = false;
      setPayment((current) => ({ ...current, errors, processing: false }));
    }
  }

  function changeDetails() {
    if (busy.current) return;
    const untaxed = {
      currency: prices.currency,
      subtotal: prices.subtotal,
      total: prices.subtotal,
      total_tax: 0,
    };
    setPrices(untaxed);
    setPaymentError(null);
    setStep('details');
    tell(CHECKOUT_EVENTS.customerDetails, untaxed);
  }

  return {
    productName: props.productName,
    countries: props.countries,
    testCards: props.testCards,
    step,
    prices,
    details: {
      ...formState(details, initialDetails, setDetails, props.detailsUrl),
      onSubmit: () => void submitDetails(),
    },
    detailsError,
    payment: {
      ...formState(payment, initialPayment, setPayment, props.payUrl),
      onSubmit: () => void submitPayment(),
    },
    paymentError,
    onChangeDetails: changeDetails,
  };
}
