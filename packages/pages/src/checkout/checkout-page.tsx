import { Badge, Breadcrumbs, Checkbox, cn, formatPrice, Link, Price, Spinner } from '@tessera/ui';
import { useId, useState, type ReactNode } from 'react';
import {
  ALL_ACCESS_URL,
  CHECKOUT_FRAME_INITIAL_HEIGHT,
  CLASSROOM_LICENSE_NOTICE,
  DESIGN_EBOOK,
  LICENSE_CONFIRMATIONS,
  REDUCED_LICENSE_KINDS,
  RESTRICTED_LICENSE_NOTICE,
  TEAM_SEATS,
  type LicenseKind,
} from '../constants';
import { CHECKOUT_STEPS, taxRatePercent, type CheckoutState } from './checkout-state';
import type { CheckoutProduct } from './types';

export function checkoutPageTitle(product: Pick<CheckoutProduct, 'name'>): string {
  return `Checkout: ${product.name}`;
}

/** What the page says while the payment provider cannot be reached. */
export const PAYMENT_PROVIDER_DOWN = {
  title: 'Well this is embarrassing…',
  body: [
    'It looks like our payment provider is experiencing down time which means our checkout is unavailable until they resolve it.',
    "We're working with them to get the issue fixed as quickly as possible, so please check back soon.",
  ],
} as const;

export const TAXES_PENDING = 'Calculated at next step';

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

export type CheckoutPageViewProps = {
  product: CheckoutProduct;
  /** From `useCheckoutState`: step, spinner, prices, provider-down. */
  checkout: CheckoutState;
  /** The provider's inline frame, mounted by the container (an iframe, or Paddle's target). */
  frame: ReactNode;
  locale?: string;
  /** Opens the phone's order-summary bar at first (stories). */
  defaultSummaryOpen?: boolean;
};

/**
 * The Checkout page: what is being bought on one side, the provider's inline frame on the
 * other; the summary (subtotal, taxes, total) follows the frame's events.
 */
export function CheckoutPage({
  product,
  checkout,
  frame,
  locale,
  defaultSummaryOpen = false,
}: CheckoutPageViewProps) {
  const needsEligibility = REDUCED_LICENSE_KINDS.includes(product.kind);
  const [eligible, setEligible] = useState(false);
  const locked = needsEligibility && !eligible;

  return (
    <div
      data-slot="checkout-page"
      className="mx-auto max-w-7xl px-6 pt-10 pb-40 sm:pt-16 lg:px-8 lg:pb-24"
    >
      <div className="flex flex-col gap-y-12 lg:grid lg:grid-cols-2 lg:gap-x-16">
        <section aria-labelledby="checkout-product" className="min-w-0">
          <ProductSummary product={product} currency={checkout.currency} locale={locale} />
          <div className="mt-10 hidden lg:block">
            <h2 className="sr-only">Order summary</h2>
            <SummaryLines checkout={checkout} locale={locale} />
          </div>
        </section>

        <section aria-labelledby="checkout-payment" className="min-w-0">
          <h2 id="checkout-payment" className="sr-only">
            Payment
          </h2>
          <Breadcrumbs
            aria-label="Checkout progress"
            items={[
              { label: 'Packages', href: product.backUrl ?? ALL_ACCESS_URL },
              ...CHECKOUT_STEPS.map((label, index) => ({
                label,
                current: checkout.step === index,
              })),
            ]}
          />
          {needsEligibility ? (
            <EligibilityConfirmation
              kind={product.kind}
              checked={eligible}
              onChange={setEligible}
            />
          ) : null}
          <PaymentFrameArea checkout={checkout} frame={frame} locked={locked} />
        </section>
      </div>
      <MobileSummaryBar checkout={checkout} locale={locale} defaultOpen={defaultSummaryOpen} />
    </div>
  );
}

