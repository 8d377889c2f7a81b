import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { codeFiles } from '../pipeline/cache.ts';
import type { CatalogJson, ComponentJson, SubcategoryJson } from '../pipeline/types.ts';
import {
  componentAnchor,
  purposeKeywords,
  RELATED_LIMIT,
  relatedComponents,
  relatedDistribution,
} from './related.ts';

function component(slug: string, archived = false): ComponentJson {
  const uuid = `uuid-${slug}`;
  return {
    uuid,
    slug,
    name: slug.replace(/-/g, ' '),
    order: null,
    addedOn: null,
    addedIn: null,
    version: 1,
    updatedOn: '2026-11-01',
    history: [],
    archived,
    requiresJavaScript: false,
    imageCreditsHtml: null,
    smallWidth: 375,
    smallHeight: 100,
    largeWidth: 1280,
    largeHeight: 100,
    smallDarkHeight: 100,
    largeDarkHeight: 100,
    previewHeights: null,
    smallScreenshotUrl: `/catalog/screenshots/${uuid}-sm.png`,
    largeScreenshotUrl: `/catalog/screenshots/${uuid}-lg.png`,
    smallDarkScreenshotUrl: `/catalog/screenshots/${uuid}-sm-dark.png`,
    largeDarkScreenshotUrl: `/catalog/screenshots/${uuid}-lg-dark.png`,
    images: [],
  };
}

function subcategory(
  path: string,
  slugs: string[],
  options: { archived?: string[]; card?: boolean } = {},
): SubcategoryJson {
  const slug = path.split('/')[2]!;
  const components = slugs.map((name) => component(name, options.archived?.includes(name)));
  const current = components.filter((entry) => !entry.archived);
  return {
    slug,
    name: slug,
    description: '',
    introduction: '',
    url: `/components/${path}`,
    thumbnailUrl:
      options.card === false || !current[0]
        ? null
        : `/catalog/screenshots/${current[0].uuid}-card.png`,
    componentCount: current.length,
    hasArchived: current.length < components.length,
    lastAddedOn: null,
    components,
  };
}

/** A catalogue from `product/category/subcategory` paths and their components. */
function catalogue(subcategories: SubcategoryJson[]): CatalogJson {
  const products = new Map<string, CatalogJson['products'][number]>();
  for (const entry of subcategories) {
    const [productSlug, categorySlug] = entry.url.split('/').slice(2, 4) as [string, string];
    let product = products.get(productSlug);
    if (!product) {
      product = {
        slug: productSlug,
        name: `Product ${productSlug}`,
        description: '',
        url: `/components#product-${productSlug}`,
        categories: [],
      };
      products.set(productSlug, product);
    }
    let category = product.categories.find((candidate) => candidate.slug === categorySlug);
    if (!category) {
      category = {
        slug: categorySlug,
        name: `Category ${categorySlug}`,
        description: '',
        subcategories: [],
      };
      product.categories.push(category);
    }
    category.subcategories.push(entry);
  }
  return { generatedFrom: 'test-build', products: [...products.values()] };
}

const uuids = (list: { uuid: string }[]) => list.map((entry) => entry.uuid);

describe('purposeKeywords', () => {
  test('keeps what a subcategory is for, in the singular, without packaging words', () => {
    expect([...purposeKeywords('order-history-pages')]).toEqual(['order', 'history']);
    expect([...purposeKeywords('feature-sections')]).toEqual(['feature']);
    expect([...purposeKeywords('category-previews')]).toEqual(['category', 'preview']);
    expect([...purposeKeywords('order-summaries')]).toEqual(['order', 'summary']);
  });

  test('one word for one purpose across packages: reviews are testimonials, a header is navigation', () => {
    expect([...purposeKeywords('reviews')]).toEqual(['testimonial']);
    expect([...purposeKeywords('header')]).toEqual(['navigation']);
    expect([...purposeKeywords('navbars')]).toEqual(['navigation']);
  });

  test('a shared shape is not a shared purpose: button groups and radio groups', () => {
    const buttons = purposeKeywords('button-groups');
    expect([...purposeKeywords('radio-groups')].some((word) => buttons.has(word))).toBe(false);
  });
});

