import { cn, Link } from '@tessera/ui';
import { useId, type ReactNode } from 'react';
import { CheckCircleIcon } from '../catalog/icons';
import { componentCountClaim } from '../catalog/component-count';
import { componentCountLabel } from '../catalog/category-card';
import type { TemplateSummary } from '../catalog/types';
import { REFUND_WINDOW_DAYS, TEAM_SEATS, TEMPLATE_IMAGE_SIZE, UPGRADE_URL } from '../constants';
import { BlackFridayBanner } from '../home/black-friday-banner';
import { PricingSection, type PlanAction } from '../pricing-section/pricing-section';
import { ProductOffers } from '../pricing-section/product-offers';
import { CatalogueImage } from '../shared/catalogue-image';
import type {
  AllAccessOffer,
  AllAccessPageProps as AllAccessServerProps,
  IncludedProduct,
  PersonalAllAccessOffer,
} from './types';

/** The page's own <title>; the container adds the brand suffix. */
export const allAccessPageTitle = 'All-access: every component, template and UI kit';

export const UPGRADE_TO_STANDARD_LABEL = 'Upgrade to standard licence';

/**
 * The Personal card's button: 'Upgrade to standard licence' where the customer may upgrade, else
 * 'Get all-access' where they may buy, else a disabled 'You already own this'.
 */
export function personalPlanAction(offer: PersonalAllAccessOffer): PlanAction {
  if (offer.upgradableToStandardLicense) {
    return { href: UPGRADE_URL, label: UPGRADE_TO_STANDARD_LABEL };
  }
  if (offer.purchaseable) return { href: offer.checkoutUrl, label: 'Get all-access' };
  return { owned: true };
}

/**
 * The Teams card's button: 'Get all-access for your team' where buyable, else 'You already own
 * this'.
 */
export function teamPlanAction(offer: AllAccessOffer): PlanAction {
  return offer.purchaseable
    ? { href: offer.checkoutUrl, label: 'Get all-access for your team' }
    : { owned: true };
}

export type AllAccessPageProps = AllAccessServerProps & {
  /** The shared `tailwindVersion`: the latest Tailwind CSS the library is written for. */
  tailwindVersion: string;
  /** The shared `preferredLanguage`, for prices. */
  locale?: string;
};

/**
 * The all-access pricing page (/all-access): the Personal and Teams offers, what is included, the
 * templates, testimonials and the FAQ.
 */
export function AllAccessPage({
  offers,
  otherOffers,
  blackFriday,
  includedProducts,
  templates,
  componentCount,
  tailwindVersion,
  locale,
}: AllAccessPageProps) {
  return (
    <div data-slot="all-access-page">
      {blackFriday ? <BlackFridayBanner offer={blackFriday} locale={locale} /> : null}
      <PricingSection
        personal={offers.personal.price}
        team={offers.team.price}
        personalAction={personalPlanAction(offers.personal)}
        teamAction={teamPlanAction(offers.team)}
        componentCount={componentCount}
        locale={locale}
        headingLevel={1}
        className="bg-white"
      />
      <ProductOffers
        id="other-licences"
        title="Other licences"
        intro="All-access at a reduced price for students, low incomes and classrooms, or one package on its own. One-time payment, plus local taxes."
        offers={otherOffers}
        locale={locale}
        className="border-t border-gray-900/10"
      />
      <Included products={includedProducts} templates={templates} />
      <Features componentCount={componentCount} />
      <TailwindVersion version={tailwindVersion} />
      <Testimonials />
    </div>
  );
}

function SectionHeading({
  id,
  eyebrow,
  title,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="max-w-2xl">
      <p className="text-base/7 font-semibold text-brand-600">{eyebrow}</p>
      <h2
        id={id}
        className="mt-2 text-3xl font-semibold tracking-tight text-pretty text-gray-900 sm:text-4xl"
      >
        {title}
      </h2>
      {children ? <p className="mt-4 text-lg/8 text-pretty text-gray-600">{children}</p> : null}
    </div>
  );
}

