import { Button, buttonVariants, cn, Link, Price } from '@tessera/ui';
import { useId } from 'react';
import { CheckCircleIcon } from '../catalog/icons';
import { componentCountClaim } from '../catalog/component-count';
import { ALL_ACCESS_SLUG, ALL_ACCESS_URL, checkoutUrl, TEAM_SEATS } from '../constants';
import type { AllAccessPricing } from '../shared/shared-page-data';

/** Shown beside the price when the customer's own products lower it. */
export const DISCOUNT_NOTE = 'Discounted — since you own other products.';
/** The disabled button of a licence the customer holds. */
export const ALREADY_OWNED_LABEL = 'You already own this';

/** What a plan's button does: go somewhere (a checkout, /upgrade), or say it is owned. */
export type PlanAction = { href: string; label: string } | { owned: true };

/**
 * The headline: the full price sells ('Buy once, use forever.'); a discounted one is an upgrade.
 */
export function pricingHeadline(pricing: AllAccessPricing): string {
  return pricing.advertised === pricing.amount
    ? 'Buy once, use forever.'
    : 'Upgrade for more components.';
}

const personalFeatures = (componentCount: number) => [
  `${componentCountClaim(componentCount)} components in React, Vue and HTML`,
  'Every site template and UI kit',
  'Lifetime access and free updates',
  'Unlimited projects',
];

const teamFeatures = [
  `Everything in Personal, for up to ${TEAM_SEATS} people`,
  'Invite and remove members any time',
  'One invoice for the whole team',
  'Unlimited projects',
];

export type PricingSectionProps = {
  /** The shared `allAccessPricing` (the personal licence). */
  personal: AllAccessPricing;
  /** The team licence's price; without it the card points to the all-access page for it. */
  team?: AllAccessPricing | null;
  /** Current components in the catalogue, for the features line. */
  componentCount: number;
  /** The visitor's locale for prices (the shared `preferredLanguage`). */
  locale?: string;
  /** The Personal button; 'Get all-access' to its checkout unless given. */
  personalAction?: PlanAction;
  /** The Teams button; 'Get all-access for your team' to its checkout (or /all-access). */
  teamAction?: PlanAction;
  /** The headline's level: 1 when the section opens its page (/all-access). */
  headingLevel?: 1 | 2;
  /** The section's anchor: 'Get the code' links lead to #pricing. */
  id?: string;
  className?: string;
};

/** The all-access Personal and Teams cards, each with its checkout. */
export function PricingSection({
  personal,
  team,
  componentCount,
  locale,
  personalAction = { href: checkoutUrl(ALL_ACCESS_SLUG), label: 'Get all-access' },
  teamAction = {
    href: team ? checkoutUrl(ALL_ACCESS_SLUG, 'team') : ALL_ACCESS_URL,
    label: 'Get all-access for your team',
  },
  headingLevel = 2,
  id = 'pricing',
  className,
}: PricingSectionProps) {
  const headingId = useId();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      data-slot="pricing-section"
      className={cn('relative isolate bg-gray-50', className)}
    >
      <div className="mx-auto max-w-7xl px-6 py-24 sm:py-28 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-base/7 font-semibold text-brand-600">All-access</p>
          <Heading
            id={headingId}
            className="mt-2 text-4xl font-semibold tracking-tight text-balance text-gray-900 sm:text-5xl"
          >
            {pricingHeadline(personal)}
          </Heading>
          <p className="mt-6 text-lg/8 text-pretty text-gray-600">
            Every component, template and UI kit we make, now and in the future, for a one-time
            payment. No subscription, no renewals.
          </p>
        </div>
        <div className="mx-auto mt-16 grid max-w-lg grid-cols-1 gap-8 lg:max-w-4xl lg:grid-cols-2">
          <PlanCard
            name="Personal"
            description="For one person building for themselves or for clients."
            pricing={personal}
            locale={locale}
            features={personalFeatures(componentCount)}
            action={personalAction}
            headingLevel={headingLevel === 1 ? 2 : 3}
          />
          <PlanCard
            name="Teams"
            description={`For product teams and agencies of up to ${TEAM_SEATS} people.`}
            pricing={team ?? null}
            locale={locale}
            features={teamFeatures}
            action={teamAction}
            headingLevel={headingLevel === 1 ? 2 : 3}
            featured
          />
        </div>
      </div>
    </section>
  );
}

