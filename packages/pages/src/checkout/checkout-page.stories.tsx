import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { checkoutJourney, checkoutProducts, taxedPrices } from '../fixtures/checkout';
import { CheckoutFramePlaceholder } from '../stories-support/checkout-frame-placeholder';
import { CheckoutPage, PAYMENT_PROVIDER_DOWN, TAXES_PENDING } from './checkout-page';
import { checkoutStateAfter, initialCheckoutState } from './checkout-state';

/**
 * A phone as tall as the page, so the screenshot shows the fixed bar over the page's bottom edge,
 * where a phone shows it (Chromium leaves fixed content past the viewport unpainted).
 */
const phoneViewport = {
  options: {
    mobile375: {
      name: 'Mobile (375px)',
      type: 'mobile',
      styles: { width: '375px', height: '1000px' },
    },
  },
};
const phoneFrame: Decorator = (Story) => (
  <div className="min-h-screen">
    <Story />
  </div>
);

const product = checkoutProducts.allAccess;
const stateAfter = (actions: keyof typeof checkoutJourney) =>
  checkoutStateAfter(product.price, checkoutJourney[actions]);

const meta = {
  title: 'Pages/Commerce/Checkout',
  component: CheckoutPage,
  parameters: { layout: 'fullscreen', viewport: phoneViewport },
  args: {
    product,
    checkout: stateAfter('loaded'),
    frame: <CheckoutFramePlaceholder />,
    locale: 'en-US',
  },
} satisfies Meta<typeof CheckoutPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Before the frame says it has loaded, a spinner covers it. */
export const Loading = {
  args: { checkout: initialCheckoutState(product.price) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading the secure checkout…');
    await expect(canvas.getByTestId('payment-frame')).not.toBeVisible();
    // Tax 0 and the total equal to the price until the provider says otherwise.
    await expect(canvas.getByText('Total price').nextElementSibling).toHaveTextContent('$299');
    await expect(canvas.getByText(TAXES_PENDING)).toBeVisible();
  },
} satisfies Story;

/** Step 0: the frame asks for the buyer's details; taxes are not known yet. */
export const Details = {
  args: {},
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'All-Access' })).toBeVisible();
    await expect(canvas.getByText('Personal licence')).toBeVisible();
    await expect(canvas.getByText('one-time payment')).toBeVisible();
    await expect(canvas.getByText('All prices in USD')).toBeVisible();
    const steps = within(canvas.getByRole('navigation', { name: 'Checkout progress' }));
    await expect(steps.getByRole('link', { name: 'Packages' })).toHaveAttribute(
      'href',
      '/all-access',
    );
    await expect(steps.getByText('Your details')).toHaveAttribute('aria-current', 'page');
    await expect(steps.getByText('Payment')).not.toHaveAttribute('aria-current');
    await expect(canvas.getByText(TAXES_PENDING)).toBeVisible();
    await expect(canvas.getByTestId('payment-frame')).toBeVisible();
    await expect(canvas.queryByRole('status')).not.toBeInTheDocument();
  },
} satisfies Story;

/** Step 1 ('Checkout.Payment.Selection'). */
export const Payment = {
  args: { checkout: stateAfter('paymentStep') },
  play: async ({ canvasElement }) => {
    const steps = within(
      within(canvasElement).getByRole('navigation', { name: 'Checkout progress' }),
    );
    await expect(steps.getByText('Payment')).toHaveAttribute('aria-current', 'page');
    await expect(steps.getByText('Your details')).not.toHaveAttribute('aria-current');
  },
} satisfies Story;

/** 'Checkout.Location.Submit': the tax line shows its amount and rate. */
export const TaxesReady = {
  args: { checkout: stateAfter('taxesReady') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Taxes (19%)').nextElementSibling).toHaveTextContent('$56.81');
    await expect(canvas.getByText('Subtotal').nextElementSibling).toHaveTextContent('$299');
    await expect(canvas.getByText('Total price').nextElementSibling).toHaveTextContent('$355.81');
    await expect(canvas.queryByText(TAXES_PENDING)).not.toBeInTheDocument();
  },
} satisfies Story;

/** An unreadable event means the provider is down: the page says so and offers no frame. */
export const ProviderDown = {
  args: { checkout: stateAfter('providerDown') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent(PAYMENT_PROVIDER_DOWN.title);
    for (const sentence of PAYMENT_PROVIDER_DOWN.body)
      await expect(alert).toHaveTextContent(sentence);
    await expect(canvas.queryByTestId('payment-frame')).not.toBeInTheDocument();
  },
} satisfies Story;