function ProductSummary({
  product,
  currency,
  locale,
}: {
  product: CheckoutProduct;
  currency: string;
  locale?: string;
}) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h1
          id="checkout-product"
          className="text-3xl font-semibold tracking-tight text-gray-900 sm:text-4xl"
        >
          {product.name}
        </h1>
        <Badge variant={product.kind}>{product.license}</Badge>
      </div>
      <p className="mt-6 flex items-baseline gap-x-2">
        <Price
          amount={product.price.amount}
          currency={product.price.currency}
          locale={locale}
          className="text-4xl font-semibold tracking-tight text-gray-900"
        />
        <span className="text-sm/6 font-medium text-gray-600">one-time payment</span>
      </p>
      <p className="mt-6 text-base/7 text-pretty text-gray-600">{product.description}</p>
      <p className="mt-4 text-sm text-gray-500">All prices in {currency}</p>
      {product.kind === 'team' ? <TeamNote /> : null}
      {REDUCED_LICENSE_KINDS.includes(product.kind) ? (
        <RestrictedNotice kind={product.kind} />
      ) : null}
      {product.includesEbook ? <EbookPromo locale={locale} /> : null}
    </>
  );
}

function TeamNote() {
  return (
    <div className="mt-8 rounded-control bg-purple-50 p-4 text-sm/6 text-purple-900">
      <p>
        A team licence covers up to {TEAM_SEATS} people, you included. Need more seats? Buy several
        team licences, or contact support for large-team pricing.
      </p>
      <p className="mt-2">
        <Link href={ALL_ACCESS_URL} className="font-semibold underline">
          Compare personal and team licences
        </Link>
      </p>
    </div>
  );
}

function RestrictedNotice({ kind }: { kind: LicenseKind }) {
  return (
    <div
      data-slot="restricted-license-notice"
      className="mt-8 rounded-control bg-yellow-50 p-4 text-sm/6 text-yellow-900"
    >
      <p className="font-semibold">
        {kind === 'classroom' ? 'Classroom licence' : 'Restricted licence'}
      </p>
      <p className="mt-1">
        {RESTRICTED_LICENSE_NOTICE} {kind === 'classroom' ? CLASSROOM_LICENSE_NOTICE : null}
      </p>
    </div>
  );
}

function EbookPromo({ locale }: { locale?: string }) {
  const videos = NUMBER_WORDS[DESIGN_EBOOK.videos] ?? String(DESIGN_EBOOK.videos);
  return (
    <aside
      aria-label="Design ebook"
      className="mt-8 flex gap-4 rounded-card bg-gray-950 p-5 text-sm/6 text-gray-300"
    >
      <div
        aria-hidden="true"
        className="flex h-20 w-16 flex-none items-center justify-center rounded-sm bg-linear-to-br from-brand-500 to-brand-800 text-xs font-bold text-white"
      >
        eBook
      </div>
      <div>
        <p className="font-semibold text-white">The design ebook is included</p>
        <p className="mt-1">
          {DESIGN_EBOOK.pages} pages and {videos} videos on designing interfaces, worth{' '}
          <Price
            amount={DESIGN_EBOOK.retailAmount}
            currency="USD"
            locale={locale}
            className="font-semibold text-white"
          />{' '}
          USD on its own, yours with this bundle.
        </p>
      </div>
    </aside>
  );
}

function SummaryLines({
  checkout,
  locale,
  withTotal = true,
}: {
  checkout: CheckoutState;
  locale?: string;
  /** The phone's bar shows the total on its button. */
  withTotal?: boolean;
}) {
  const money = (amount: number) => formatPrice(amount, checkout.currency, { locale });
  const rate = new Intl.NumberFormat(locale ?? 'en-US', {
    style: 'percent',
    maximumFractionDigits: 1,
  }).format(taxRatePercent(checkout.tax, checkout.subtotal) / 100);
  return (
    <dl className="space-y-4 text-sm/6 text-gray-600">
      <div className="flex justify-between">
        <dt>Subtotal</dt>
        <dd className="font-medium text-gray-900 tabular-nums">{money(checkout.subtotal)}</dd>
      </div>
      <div className="flex justify-between">
        <dt>{checkout.taxesReady ? `Taxes (${rate})` : 'Taxes'}</dt>
        <dd className={cn('tabular-nums', checkout.taxesReady && 'font-medium text-gray-900')}>
          {checkout.taxesReady ? money(checkout.tax) : TAXES_PENDING}
        </dd>
      </div>
      {withTotal ? (
        <div className="flex justify-between border-t border-gray-200 pt-4 text-base font-semibold text-gray-900">
          <dt>Total price</dt>
          <dd className="tabular-nums">{money(checkout.total)}</dd>
        </div>
      ) : null}
    </dl>
  );
}