function PlanCard({
  name,
  description,
  pricing,
  locale,
  features,
  action,
  headingLevel,
  featured = false,
}: {
  name: string;
  description: string;
  pricing: AllAccessPricing | null;
  locale?: string;
  features: string[];
  action: PlanAction;
  headingLevel: 2 | 3;
  featured?: boolean;
}) {
  const titleId = useId();
  const Title = headingLevel === 2 ? 'h2' : 'h3';
  const discounted = pricing !== null && pricing.advertised !== pricing.amount;
  return (
    <div
      role="group"
      aria-labelledby={titleId}
      className={cn(
        'flex flex-col rounded-3xl p-8 ring-1 sm:p-10',
        featured ? 'bg-gray-900 ring-gray-900' : 'bg-white shadow-sm ring-gray-900/10',
      )}
    >
      <Title
        id={titleId}
        className={cn('text-base/7 font-semibold', featured ? 'text-brand-300' : 'text-brand-600')}
      >
        {name}
      </Title>
      <p className={cn('mt-2 text-sm/6', featured ? 'text-gray-300' : 'text-gray-600')}>
        {description}
      </p>
      {pricing ? (
        <div className="mt-6">
          <p className="flex flex-wrap items-baseline gap-x-3">
            <Price
              amount={pricing.amount}
              currency={pricing.currency}
              locale={locale}
              className={cn(
                'text-5xl font-semibold tracking-tight',
                featured ? 'text-white' : 'text-gray-900',
              )}
            />
            {discounted ? (
              <Price
                amount={pricing.advertised}
                currency={pricing.currency}
                locale={locale}
                struck
                className={cn('text-xl font-medium', featured ? 'text-gray-400' : 'text-gray-500')}
              />
            ) : null}
          </p>
          <p className={cn('mt-2 text-sm/6', featured ? 'text-gray-400' : 'text-gray-500')}>
            one-time payment, plus local taxes
          </p>
          {discounted ? (
            <p
              className={cn(
                'mt-1 text-sm/6 font-medium',
                featured ? 'text-emerald-400' : 'text-emerald-700',
              )}
            >
              {DISCOUNT_NOTE}
            </p>
          ) : null}
        </div>
      ) : (
        <p className={cn('mt-6 text-sm/6', featured ? 'text-gray-300' : 'text-gray-600')}>
          One-time payment for the whole team, plus local taxes. See the price on the all-access
          page.
        </p>
      )}
      <ul
        role="list"
        className={cn(
          'mt-8 flex-1 space-y-3 text-sm/6',
          featured ? 'text-gray-300' : 'text-gray-600',
        )}
      >
        {features.map((feature) => (
          <li key={feature} className="flex gap-x-3">
            <CheckCircleIcon
              className={cn('h-6 w-5 flex-none', featured ? 'text-brand-400' : 'text-brand-600')}
            />
            {feature}
          </li>
        ))}
      </ul>
      {'owned' in action ? (
        <Button
          size="lg"
          disabled
          className={cn('mt-8 w-full', featured && 'bg-white text-gray-900')}
        >
          {ALREADY_OWNED_LABEL}
        </Button>
      ) : (
        <Link
          href={action.href}
          className={cn(
            buttonVariants({ size: 'lg' }),
            'mt-8 w-full',
            featured && 'bg-white text-gray-900 hover:bg-gray-100',
          )}
        >
          {action.label}
        </Link>
      )}
    </div>
  );
}