/** 'Checkout.Complete': the page is on its way to the thank-you page. */
export const Complete = {
  args: {
    checkout: checkoutStateAfter(product.price, [
      ...checkoutJourney.taxesReady,
      {
        type: 'event',
        event: {
          event: 'Checkout.Complete',
          eventData: { checkout: { prices: { customer: taxedPrices } } },
        },
      },
    ]),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      'Payment received. Taking you to your purchase…',
    );
  },
} satisfies Story;

/** A team licence: 25 seats and a link to compare on /all-access. */
export const Team = {
  args: { product: checkoutProducts.allAccessTeam },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Team licence')).toBeVisible();
    await expect(canvas.getByText(/covers up to 25 people/)).toBeVisible();
    await expect(
      canvas.getByRole('link', { name: 'Compare personal and team licences' }),
    ).toHaveAttribute('href', '/all-access');
    await expect(canvas.getByText('$799', { selector: '[data-slot=price]' })).toBeVisible();
  },
} satisfies Story;

/**
 * Restricted licence: the notice, and the frame stays unusable until the buyer confirms they
 * are eligible.
 */
export const Restricted = {
  args: { product: checkoutProducts.restricted },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByText(
        /for students, for educational use only, or for individuals earning at most \$30,000 USD a year/,
      ),
    ).toBeVisible();
    // No back URL: 'Packages' leads to /all-access.
    await expect(canvas.getByRole('link', { name: 'Packages' })).toHaveAttribute(
      'href',
      '/all-access',
    );
    const confirm = canvas.getByRole('checkbox', { name: /I confirm I am a student/ });
    await expect(confirm).toBeRequired();
    await expect(confirm).not.toBeChecked();
    await expect(canvas.getByText('Confirm your eligibility above to continue.')).toBeVisible();
    const frameButton = canvas.getByRole('button', {
      name: 'Payment provider’s frame',
      hidden: true,
    });
    await expect(frameButton.closest('[inert]')).not.toBeNull();
  },
} satisfies Story;

export const RestrictedConfirmed = {
  args: { product: checkoutProducts.restricted },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('checkbox', { name: /I confirm I am a student/ }));
    await expect(canvas.queryByText('Confirm your eligibility above to continue.')).toBeNull();
    const frameButton = canvas.getByRole('button', { name: 'Payment provider’s frame' });
    await expect(frameButton.closest('[inert]')).toBeNull();
    (document.activeElement as HTMLElement | null)?.blur();
  },
} satisfies Story;

/** Classroom licences carry the restricted notice plus the rule about leaving students. */
export const Classroom = {
  args: { product: checkoutProducts.classroom },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Classroom licence', { selector: 'p' })).toBeVisible();
    await expect(canvas.getByText(/removed from the team when they finish/)).toBeVisible();
    await expect(canvas.getByRole('checkbox', { name: /for teaching students/ })).not.toBeChecked();
  },
} satisfies Story;

/** The Black Friday bundle includes the design ebook. */
export const EbookPromo = {
  args: { product: checkoutProducts.blackFridayBundle },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const promo = canvas.getByRole('complementary', { name: 'Design ebook' });
    await expect(promo).toHaveTextContent('218 pages and three videos');
    await expect(promo).toHaveTextContent('$149');
    await expect(canvas.getByRole('link', { name: 'Packages' })).toHaveAttribute('href', '/');
  },
} satisfies Story;

/** Phones: the summary collapses into a bar at the bottom showing the total. */
export const MobileSummaryClosed = {
  args: { checkout: stateAfter('taxesReady') },
  globals: { viewport: { value: 'mobile375', isRotated: false } },
  decorators: [phoneFrame],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('button', { name: /^Total/ });
    await expect(toggle).toHaveAccessibleName('Total $355.81');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // The wide-screen summary is hidden on phones.
    await expect(canvas.queryByText('Subtotal')).not.toBeVisible();
  },
} satisfies Story;

export const MobileSummaryOpen = {
  args: { checkout: stateAfter('taxesReady') },
  globals: { viewport: { value: 'mobile375', isRotated: false } },
  decorators: [phoneFrame],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('button', { name: /^Total/ });
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = canvasElement.ownerDocument.getElementById(
      toggle.getAttribute('aria-controls') ?? '',
    );
    await expect(panel).toBeVisible();
    await expect(within(panel!).getByText('Taxes (19%)')).toBeVisible();
    await expect(within(panel!).getByText('Subtotal')).toBeVisible();
    toggle.blur();
  },
} satisfies Story;
