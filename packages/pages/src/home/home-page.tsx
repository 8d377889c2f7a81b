import { buttonVariants, Link } from '@tessera/ui';
import type { BlackFridayOffer, FeaturedProduct, TemplateSummary } from '../catalog/types';
import { PricingSection } from '../pricing-section/pricing-section';
import { HydrateWhen } from '../shared/hydrate-when';
import type { AllAccessPricing, VersionPrefix } from '../shared/shared-page-data';
import { BlackFridayBanner } from './black-friday-banner';
import { HomeComponentTabs } from './home-component-tabs';
import { HomeHero } from './home-hero';
import { HomeResources } from './home-resources';
import { TemplateCarousel } from './template-carousel';

/** The page's own <title>; the container adds the brand suffix. */
export const homePageTitle = 'Tailwind CSS components and templates';

export type HomePageProps = {
  /** The hero and pricing are shown only when the user can buy all-access. */
  canPurchaseAllAccess: boolean;
  versionPrefix?: VersionPrefix;
  /** The shared `tailwindVersion`, shown in the hero. */
  tailwindVersion?: string;
  /** Current components in the catalogue, for the hero's and pricing's claims. */
  componentCount: number;
  /** The Black Friday bundle while it runs; shown only to users who can buy all-access. */
  blackFriday?: BlackFridayOffer | null;
  /** The component tabs: a few subcategories of each product. */
  featuredProducts?: FeaturedProduct[];
  /** The template carousel. */
  templates?: TemplateSummary[];
  /** The shared `allAccessPricing`; the pricing section needs it. */
  allAccessPricing?: AllAccessPricing;
  teamPricing?: AllAccessPricing | null;
  /** The shared `preferredLanguage`, for prices. */
  locale?: string;
};

/** What the server sends the Home page; shared page data comes on top (see ../page-props.ts). */
export type HomePageData = {
  featuredProducts: FeaturedProduct[];
  templates: TemplateSummary[];
  componentCount: number;
  /** The team all-access price, for the pricing section's Teams card. */
  teamPricing: AllAccessPricing | null;
  /** The Black Friday bundle while its window is open. */
  blackFriday: BlackFridayOffer | null;
};

export function HomePage({
  canPurchaseAllAccess,
  versionPrefix = '',
  tailwindVersion,
  componentCount,
  blackFriday = null,
  featuredProducts = [],
  templates = [],
  allAccessPricing,
  teamPricing,
  locale,
}: HomePageProps) {
  const componentsHref = `${versionPrefix}/components`;
  const documentationHref = `${versionPrefix}/documentation`;
  return (
    <div data-slot="home-page">
      {canPurchaseAllAccess && blackFriday ? (
        <BlackFridayBanner offer={blackFriday} locale={locale} />
      ) : null}
      {canPurchaseAllAccess ? (
        <HomeHero
          componentsHref={componentsHref}
          tailwindVersion={tailwindVersion}
          componentCount={componentCount}
        />
      ) : (
        <WelcomeBack componentsHref={componentsHref} documentationHref={documentationHref} />
      )}
      {/* Below the fold on a phone: each hydrates on its own, when it comes near the viewport. */}
      <HydrateWhen when="visible">
        <HomeComponentTabs products={featuredProducts} versionPrefix={versionPrefix} />
      </HydrateWhen>
      <HydrateWhen when="visible">
        <TemplateCarousel templates={templates} />
      </HydrateWhen>
      {canPurchaseAllAccess && allAccessPricing ? (
        <HydrateWhen when="visible">
          <PricingSection
            personal={allAccessPricing}
            team={teamPricing}
            componentCount={componentCount}
            locale={locale}
          />
        </HydrateWhen>
      ) : null}
      <HydrateWhen when="visible">
        <HomeResources documentationHref={documentationHref} />
      </HydrateWhen>
    </div>
  );
}

function WelcomeBack({
  componentsHref,
  documentationHref,
}: {
  componentsHref: string;
  documentationHref: string;
}) {
  return (
    <div className="mx-auto max-w-7xl px-6 py-16 sm:py-20 lg:px-8">
      <div className="md:flex md:items-end md:justify-between md:gap-x-8">
        <div className="max-w-2xl">
          <p className="text-sm/6 font-semibold text-brand-600">Welcome back</p>
          <h1 className="mt-2 text-4xl font-semibold tracking-tight text-gray-900 sm:text-5xl">
            What are you building today?
          </h1>
          <p className="mt-4 text-lg/8 text-gray-600">
            Every component, template and UI kit is yours, updates included. Pick up where you left
            off.
          </p>
        </div>
        <div className="mt-8 flex flex-wrap gap-3 md:mt-0 md:flex-none">
          <Link href={documentationHref} className={buttonVariants({ variant: 'ghost' })}>
            Documentation
          </Link>
          <Link href="/templates" className={buttonVariants({ variant: 'secondary' })}>
            Templates
          </Link>
          <Link href={componentsHref} className={buttonVariants()}>
            Browse components
          </Link>
        </div>
      </div>
    </div>
  );
}
