import { Button } from '@tessera/ui';
import { useId, useState } from 'react';
import { CategoryCard } from '../catalog/category-card';
import type { CatalogCategory, CatalogProductSection } from '../catalog/types';
import { Faq, type FaqContacts, type FaqVariant } from '../faq/faq';
import { PricingSection } from '../pricing-section/pricing-section';
import { ProductOffers, type ProductOffer } from '../pricing-section/product-offers';
import { componentCountClaim } from '../catalog/component-count';
import type { AllAccessPricing, VersionPrefix } from '../shared/shared-page-data';

export const componentsPageTitle = 'Components';

/**
 * A category group with this many cards or more is shown progressively: the first six always,
 * up to nine from the large breakpoint, all from extra-large.
 */
export const PROGRESSIVE_DISPLAY_MIN = 10;
/** Cards always shown in a progressive group. */
export const ALWAYS_VISIBLE_CARDS = 6;
/** Cards shown from the large breakpoint; from extra-large all are. */
export const LARGE_VISIBLE_CARDS = 9;

export type ComponentsPageProps = FaqContacts & {
  sections: CatalogProductSection[];
  /** The shared `can.purchaseAllAccess`: pricing and FAQ are shown only then. */
  canPurchaseAllAccess: boolean;
  /** The legacy catalogue (/v1) has no pricing section. */
  versionPrefix?: VersionPrefix;
  /** The shared `allAccessPricing` (null: no price to show, so no pricing section). */
  allAccessPricing: AllAccessPricing | null;
  /** The team licence's price for this customer: the Teams button goes to its checkout. */
  teamPricing?: AllAccessPricing | null;
  /** Each component package on its own, with its price and checkout. */
  packageOffers?: ProductOffer[];
  /** Current components in the catalogue, for the pricing's features line. */
  componentCount: number;
  /** The shared `preferredLanguage`, for prices. */
  locale?: string;
};

/** What the server sends the Components page; shared page data comes on top. */
export type ComponentsPageData = {
  sections: CatalogProductSection[];
  /** The team licence's price for this customer (null: not on sale to them). */
  teamPricing: AllAccessPricing | null;
  packageOffers: ProductOffer[];
  componentCount: number;
  supportEmail: string;
  issueTrackerUrl: string;
};

/**
 * The Components catalogue: products, their categories and subcategory cards, with a sticky
 * anchor navigation; pricing (#pricing) and the FAQ (#faqs) only for those who may buy
 * all-access, and never on /v1.
 */