function Included({
  products,
  templates,
}: {
  products: IncludedProduct[];
  templates: TemplateSummary[];
}) {
  const headingId = useId();
  const templatesId = useId();
  return (
    <section aria-labelledby={headingId} className="border-t border-gray-900/10 bg-gray-50">
      <div className="mx-auto max-w-7xl px-6 py-24 sm:py-28 lg:px-8">
        <SectionHeading id={headingId} eyebrow="What’s included" title="Everything we make">
          Every component package and every template, today’s and tomorrow’s.
        </SectionHeading>
        <ul role="list" className="mt-12 grid grid-cols-1 gap-6 lg:grid-cols-3">
          {products.map((product) => (
            <li
              key={product.name}
              className="flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-900/10"
            >
              <h3 className="text-lg/7 font-semibold text-gray-900">{product.name}</h3>
              <p className="mt-1 text-sm/6 font-medium text-brand-700">
                {componentCountLabel(product.componentCount)}
              </p>
              <p className="mt-3 flex-1 text-sm/6 text-gray-600">{product.description}</p>
              <Link
                href={product.url}
                className="mt-4 text-sm/6 font-semibold text-brand-600 hover:text-brand-500"
              >
                Browse {product.name} <span aria-hidden="true">&rarr;</span>
              </Link>
            </li>
          ))}
        </ul>
        <h3 id={templatesId} className="mt-20 text-2xl font-semibold tracking-tight text-gray-900">
          {templates.length} site templates and UI kits
        </h3>
        <ul
          role="list"
          aria-labelledby={templatesId}
          className="mt-8 grid grid-cols-1 gap-x-8 gap-y-12 sm:grid-cols-2 lg:grid-cols-3"
        >
          {templates.map((template) => (
            <li key={template.slug} className="relative">
              <CatalogueImage
                src={template.imageUrl}
                alt=""
                name={template.name}
                {...TEMPLATE_IMAGE_SIZE}
                loading="lazy"
                className="aspect-[56/38] w-full rounded-xl bg-gray-100 object-cover ring-1 ring-gray-900/10"
              />
              <h4 className="mt-4 text-base/7 font-semibold text-gray-900">
                <Link href={template.url} className="hover:text-brand-600">
                  <span className="absolute inset-0" aria-hidden="true" />
                  {template.name}
                </Link>
              </h4>
              <p className="text-sm/6 text-gray-600">{template.summary}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function FeatureList({ title, features }: { title: string; features: string[] }) {
  const titleId = useId();
  return (
    <div>
      <h3 id={titleId} className="text-base/7 font-semibold text-gray-900">
        {title}
      </h3>
      <ul role="list" aria-labelledby={titleId} className="mt-4 space-y-3 text-sm/6 text-gray-600">
        {features.map((feature) => (
          <li key={feature} className="flex gap-x-3">
            <CheckCircleIcon className="h-6 w-5 flex-none text-brand-600" />
            {feature}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Features({ componentCount }: { componentCount: number }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="border-t border-gray-900/10">
      <div className="mx-auto max-w-7xl px-6 py-24 sm:py-28 lg:px-8">
        <SectionHeading id={headingId} eyebrow="Features" title="Buy it once, keep it for good">
          One payment, no subscription: what you get today is yours, and so is everything we add.
        </SectionHeading>
        <div className="mt-12 grid grid-cols-1 gap-10 md:grid-cols-3">
          <FeatureList
            title="The library"
            features={[
              `${componentCountClaim(componentCount)} components`,
              'Every site template and UI kit',
              'HTML, React and Vue versions of every component',
              'Accessible, responsive, light and dark',
            ]}
          />
          <FeatureList
            title="Your licence"
            features={[
              'Lifetime access',
              'Free updates, forever',
              'Unlimited projects, personal and for clients',
              `Full refund within ${REFUND_WINDOW_DAYS} days`,
            ]}
          />
          <FeatureList
            title="Teams"
            features={[
              `Available for teams of up to ${TEAM_SEATS} people`,
              'Invite and remove members any time',
              'Reduced Classroom and Restricted licences',
              'Help with your account and licence by e-mail',
            ]}
          />
        </div>
      </div>
    </section>
  );
}

/** Shows 'v4.3' for '4.3' or 'v4.3' alike. */
export function tailwindVersionLabel(version: string): string {
  return version.startsWith('v') ? version : `v${version}`;
}

function TailwindVersion({ version }: { version: string }) {
  const headingId = useId();
  const label = tailwindVersionLabel(version);
  return (
    <section aria-labelledby={headingId} className="bg-gray-950">
      <div className="mx-auto max-w-7xl px-6 py-20 lg:flex lg:items-center lg:justify-between lg:gap-x-12 lg:px-8">
        <div className="max-w-2xl">
          <p className="text-base/7 font-semibold text-brand-300">Always up to date</p>
          <h2
            id={headingId}
            className="mt-2 text-3xl font-semibold tracking-tight text-white sm:text-4xl"
          >
            Written for Tailwind CSS {label}
          </h2>
          <p className="mt-4 text-lg/8 text-pretty text-gray-300">
            Every component and template uses the latest Tailwind CSS, and moves with it when a new
            version ships — part of the free updates.
          </p>
        </div>
        <p
          aria-hidden="true"
          className="mt-10 font-mono text-7xl font-semibold tracking-tight text-white/90 lg:mt-0"
        >
          {label}
        </p>
      </div>
    </section>
  );
}

/** What customers say; written by the people named, shown with their permission. */
export const ALL_ACCESS_TESTIMONIALS = [
  {
    quote:
      'We shipped our whole dashboard in two weeks. Every table and form we needed was already there, in React, and it looked like us after one afternoon of theming.',
    name: 'Priya Raman',
    role: 'Engineering lead, Fieldwork',
  },
  {
    quote:
      'The templates alone paid for the licence on the first client project. The updates since then are a bonus I keep forgetting I did not pay for.',
    name: 'Marcus Oyelaran',
    role: 'Freelance developer',
  },
  {
    quote:
      'Our designers and developers finally look at the same components. Adding a new hire to the team licence takes a minute.',
    name: 'Lena Hoffmann',
    role: 'Design systems, Northwind Studio',
  },
] as const;

function Testimonials() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="border-t border-gray-900/10 bg-gray-50">
      <div className="mx-auto max-w-7xl px-6 py-24 sm:py-28 lg:px-8">
        <SectionHeading id={headingId} eyebrow="Testimonials" title="What customers say" />
        <ul role="list" className="mt-12 grid grid-cols-1 gap-8 lg:grid-cols-3">
          {ALL_ACCESS_TESTIMONIALS.map((testimonial) => (
            <li key={testimonial.name}>
              <figure
                className={cn(
                  'h-full rounded-2xl bg-white p-8 text-sm/6 shadow-sm ring-1 ring-gray-900/5',
                )}
              >
                <blockquote className="text-gray-900">
                  <p>“{testimonial.quote}”</p>
                </blockquote>
                <figcaption className="mt-6">
                  <p className="font-semibold text-gray-900">{testimonial.name}</p>
                  <p className="text-gray-600">{testimonial.role}</p>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
