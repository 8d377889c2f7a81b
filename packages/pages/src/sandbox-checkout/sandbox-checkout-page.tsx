import { Alert, Badge, Button, formatPrice, Select, TextField } from '@tessera/ui';
import { CheckIcon } from '../icons/icons';
import type { FormState } from '../forms/form-state';
import type {
  SandboxCheckoutPageProps,
  SandboxCheckoutStep,
  SandboxDetailsValues,
  SandboxPaymentError,
  SandboxPaymentValues,
  SandboxPrices,
} from './types';
import { Form } from '../forms/form';
import { useEffect, useRef } from 'react';

export const sandboxCheckoutPageTitle = 'Sandbox checkout';

/** The sandbox takes these as given: only the card number decides the outcome. */
const SANDBOX_CARD_EXPIRY = '12 / 34';
const SANDBOX_CARD_CVC = '123';

export type SandboxCheckoutPageViewProps = Pick<
  SandboxCheckoutPageProps,
  'productName' | 'countries' | 'testCards'
> & {
  step: SandboxCheckoutStep;
  /** Before the details step: the subtotal with no tax yet. */
  prices: SandboxPrices;
  details: FormState<SandboxDetailsValues>;
  /** A failure that belongs to no field (the network, an expired page). */
  detailsError: string | null;
  payment: FormState<SandboxPaymentValues>;
  paymentError: SandboxPaymentError | null;
  /** From payment back to the details, which keep what the buyer typed. */
  onChangeDetails: () => void;
  locale?: string;
};

/**
 * The sandbox provider's inline checkout, shown inside the checkout page's frame: details
 * (e-mail, country, postcode), then payment with the test cards. No real money moves.
 */
export function SandboxCheckoutPage(props: SandboxCheckoutPageViewProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(props.step);
  // The step's button goes away with its step: focus goes to the new step's heading, not to the
  // frame's body, so a keyboard or screen-reader user stays in the checkout.
  useEffect(() => {
    if (shownStep.current === props.step) return;
    shownStep.current = props.step;
    heading.current?.focus();
  }, [props.step]);
  return (
    <div data-slot="sandbox-checkout-page" className="bg-white p-1">
      <div className="flex items-center justify-between gap-3">
        <h1
          ref={heading}
          tabIndex={-1}
          className="text-base font-semibold text-gray-900 outline-none"
        >
          {stepTitle[props.step]}
        </h1>
        <Badge variant="neutral">Sandbox: no real payment</Badge>
      </div>
      {props.step === 'details' ? <DetailsStep {...props} /> : null}
      {props.step === 'payment' ? <PaymentStep {...props} /> : null}
      {props.step === 'complete' ? <CompleteStep {...props} /> : null}
    </div>
  );
}

const stepTitle: Record<SandboxCheckoutStep, string> = {
  details: 'Your details',
  payment: 'Payment',
  complete: 'Payment complete',
};

function DetailsStep({ details, detailsError, countries }: SandboxCheckoutPageViewProps) {
  return (
    <Form form={details} className="mt-6 space-y-5">
      {detailsError ? <Alert variant="error">{detailsError}</Alert> : null}
      <TextField
        label="Email address"
        name="email"
        type="email"
        autoComplete="email"
        required
        value={details.values.email}
        error={details.errors.email}
        onChange={(event) => details.onChange('email', event.target.value)}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Select
          label="Country"
          name="country"
          placeholder="Choose a country"
          options={countries.map((country) => ({ value: country.code, label: country.name }))}
          value={details.values.country}
          error={details.errors.country}
          onChange={(value) => details.onChange('country', value)}
        />
        <TextField
          label="Postcode"
          name="postcode"
          autoComplete="postal-code"
          required
          value={details.values.postcode}
          error={details.errors.postcode}
          onChange={(event) => details.onChange('postcode', event.target.value)}
        />
      </div>
      <Button type="submit" size="lg" className="w-full" loading={details.processing}>
        Continue
      </Button>
    </Form>
  );
}

function PaymentStep({
  prices,
  details,
  payment,
  paymentError,
  testCards,
  onChangeDetails,
  locale,
}: SandboxCheckoutPageViewProps) {
  const money = (amount: number) => formatPrice(amount, prices.currency, { locale });
  return (
    <Form form={payment} className="mt-6 space-y-5">
      <div className="flex items-center justify-between gap-3 rounded-control bg-gray-50 px-3 py-2 text-sm">
        <p className="min-w-0 truncate text-gray-600">{details.values.email}</p>
        <button
          type="button"
          onClick={onChangeDetails}
          disabled={payment.processing}
          className="shrink-0 font-semibold text-brand-700 hover:text-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:text-gray-400"
        >
          Change details
        </button>
      </div>
      {paymentError ? (
        <Alert
          variant={paymentError.kind === 'retry' ? 'warning' : 'error'}
          role="alert"
          title={paymentError.kind === 'declined' ? 'Your card was declined' : 'Please try again'}
        >
          {paymentError.message}
        </Alert>
      ) : null}
      <TextField
        label="Card number"
        name="card"
        inputMode="numeric"
        autoComplete="cc-number"
        required
        value={payment.values.card}
        error={payment.errors.card}
        onChange={(event) => payment.onChange('card', event.target.value)}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField label="Expiry date" name="expiry" value={SANDBOX_CARD_EXPIRY} readOnly />
        <TextField label="Security code" name="cvc" value={SANDBOX_CARD_CVC} readOnly />
      </div>
      <fieldset>
        <legend className="text-sm/6 font-medium text-gray-900">Test cards</legend>
        <ul role="list" className="mt-2 space-y-2">
          {testCards.map((card) => (
            <li key={card.number}>
              <button
                type="button"
                onClick={() => payment.onChange('card', card.number)}
                className="flex w-full items-center justify-between rounded-control px-3 py-2 text-left text-sm ring-1 ring-gray-200 outline-none ring-inset hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <span className="font-mono text-gray-900 tabular-nums">{card.number}</span>
                <span className="text-gray-600">{card.label}</span>
              </button>
            </li>
          ))}
        </ul>
      </fieldset>
      <dl className="space-y-1 text-sm/6 text-gray-600">
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd className="tabular-nums">{money(prices.subtotal)}</dd>
        </div>
        <div className="flex justify-between">
          <dt>Tax</dt>
          <dd className="tabular-nums">{money(prices.total_tax)}</dd>
        </div>
        <div className="flex justify-between font-semibold text-gray-900">
          <dt>Total</dt>
          <dd className="tabular-nums">{money(prices.total)}</dd>
        </div>
      </dl>
      <Button type="submit" size="lg" className="w-full" loading={payment.processing}>
        Pay {money(prices.total)}
      </Button>
    </Form>
  );
}

function CompleteStep({ productName, prices, locale }: SandboxCheckoutPageViewProps) {
  return (
    <div role="status" className="mt-8 text-center">
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-green-100">
        <CheckIcon className="size-6 text-green-700" />
      </div>
      <p className="mt-4 text-base font-semibold text-gray-900">
        Paid {formatPrice(prices.total, prices.currency, { locale })} for {productName}
      </p>
      <p className="mt-1 text-sm text-gray-600">Taking you to your purchase…</p>
    </div>
  );
}
