// The catalogue as one viewer may see it. Every decision about code and live previews is made
// here, on the server, from the viewer's entitlements (docs/decisions/004-catalogue-gating.md):
//   - the viewer holds the component's package (or all-access): `downloadable`, code included;
//   - otherwise a subcategory of static HTML shows a live `htmlPreview`, without code;
//   - otherwise (a subcategory with interactive components, whose script is code we sell) a
//     `pngPreview`: a screenshot, no preview document at all.
import type {
  CatalogComponent,
  ChangelogComponentLink,
  CatalogProductSection,
  FeaturedProduct,
  Money,
  PlaygroundComponent,
  RelatedComponent,
  Subcategory,
  SubcategorySummary,
  TemplateDetail,
  TemplateSummary,
  VersionPrefix,
} from '@tessera/pages';
import { checkoutUrl, NEW_BADGE_DAYS } from '@tessera/pages/constants';
import { componentAnchor } from '@tessera/catalog/related';
import type { Request } from 'express';
import type { Entitlements } from '../licensing/index.ts';
import type {
  Catalogue,
  ComponentJson,
  ComponentPlace,
  ProductJson,
  RelatedJson,
  SubcategoryJson,
  SubcategoryPlace,
  Template,
} from './repository.ts';

export type { VersionPrefix };
type ComponentViewType = CatalogComponent['viewType'];

/** The legacy catalogue lives under /v1; every other path is the current version. */
export function versionPrefixOf(path: string): VersionPrefix {
  return path === '/v1' || path.startsWith('/v1/') ? '/v1' : '';
}

/** A non-owner never gets a live preview of interactive components: their script is code. */
export function isPngOnly(subcategory: SubcategoryJson): boolean {
  return subcategory.components.some((component) => component.requiresJavaScript);
}

export function viewTypeFor(place: SubcategoryPlace, viewer: Entitlements): ComponentViewType {
  if (viewer.has(place.product.slug)) return 'downloadable';
  return isPngOnly(place.subcategory) ? 'pngPreview' : 'htmlPreview';
}

