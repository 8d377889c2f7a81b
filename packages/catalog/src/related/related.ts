// Related components: for each component of the built catalogue, a short ordered list of other
// components worth a look, derived from the catalogue alone (docs/decisions/062-related-components.md).
// Pure: the build writes the result to dist/related.json after conversion, so nothing here is
// part of what the conversion or screenshot caches are keyed on.
import type { CatalogJson, ComponentJson } from '../pipeline/types.ts';

/** At most this many related components per component. */
export const RELATED_LIMIT = 6;
/** Of those, at most this many of the same purpose elsewhere while siblings can fill the rest. */
export const SAME_PURPOSE_SHARE = 3;

/**
 * Why a component is listed: a subcategory of the same purpose in another category
 * (Marketing's Stats and Application UI's Stats), or the same subcategory.
 */
export type Relation = 'same-purpose' | 'same-subcategory';

export type RelatedJson = {
  uuid: string;
  name: string;
  product: string;
  category: string;
  subcategory: string;
  /** The component on its subcategory's page: `/components/<p>/<c>/<s>#component-<slug>`. */
  url: string;
  /** Its subcategory's card picture when it is the component that picture shows, else null. */
  imageUrl: string | null;
  relation: Relation;
};

/** dist/related.json */
export type RelatedCatalogJson = {
  /** The catalogue build it was derived from (`CatalogJson.generatedFrom`). */
  generatedFrom: string;
  /** By component uuid; every component of the catalogue has an entry, possibly empty. */
  components: Record<string, RelatedJson[]>;
};

/** The id of a component's view on its subcategory's page, the target of a related link. */
export function componentAnchor(slug: string): string {
  return `component-${slug}`;
}

// Words in subcategory slugs that say how a thing is packaged or laid out, not what it is for:
// button groups and radio groups, stacked layouts and stacked lists share a shape, not a purpose.
const PACKAGING = new Set([
  'and',
  'with',
  'in',
  'section',
  'page',
  'screen',
  'example',
  'element',
  'list',
  'layout',
  'menu',
  'group',
  'panel',
  'stacked',
  'grid',
]);

// Different words for one purpose across the three packages.
const SYNONYMS: Record<string, string> = {
  header: 'navigation',
  navbar: 'navigation',
  review: 'testimonial',
  promo: 'cta',
  banner: 'alert',
  notification: 'alert',
};

function singular(word: string): string {
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** What a subcategory is for, from its slug: 'order-history-pages' → {order, history}. */
export function purposeKeywords(subcategorySlug: string): Set<string> {
  const words = subcategorySlug
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map(singular)
    .filter((word) => !PACKAGING.has(word))
    .map((word) => SYNONYMS[word] ?? word);
  return new Set(words);
}

type Place = {
  product: string;
  category: string;
  /** `<product>/<category>`: "another category" is another of these. */
  categoryKey: string;
  subcategory: string;
  url: string;
  thumbnailUrl: string | null;
  keywords: Set<string>;
  components: ComponentJson[];
  current: ComponentJson[];
  /** Catalogue order, for stable ties. */
  order: number;
};

function placesOf(catalog: CatalogJson): Place[] {
  const places: Place[] = [];
  for (const product of catalog.products) {
    for (const category of product.categories) {
      for (const subcategory of category.subcategories) {
        places.push({
          product: product.name,
          category: category.name,
          categoryKey: `${product.slug}/${category.slug}`,
          subcategory: subcategory.name,
          url: subcategory.url,
          thumbnailUrl: subcategory.thumbnailUrl,
          keywords: purposeKeywords(subcategory.slug),
          components: subcategory.components,
          current: subcategory.components.filter((component) => !component.archived),
          order: places.length,
        });
      }
    }
  }
  return places;
}

function shared(a: Set<string>, b: Set<string>): number {
  let count = 0;
  for (const word of a) if (b.has(word)) count++;
  return count;
}

function item(place: Place, component: ComponentJson, relation: Relation): RelatedJson {
  const card = place.thumbnailUrl?.endsWith(`/${component.uuid}-card.png`);
  return {
    uuid: component.uuid,
    name: component.name,
    product: place.product,
    category: place.category,
    subcategory: place.subcategory,
    url: `${place.url}#${componentAnchor(component.slug)}`,
    imageUrl: card ? place.thumbnailUrl : null,
    relation,
  };
}

/**
 * Every component's related components, at most {@link RELATED_LIMIT}: first up to
 * {@link SAME_PURPOSE_SHARE} of the same purpose in other categories (the subcategories sharing
 * the most purpose words first, one component from each in turn), then its siblings in the
 * subcategory's order starting after it, then more of the same purpose if room is left.
 * Archived components are never listed (their page hides them), nor the component itself.
 * A component's position picks which of a large subcategory's components it shows, so siblings
 * do not all point at the same few.
 */
export function relatedComponents(
  catalog: CatalogJson,
  limit: number = RELATED_LIMIT,
): RelatedCatalogJson {
  const places = placesOf(catalog);
  const components: Record<string, RelatedJson[]> = {};
  const purposeOf = new Map<Place, Place[]>();
  for (const place of places) {
    purposeOf.set(
      place,
      places
        .filter(
          (other) =>
            other.categoryKey !== place.categoryKey &&
            other.current.length > 0 &&
            shared(place.keywords, other.keywords) > 0,
        )
        .sort(
          (a, b) =>
            shared(place.keywords, b.keywords) - shared(place.keywords, a.keywords) ||
            a.order - b.order,
        ),
    );
  }

  for (const place of places) {
    const others = purposeOf.get(place)!;
    place.components.forEach((component, index) => {
      const purpose: RelatedJson[] = [];
      const rounds = Math.max(0, ...others.map((other) => other.current.length));
      for (let round = 0; round < rounds; round++) {
        for (const other of others) {
          if (round >= other.current.length) continue;
          const pick = other.current[(index + round) % other.current.length]!;
          purpose.push(item(other, pick, 'same-purpose'));
        }
      }
      const siblings: RelatedJson[] = [];
      const count = place.components.length;
      for (let step = 1; step < count; step++) {
        const sibling = place.components[(index + step) % count]!;
        if (!sibling.archived) siblings.push(item(place, sibling, 'same-subcategory'));
      }
      const first = purpose.slice(0, SAME_PURPOSE_SHARE);
      const chosen = [
        ...first,
        ...siblings.slice(0, Math.max(0, limit - first.length)),
        ...purpose.slice(SAME_PURPOSE_SHARE),
      ];
      const seen = new Set([component.uuid]);
      const list: RelatedJson[] = [];
      for (const candidate of chosen) {
        if (list.length >= limit) break;
        if (seen.has(candidate.uuid)) continue;
        seen.add(candidate.uuid);
        list.push(candidate);
      }
      components[component.uuid] = list;
    });
  }
  return { generatedFrom: catalog.generatedFrom, components };
}

/** How many components have how many related ones: `{ 0: n, 1: n, …, 6: n }`. */
export function relatedDistribution(related: RelatedCatalogJson): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const list of Object.values(related.components)) {
    counts[list.length] = (counts[list.length] ?? 0) + 1;
  }
  return counts;
}