describe('relatedComponents', () => {
  const marketingStats = subcategory('marketing/sections/stats', ['simple', 'with-graph', 'split']);
  const appStats = subcategory('application-ui/data-display/stats', ['cards', 'trending']);
  const heroes = subcategory('marketing/sections/heroes', [
    'centered',
    'split-screen',
    'with-image',
    'with-video',
    'dark',
    'with-logos',
    'offset',
    'angled',
  ]);
  const lonely = subcategory('marketing/sections/bento-grids', ['three-column']);
  const related = relatedComponents(catalogue([marketingStats, appStats, heroes, lonely]));

  test('lists the same purpose in another package first, then siblings, in a fixed order', () => {
    expect(related.components['uuid-simple']).toEqual([
      {
        uuid: 'uuid-cards',
        name: 'cards',
        product: 'Product application-ui',
        category: 'Category data-display',
        subcategory: 'stats',
        url: '/components/application-ui/data-display/stats#component-cards',
        imageUrl: '/catalog/screenshots/uuid-cards-card.png',
        relation: 'same-purpose',
      },
      {
        uuid: 'uuid-trending',
        name: 'trending',
        product: 'Product application-ui',
        category: 'Category data-display',
        subcategory: 'stats',
        url: '/components/application-ui/data-display/stats#component-trending',
        imageUrl: null,
        relation: 'same-purpose',
      },
      expect.objectContaining({ uuid: 'uuid-with-graph', relation: 'same-subcategory' }),
      expect.objectContaining({ uuid: 'uuid-split', relation: 'same-subcategory' }),
    ]);
  });

  test('never lists the component itself, and links it to its own view', () => {
    for (const [uuid, list] of Object.entries(related.components)) {
      expect(uuids(list)).not.toContain(uuid);
      expect(new Set(uuids(list)).size).toBe(list.length);
    }
    expect(related.components['uuid-cards']![0]!.url).toBe(
      `/components/marketing/sections/stats#${componentAnchor('simple')}`,
    );
  });

  test('caps the list and spreads a large subcategory: neighbours after the component, wrapping', () => {
    expect(related.components['uuid-centered']).toHaveLength(RELATED_LIMIT);
    expect(uuids(related.components['uuid-centered']!)).toEqual([
      'uuid-split-screen',
      'uuid-with-image',
      'uuid-with-video',
      'uuid-dark',
      'uuid-with-logos',
      'uuid-offset',
    ]);
    expect(uuids(related.components['uuid-angled']!).slice(0, 2)).toEqual([
      'uuid-centered',
      'uuid-split-screen',
    ]);
  });

  test('a component alone in its subcategory with no purpose elsewhere has an empty list', () => {
    expect(related.components['uuid-three-column']).toEqual([]);
  });

  test('the card picture only for the component the subcategory card shows', () => {
    const items = Object.values(related.components).flat();
    for (const entry of items) {
      if (entry.imageUrl)
        expect(entry.imageUrl).toBe(`/catalog/screenshots/${entry.uuid}-card.png`);
    }
    expect(items.some((entry) => entry.imageUrl === null)).toBe(true);
  });

  test('archived components are never listed; an archived one still gets its current siblings', () => {
    const withArchive = relatedComponents(
      catalogue([
        subcategory('marketing/sections/footers', ['old', 'simple', 'columns'], {
          archived: ['old'],
        }),
      ]),
    );
    expect(uuids(withArchive.components['uuid-simple']!)).toEqual(['uuid-columns']);
    expect(uuids(withArchive.components['uuid-old']!)).toEqual(['uuid-simple', 'uuid-columns']);
    // Nothing points at a component its page hides.
    const listed = Object.values(withArchive.components).flat();
    expect(uuids(listed)).not.toContain('uuid-old');
  });

  test('a subcategory whose components are all archived is never offered as the same purpose', () => {
    const result = relatedComponents(
      catalogue([
        subcategory('marketing/sections/pricing', ['tiers']),
        subcategory('marketing/page-examples/pricing-pages', ['retired'], {
          archived: ['retired'],
        }),
      ]),
    );
    expect(result.components['uuid-tiers']).toEqual([]);
  });

  test('siblings fill up to the limit when the same purpose offers few; more purpose fills the rest', () => {
    const result = relatedComponents(
      catalogue([
        subcategory('ecommerce/components/reviews', ['a', 'b']),
        subcategory('marketing/sections/testimonials', ['t1', 't2', 't3', 't4', 't5', 't6']),
      ]),
    );
    // Three of the same purpose, the one sibling, then the same purpose again up to six.
    expect(result.components['uuid-a']!.map((entry) => entry.relation)).toEqual([
      'same-purpose',
      'same-purpose',
      'same-purpose',
      'same-subcategory',
      'same-purpose',
      'same-purpose',
    ]);
    expect(uuids(result.components['uuid-a']!)).toEqual([
      'uuid-t1',
      'uuid-t2',
      'uuid-t3',
      'uuid-b',
      'uuid-t4',
      'uuid-t5',
    ]);
    // The second component starts one further along the other subcategory.
    expect(uuids(result.components['uuid-b']!).slice(0, 3)).toEqual([
      'uuid-t2',
      'uuid-t3',
      'uuid-t4',
    ]);
  });

  test('the same catalogue gives the same relations', () => {
    const input = catalogue([marketingStats, appStats, heroes, lonely]);
    expect(JSON.stringify(relatedComponents(input))).toBe(JSON.stringify(relatedComponents(input)));
    expect(relatedComponents(input).generatedFrom).toBe('test-build');
  });

  test('the distribution counts components by list length', () => {
    expect(relatedDistribution(related)).toEqual({ 0: 1, 4: 5, 6: 8 });
  });
});

test('relations are not part of what the conversion and screenshot caches are keyed on', () => {
  // Changing how relations are chosen must never reconvert or re-shoot the catalogue.
  expect(codeFiles()).not.toContain(fileURLToPath(new URL('./related.ts', import.meta.url)));
  expect(codeFiles().some((file) => file.includes('/src/related/'))).toBe(false);
});