export function ComponentsPage({
  sections,
  canPurchaseAllAccess,
  versionPrefix = '',
  allAccessPricing,
  teamPricing,
  packageOffers = [],
  componentCount,
  locale,
  supportEmail,
  issueTrackerUrl,
}: ComponentsPageProps) {
  const showPricing = canPurchaseAllAccess && versionPrefix !== '/v1';
  const showFaq = canPurchaseAllAccess;
  // The FAQ answers for what is on sale here: with single packages listed, its version that
  // covers them (a team licence is for all-access only); otherwise the all-access one.
  const showsPackages = showPricing && packageOffers.length > 0;
  const faqVariant: FaqVariant = showsPackages ? 'packages' : 'allAccess';
  const anchors = [
    ...sections.map((section) => ({ href: `#${section.anchor}`, label: section.name })),
    ...(showPricing ? [{ href: '#pricing', label: 'Pricing' }] : []),
    ...(showsPackages ? [{ href: '#packages', label: 'Packages' }] : []),
    ...(showFaq ? [{ href: '#faqs', label: 'FAQ' }] : []),
  ];
  return (
    <div data-slot="components-page">
      <div className="mx-auto max-w-7xl px-6 pt-16 pb-12 sm:pt-20 lg:px-8">
        <h1 className="text-4xl font-semibold tracking-tight text-gray-900 sm:text-5xl">
          Components
        </h1>
        <p className="mt-4 max-w-3xl text-lg/8 text-pretty text-gray-600">
          {componentCountClaim(componentCount)} professionally designed, fully responsive Tailwind
          CSS components for marketing sites, web applications and online stores, in React, Vue and
          plain HTML.
        </p>
      </div>
      <nav
        aria-label="Catalogue sections"
        className="sticky top-0 z-20 border-y border-gray-900/10 bg-white/90 backdrop-blur-sm"
      >
        <ul role="list" className="mx-auto flex max-w-7xl gap-x-8 overflow-x-auto px-6 lg:px-8">
          {anchors.map((anchor) => (
            <li key={anchor.href} className="flex-none">
              {/* Plain anchors: an in-page jump must not become an app visit. */}
              <a
                href={anchor.href}
                className="-mb-px block border-b-2 border-transparent py-3.5 text-sm/6 font-semibold whitespace-nowrap text-gray-600 outline-none hover:border-gray-300 hover:text-gray-900 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
              >
                {anchor.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {sections.map((section) => (
        <ProductSection key={section.anchor} section={section} />
      ))}
      {showPricing && allAccessPricing ? (
        <PricingSection
          personal={allAccessPricing}
          team={teamPricing}
          componentCount={componentCount}
          locale={locale}
          className="scroll-mt-14"
        />
      ) : null}
      {showPricing ? (
        <ProductOffers
          id="packages"
          title="Or one package on its own"
          intro="Every component of one package, in HTML, React and Vue, with a personal licence. One-time payment, plus local taxes."
          offers={packageOffers}
          locale={locale}
          className="scroll-mt-14"
        />
      ) : null}
      {showFaq ? (
        <Faq
          variant={faqVariant}
          supportEmail={supportEmail}
          issueTrackerUrl={issueTrackerUrl}
          className="scroll-mt-14"
        />
      ) : null}
    </div>
  );
}

function ProductSection({ section }: { section: CatalogProductSection }) {
  const headingId = useId();
  return (
    <section
      id={section.anchor}
      aria-labelledby={headingId}
      className="scroll-mt-14 border-b border-gray-900/10 last-of-type:border-b-0"
    >
      <div className="mx-auto max-w-7xl px-6 py-16 sm:py-20 lg:px-8">
        <div className="max-w-3xl">
          <h2 id={headingId} className="text-3xl font-semibold tracking-tight text-gray-900">
            {section.name}
          </h2>
          <p className="mt-3 text-base/7 text-pretty text-gray-600">{section.description}</p>
        </div>
        <div className="mt-12 space-y-16">
          {section.categories.map((category) => (
            <CategoryGroup key={category.name} category={category} />
          ))}
        </div>
      </div>
    </section>
  );
}

/** Which breakpoint shows the card at `index` while the group is collapsed. */
export function progressiveCardClassName(index: number): string | undefined {
  if (index < ALWAYS_VISIBLE_CARDS) return undefined;
  if (index < LARGE_VISIBLE_CARDS) return 'hidden lg:block';
  return 'hidden xl:block';
}

export function CategoryGroup({ category }: { category: CatalogCategory }) {
  const headingId = useId();
  const listId = useId();
  const [expanded, setExpanded] = useState(false);
  const count = category.subcategories.length;
  const progressive = count >= PROGRESSIVE_DISPLAY_MIN;
  const collapsed = progressive && !expanded;
  const noun = category.name.toLowerCase();
  return (
    <div role="group" aria-labelledby={headingId} data-slot="category-group">
      <h3
        id={headingId}
        className="border-b border-gray-900/5 pb-3 text-base/7 font-semibold text-gray-900"
      >
        {category.name}
      </h3>
      <ul
        id={listId}
        role="list"
        className="mt-8 grid grid-cols-1 gap-x-6 gap-y-10 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
      >
        {category.subcategories.map((subcategory, index) => (
          <li
            key={subcategory.url}
            className={collapsed ? progressiveCardClassName(index) : undefined}
          >
            <CategoryCard subcategory={subcategory} headingLevel={4} />
          </li>
        ))}
      </ul>
      {progressive ? (
        // From extra-large every card fits, so there is nothing to reveal.
        <div className="mt-10 flex justify-center xl:hidden">
          <Button
            variant="secondary"
            aria-expanded={expanded}
            aria-controls={listId}
            onClick={() => setExpanded((value) => !value)}
          >
            {expanded ? `Show fewer ${noun}` : `Show all ${count} ${noun}`}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
