import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { sandboxCheckoutPageProps, sandboxCountries, sandboxTestCards } from '../fixtures/checkout';
import { fixtureForm } from '../fixtures/form';
import { useInteractiveForm } from '../stories-support/interactive-form';
import { SandboxCheckoutPage, type SandboxCheckoutPageViewProps } from './sandbox-checkout-page';
import type { SandboxPrices } from './types';

const untaxed: SandboxPrices = { currency: 'USD', subtotal: 29900, total: 29900, total_tax: 0 };
const taxed: SandboxPrices = { currency: 'USD', subtotal: 29900, total: 35581, total_tax: 5681 };

/** The details and payment forms keep what is typed, and report it to the spies. */
function InteractiveSandboxCheckout(props: SandboxCheckoutPageViewProps) {
  const details = useInteractiveForm(props.details);
  const payment = useInteractiveForm(props.payment);
  return <SandboxCheckoutPage {...props} details={details} payment={payment} />;
}

const meta = {
  title: 'Pages/Commerce/SandboxCheckout',
  component: SandboxCheckoutPage,
  render: (args) => <InteractiveSandboxCheckout {...args} />,
  // The width of the checkout page's frame column.
  decorators: [
    (Story) => (
      <div className="max-w-xl">
        <Story />
      </div>
    ),
  ],
  args: {
    productName: sandboxCheckoutPageProps.productName,
    countries: sandboxCountries,
    testCards: sandboxTestCards,
    step: 'details',
    prices: untaxed,
    details: fixtureForm(
      { email: '', country: '', postcode: '' },
      { onChange: fn().mockName('details.onChange'), onSubmit: fn().mockName('details.onSubmit') },
    ),
    detailsError: null,
    payment: fixtureForm(
      { card: '' },
      { onChange: fn().mockName('payment.onChange'), onSubmit: fn().mockName('payment.onSubmit') },
    ),
    paymentError: null,
    onChangeDetails: fn().mockName('onChangeDetails'),
    locale: 'en-US',
  },
} satisfies Meta<typeof SandboxCheckoutPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Step 1: e-mail, country and postcode. */
export const DetailsStep = {
  args: {},
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Your details' })).toBeVisible();
    await expect(canvas.getByText('Sandbox: no real payment')).toBeVisible();
    await userEvent.type(canvas.getByLabelText('Email address'), 'ada@example.com');
    await userEvent.click(canvas.getByRole('combobox', { name: 'Country' }));
    await userEvent.click(canvas.getByRole('option', { name: 'Germany' }));
    await userEvent.type(canvas.getByLabelText('Postcode'), '10115');
    await expect(args.details.onChange).toHaveBeenCalledWith('country', 'DE');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expect(args.details.onSubmit).toHaveBeenCalledOnce();
  },
} satisfies Story;

/** A signed-in buyer's address is filled in. */
export const DetailsPrefilled = {
  args: {
    details: fixtureForm({ email: 'ada@example.com', country: 'FR', postcode: '75001' }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Email address')).toHaveValue('ada@example.com');
    await expect(canvas.getByRole('combobox', { name: 'Country' })).toHaveTextContent('France');
  },
} satisfies Story;

/** The server answered 422 with a message per field. */
export const ValidationError = {
  args: {
    details: fixtureForm(
      { email: 'ada@example', country: '', postcode: '' },
      {
        errors: {
          email: 'Enter a valid e-mail address.',
          country: 'Choose your country.',
          postcode: 'Enter your postcode.',
        },
      },
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Email address')).toHaveAccessibleDescription(
      'Enter a valid e-mail address.',
    );
    await expect(canvas.getByRole('combobox', { name: 'Country' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(canvas.getByText('Enter your postcode.')).toBeVisible();
  },
} satisfies Story;

export const DetailsSubmitting = {
  args: {
    details: fixtureForm(
      { email: 'ada@example.com', country: 'DE', postcode: '10115' },
      { processing: true },
    ),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Continue' })).toBeDisabled();
  },
} satisfies Story;

/** Step 2: taxes are known; the test cards fill in the number. */
export const PaymentStep = {
  args: {
    step: 'payment',
    prices: taxed,
    details: fixtureForm({ email: 'ada@example.com', country: 'DE', postcode: '10115' }),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Payment' })).toBeVisible();
    await expect(canvas.getByText('Tax').nextElementSibling).toHaveTextContent('$56.81');
    await userEvent.click(canvas.getByRole('button', { name: /4000 0000 0000 0002/ }));
    await expect(canvas.getByLabelText('Card number')).toHaveValue('4000 0000 0000 0002');
    await expect(args.payment.onChange).toHaveBeenCalledWith('card', '4000 0000 0000 0002');
    await userEvent.click(canvas.getByRole('button', { name: 'Pay $355.81' }));
    await expect(args.payment.onSubmit).toHaveBeenCalledOnce();
    (document.activeElement as HTMLElement | null)?.blur();
  },
} satisfies Story;

/** The step lives in the frame's state, as the SandboxCheckout container keeps it. */
function SteppingSandboxCheckout(props: SandboxCheckoutPageViewProps) {
  const [step, setStep] = useState(props.step);
  const details = useInteractiveForm(props.details);
  const payment = useInteractiveForm(props.payment);
  return (
    <SandboxCheckoutPage
      {...props}
      step={step}
      details={{ ...details, onSubmit: () => setStep('payment') }}
      payment={payment}
      onChangeDetails={() => {
        props.onChangeDetails();
        setStep('details');
      }}
    />
  );
}

/**
 * From payment back to the details and forward again: what was typed stays, and focus moves to
 * each new step's heading (not to the frame's body) when the button that was pressed goes away.
 */
export const BackToDetails = {
  args: {
    step: 'payment',
    prices: taxed,
    details: fixtureForm({ email: 'ada@example.com', country: 'DE', postcode: '10115' }),
  },
  render: (args) => <SteppingSandboxCheckout {...args} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('ada@example.com')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Change details' }));
    await expect(args.onChangeDetails).toHaveBeenCalledOnce();
    await expect(canvas.getByRole('heading', { name: 'Your details' })).toHaveFocus();
    await expect(canvas.getByLabelText('Email address')).toHaveValue('ada@example.com');
    await expect(canvas.getByLabelText('Postcode')).toHaveValue('10115');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expect(canvas.getByRole('heading', { name: 'Payment' })).toHaveFocus();
    (document.activeElement as HTMLElement | null)?.blur();
  },
} satisfies Story;

/** 402: the card was declined; nothing was bought. */
export const Declined = {
  args: {
    step: 'payment',
    prices: taxed,
    payment: fixtureForm({ card: '4000 0000 0000 0002' }),
    paymentError: { kind: 'declined', message: 'The card was declined. No money was taken.' },
  },
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole('alert');
    await expect(alert).toHaveTextContent('Your card was declined');
    await expect(alert).toHaveTextContent('The card was declined. No money was taken.');
  },
} satisfies Story;

/** 409: the bank asks for another try. */
export const TryAgain = {
  args: {
    step: 'payment',
    prices: taxed,
    payment: fixtureForm({ card: '4000 0000 0000 3220' }),
    paymentError: { kind: 'retry', message: 'The bank could not confirm the payment. Try again.' },
  },
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole('alert');
    await expect(alert).toHaveTextContent('Please try again');
  },
} satisfies Story;

export const Complete = {
  args: { step: 'complete', prices: taxed },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      'Paid $355.81 for All-Access',
    );
  },
} satisfies Story;