/** May this viewer load the live preview document of this component? */
export function mayPreview(place: SubcategoryPlace, viewer: Entitlements): boolean {
  return viewTypeFor(place, viewer) !== 'pngPreview';
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Is something added on `addedOn` (YYYY-MM-DD, the date of the changelog release that added it)
 * still new on `now`: on that day and the {@link NEW_BADGE_DAYS} days after it, not before it.
 */
export function isNewOn(addedOn: string | null | undefined, now: Date = new Date()): boolean {
  if (!addedOn || !/^\d{4}-\d{2}-\d{2}$/.test(addedOn)) return false;
  const added = Date.parse(`${addedOn}T00:00:00Z`);
  if (Number.isNaN(added)) return false;
  const age = now.getTime() - added;
  return age >= 0 && age < (NEW_BADGE_DAYS + 1) * DAY_MS;
}

export function productAnchor(product: Pick<ProductJson, 'slug'>): string {
  return `product-${product.slug}`;
}

function productUrl(product: ProductJson, prefix: VersionPrefix): string {
  return `${prefix}/components#${productAnchor(product)}`;
}

export function previewUrl(catalogue: Catalogue, uuid: string): string {
  // The build hash busts caches when the catalogue changes.
  return `/catalog/previews/${uuid}.html?v=${catalogue.version.slice(0, 12)}`;
}

/** One component for one viewer. Its code is read only when the viewer may have it. */
export async function presentComponent(
  catalogue: Catalogue,
  place: SubcategoryPlace,
  component: ComponentJson,
  viewer: Entitlements,
): Promise<CatalogComponent> {
  const viewType = viewTypeFor(place, viewer);
  const owned = viewType === 'downloadable';
  const [snippets, history] = owned
    ? await Promise.all([
        catalogue.code(component.uuid).then((code) => code.snippets),
        catalogue.history(component.uuid),
      ])
    : [[], null];
  return {
    uuid: component.uuid,
    name: component.name,
    archived: component.archived,
    isNew: isNewOn(component.addedOn),
    requiresJavaScript: component.requiresJavaScript,
    viewType,
    previewUrl: viewType === 'pngPreview' ? null : previewUrl(catalogue, component.uuid),
    smallWidth: component.smallWidth ?? 375,
    smallHeight: component.smallHeight ?? 0,
    largeWidth: component.largeWidth ?? 1280,
    largeHeight: component.largeHeight ?? 0,
    previewHeights: component.previewHeights ?? null,
    smallScreenshotUrl: component.smallScreenshotUrl,
    largeScreenshotUrl: component.largeScreenshotUrl,
    smallDarkScreenshotUrl: component.smallDarkScreenshotUrl,
    largeDarkScreenshotUrl: component.largeDarkScreenshotUrl,
    imageCreditsHtml: component.imageCreditsHtml,
    snippets,
    version: component.version,
    updatedOn: component.updatedOn,
    // Reasons and dates are public; the code of a change only reaches its owners.
    changes: component.history
      .map((entry) => ({
        version: entry.version,
        date: entry.date,
        reason: entry.reason,
        diffs: history
          ? entry.version === 1
            ? []
            : (history.changes.find((change) => change.version === entry.version)?.diffs ?? [])
          : null,
      }))
      .reverse(),
  };
}

export function presentSubcategorySummary(
  place: SubcategoryPlace,
  viewer: Entitlements,
  prefix: VersionPrefix,
): SubcategorySummary {
  const { subcategory } = place;
  return {
    name: subcategory.name,
    description: subcategory.description,
    url: `${prefix}${subcategory.url}`,
    imageUrl: subcategory.thumbnailUrl ?? subcategory.components[0]?.smallScreenshotUrl ?? '',
    componentCount: subcategory.componentCount,
    isNew: isNewOn(subcategory.lastAddedOn),
    isLocked: viewTypeFor(place, viewer) === 'pngPreview',
  };
}

/** The Components page: every product, its categories and subcategory cards. */
export function presentSections(
  catalogue: Catalogue,
  viewer: Entitlements,
  prefix: VersionPrefix,
): CatalogProductSection[] {
  return catalogue.products.map((product) => ({
    name: product.name,
    anchor: productAnchor(product),
    description: product.description,
    categories: product.categories.map((category) => ({
      name: category.name,
      subcategories: category.subcategories.map((subcategory) =>
        presentSubcategorySummary({ product, category, subcategory }, viewer, prefix),
      ),
    })),
  }));
}

/** Home's component tabs: the first few subcategories of each product. */
export function presentFeaturedProducts(
  catalogue: Catalogue,
  viewer: Entitlements,
  perProduct = 6,
): FeaturedProduct[] {
  return catalogue.products.map((product) => {
    const places = product.categories.flatMap((category) =>
      category.subcategories.map((subcategory) => ({ product, category, subcategory })),
    );
    return {
      name: product.name,
      anchor: productAnchor(product),
      description: product.description,
      componentCount: places.reduce((sum, place) => sum + place.subcategory.componentCount, 0),
      subcategories: places
        .slice(0, perProduct)
        .map((place) => presentSubcategorySummary(place, viewer, '')),
    };
  });
}

/**
 * A related component as a link: its name, where it lives and its public card picture, never
 * anything gated (no code, no preview document).
 */
export function presentRelated(item: RelatedJson, prefix: VersionPrefix): RelatedComponent {
  return {
    name: item.name,
    url: `${prefix}${item.url}`,
    product: item.product,
    category: item.category,
    subcategory: item.subcategory,
    imageUrl: item.imageUrl,
  };
}

/**
 * The ComponentCategory page. Archived examples only when asked for (`?include=archived`). Each
 * component carries its anchor and its related components (docs/decisions/062-related-components.md).
 */
export async function presentSubcategory(
  catalogue: Catalogue,
  place: SubcategoryPlace,
  viewer: Entitlements,
  options: { prefix: VersionPrefix; includeArchived: boolean },
): Promise<Subcategory> {
  const { product, category, subcategory } = place;
  const showingArchived = options.includeArchived && subcategory.hasArchived;
  const components = subcategory.components.filter(
    (component) => showingArchived || !component.archived,
  );
  return {
    name: subcategory.name,
    description: subcategory.description,
    introduction: subcategory.introduction,
    url: `${options.prefix}${subcategory.url}`,
    category: {
      name: category.name,
      url: productUrl(product, options.prefix),
      product: { name: product.name, url: productUrl(product, options.prefix) },
    },
    components: await Promise.all(
      components.map(async (component) => ({
        ...(await presentComponent(catalogue, place, component, viewer)),
        anchor: componentAnchor(component.slug),
        related: catalogue
          .related(component.uuid)
          .map((item) => presentRelated(item, options.prefix)),
      })),
    ),
    hasArchived: subcategory.hasArchived,
    showingArchived,
  };
}

/** The Preview (playground): the first current component of every subcategory, never code. */
export async function presentPlayground(
  catalogue: Catalogue,
  viewer: Entitlements,
): Promise<PlaygroundComponent[]> {
  const places: ComponentPlace[] = [];
  for (const place of catalogue.subcategories()) {
    const component = place.subcategory.components.find((candidate) => !candidate.archived);
    if (component) places.push({ ...place, component });
  }
  return Promise.all(
    places.map(async (place) => {
      const presented = await presentComponent(catalogue, place, place.component, viewer);
      return {
        ...presented,
        // The playground shows previews only: never ship snippets, or the code of a change
        // (decision 063), it will not display.
        snippets: [],
        changes: presented.changes?.map((change) => ({ ...change, diffs: null })),
        product: { name: place.product.name, url: productUrl(place.product, '') },
        category: { name: place.category.name, url: productUrl(place.product, '') },
        subcategory: { name: place.subcategory.name, url: place.subcategory.url },
      };
    }),
  );
}

export function presentTemplateSummary(template: Template): TemplateSummary {
  return {
    name: template.name,
    slug: template.slug,
    type: template.type,
    summary: template.summary,
    imageUrl: template.imageUrl,
    url: `/templates/${template.slug}`,
    anchor: template.slug,
  };
}

export function templateDownloadUrl(template: Pick<Template, 'slug'>): string {
  return `/templates/${template.slug}/download`;
}

/**
 * The Template page: the download link only for a viewer who owns it; the price (from the
 * database, modules/pricing) and its checkout for everyone else, unless it is not for sale alone.
 */
export function presentTemplate(
  template: Template,
  viewer: Entitlements,
  price: Money | null,
): TemplateDetail {
  const isLicensed = viewer.has(template.slug);
  return {
    ...presentTemplateSummary(template),
    descriptionHtml: template.descriptionHtml,
    technologies: template.technologies,
    faq: template.faq,
    bannerUrl: template.bannerUrl,
    images: [
      { url: template.bannerUrl, alt: `${template.name}: the demo's first screen` },
      { url: template.imageUrl, alt: `${template.name}: the demo at a glance` },
    ],
    previewUrl: template.previewUrl,
    price,
    checkoutUrl: price ? checkoutUrl(template.slug) : null,
    downloadUrl: isLicensed ? templateDownloadUrl(template) : null,
    isLicensed,
  };
}

/** Current (not archived) components in the whole catalogue: the only number the copy may claim. */
export function currentComponentCount(catalogue: Catalogue): number {
  let count = 0;
  for (const place of catalogue.subcategories()) {
    count += place.subcategory.components.filter((component) => !component.archived).length;
  }
  return count;
}

/** The home page's catalogue parts: featured packages (as this viewer holds them), templates. */
export function homeCatalogue(catalogue: () => Catalogue) {
  return async (req: Request) => ({
    featuredProducts: presentFeaturedProducts(catalogue(), await req.entitlements()),
    templates: catalogue().templates.map(presentTemplateSummary),
    componentCount: currentComponentCount(catalogue()),
  });
}

/**
 * The components each changelog release touched, by release name: those it added (the release
 * whose `added:` first names them) and those whose history names it for a change.
 */
export function releaseComponents(catalogue: Catalogue): Map<string, ChangelogComponentLink[]> {
  const known = releaseLinks.get(catalogue);
  if (known) return known;
  const byRelease = new Map<string, ChangelogComponentLink[]>();
  const add = (release: string, link: ChangelogComponentLink) => {
    const links = byRelease.get(release) ?? [];
    links.push(link);
    byRelease.set(release, links);
  };
  for (const { subcategory, component } of catalogue
    .subcategories()
    .flatMap((place) =>
      place.subcategory.components.map((component) => ({ ...place, component })),
    )) {
    const url = `${subcategory.url}${component.archived ? '?include=archived' : ''}#component-${component.uuid}`;
    const base = { name: component.name, subcategory: subcategory.name, url };
    if (component.addedIn) add(component.addedIn, { ...base, change: 'added', reason: null });
    for (const entry of component.history) {
      if (entry.release && entry.version > 1) {
        add(entry.release, { ...base, change: 'changed', reason: entry.reason });
      }
    }
  }
  releaseLinks.set(catalogue, byRelease);
  return byRelease;
}

const releaseLinks = new WeakMap<Catalogue, Map<string, ChangelogComponentLink[]>>();