function EligibilityConfirmation({
  kind,
  checked,
  onChange,
}: {
  kind: LicenseKind;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="mt-8 rounded-control border border-gray-200 p-4">
      <Checkbox
        label={LICENSE_CONFIRMATIONS[kind]}
        description="Required before you can pay."
        required
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
    </div>
  );
}

function PaymentFrameArea({
  checkout,
  frame,
  locked,
}: {
  checkout: CheckoutState;
  frame: ReactNode;
  locked: boolean;
}) {
  if (checkout.status === 'provider-down') {
    return (
      <div
        role="alert"
        data-slot="payment-provider-down"
        className="mt-8 rounded-card bg-gray-50 px-6 py-12 text-center"
        style={{ minHeight: CHECKOUT_FRAME_INITIAL_HEIGHT }}
      >
        <h3 className="text-xl font-semibold text-gray-900">{PAYMENT_PROVIDER_DOWN.title}</h3>
        {PAYMENT_PROVIDER_DOWN.body.map((sentence) => (
          <p key={sentence} className="mx-auto mt-4 max-w-md text-base/7 text-gray-600">
            {sentence}
          </p>
        ))}
      </div>
    );
  }
  const loading = checkout.status === 'loading';
  return (
    <div
      data-slot="payment-frame-area"
      className="relative mt-8"
      style={{ minHeight: CHECKOUT_FRAME_INITIAL_HEIGHT }}
    >
      {locked ? (
        <p className="mb-4 text-sm font-medium text-gray-700">
          Confirm your eligibility above to continue.
        </p>
      ) : null}
      <div
        inert={locked || loading || checkout.status === 'complete'}
        className={cn(
          'transition-opacity',
          loading && 'invisible',
          locked && 'opacity-40 select-none',
        )}
      >
        {frame}
      </div>
      {loading ? (
        <div
          role="status"
          className="absolute inset-0 flex items-center justify-center gap-3 text-sm text-gray-600"
        >
          <Spinner aria-hidden="true" className="size-6 text-brand-600" />
          Loading the secure checkout…
        </div>
      ) : null}
      {checkout.status === 'complete' ? (
        <p role="status" className="mt-4 text-sm font-medium text-green-700">
          Payment received. Taking you to your purchase…
        </p>
      ) : null}
    </div>
  );
}

function ChevronUpIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className={className}>
      <path
        fillRule="evenodd"
        d="M9.47 6.47a.75.75 0 0 1 1.06 0l4.25 4.25a.75.75 0 1 1-1.06 1.06L10 8.06l-3.72 3.72a.75.75 0 0 1-1.06-1.06l4.25-4.25Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

/** On phones a bar at the bottom shows the total and opens the summary. */
function MobileSummaryBar({
  checkout,
  locale,
  defaultOpen,
}: {
  checkout: CheckoutState;
  locale?: string;
  defaultOpen: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const panelId = useId();
  return (
    <div
      data-slot="checkout-summary-bar"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-gray-200 bg-white shadow-lg lg:hidden"
    >
      {open ? (
        <div id={panelId} className="border-b border-gray-200 px-6 pt-6 pb-4">
          <h2 className="sr-only">Order summary</h2>
          <SummaryLines checkout={checkout} locale={locale} withTotal={false} />
        </div>
      ) : null}
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((current) => !current)}
        className="flex w-full items-center justify-between px-6 py-4 text-base font-semibold text-gray-900 outline-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
      >
        <span>Total</span>
        <span className="flex items-center gap-x-2">
          <span className="tabular-nums">
            {formatPrice(checkout.total, checkout.currency, { locale })}
          </span>
          <ChevronUpIcon
            className={cn('size-5 text-gray-500 transition-transform', open && 'rotate-180')}
          />
        </span>
      </button>
    </div>
  );
}
