import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_CONTENT_DIR, parseTemplateMeta, TEMPLATE_SLUGS } from '@tessera/catalog/content';
import {
  ALL_ACCESS_SLUG,
  BLACK_FRIDAY_SLUG,
  DESIGN_EBOOK,
  STORE_CURRENCY,
  TEAM_SEATS,
  type LicenseKind,
} from '@tessera/pages/constants';
import type { Db, Tx } from '../../../db/database.ts';
import type { ProductType } from '../../licensing/index.ts';

export type { ProductType };

/** One thing for sale and its list price per licence kind, in minor units of STORE_CURRENCY. */
export interface ProductSeed {
  slug: string;
  name: string;
  type: ProductType;
  description: string;
  sortOrder: number;
  prices: Partial<Record<LicenseKind, number>>;
}

/**
 * The products the code relies on, with their launch prices (docs/decisions/007). Team,
 * Classroom and Restricted licences are sold for all-access only; every package and template is
 * sold with a personal licence. The Black Friday bundle is all-access plus the design ebook.
 */
export const CORE_PRODUCTS: readonly ProductSeed[] = [
  {
    slug: ALL_ACCESS_SLUG,
    name: 'All-access',
    type: 'all-access',
    description:
      'Every component, site template and UI kit we make, now and in the future, in HTML, React and Vue.',
    sortOrder: 0,
    prices: { personal: 29_900, team: 97_900, classroom: 29_900, restricted: 14_900 },
  },
  {
    slug: 'marketing',
    name: 'Marketing',
    type: 'components',
    description:
      'Every marketing section and element — heroes, feature sections, pricing, testimonials, footers — in HTML, React and Vue.',
    sortOrder: 1,
    prices: { personal: 14_900 },
  },
  {
    slug: 'application-ui',
    name: 'Application UI',
    type: 'components',
    description:
      'Every application component — tables, forms, navigation, overlays and elements — in HTML, React and Vue.',
    sortOrder: 2,
    prices: { personal: 14_900 },
  },
  {
    slug: 'ecommerce',
    name: 'Ecommerce',
    type: 'components',
    description:
      'Every ecommerce component — product pages and lists, carts, filters, checkout forms — in HTML, React and Vue.',
    sortOrder: 3,
    prices: { personal: 14_900 },
  },
  {
    slug: BLACK_FRIDAY_SLUG,
    name: 'All-access + design ebook',
    type: 'bundle',
    description: `All-access, plus our design ebook: ${DESIGN_EBOOK.pages} pages and ${DESIGN_EBOOK.videos} videos.`,
    sortOrder: 4,
    prices: { personal: 29_900 },
  },
];

/** What each licence kind adds to a product's description at the checkout. */
export const KIND_NOTES: Record<LicenseKind, string> = {
  personal: '',
  team: `For a team of up to ${TEAM_SEATS} people.`,
  classroom: `For a class of up to ${TEAM_SEATS} people.`,
  restricted: 'For students and individuals on a low income.',
};

/** Templates sort after the core products, in the catalogue's own order. */
const TEMPLATE_SORT_BASE = 100;

/**
 * The eleven templates as products: name, summary and launch price from each template.yaml
 * (packages/catalog/content). Read at start, once; afterwards the database is the source.
 */
export async function templateProducts(contentDir = DEFAULT_CONTENT_DIR): Promise<ProductSeed[]> {
  return Promise.all(
    TEMPLATE_SLUGS.map(async (slug) => {
      const file = path.join(contentDir, 'templates', slug, 'template.yaml');
      const meta = parseTemplateMeta(await readFile(file, 'utf8'), file);
      if (meta.price.currency !== STORE_CURRENCY) {
        throw new Error(
          `${file}: the store sells in ${STORE_CURRENCY}, not ${meta.price.currency}`,
        );
      }
      return {
        slug,
        name: meta.name,
        type: 'template' as const,
        description: meta.summary,
        sortOrder: TEMPLATE_SORT_BASE + meta.order,
        prices: { personal: meta.price.amount },
      };
    }),
  );
}

/**
 * Idempotent seeding of the things for sale: a missing product or price is added, an existing
 * one is never changed (once seeded, the database is the source of every price: a price change
 * is a data change, not a deploy). Safe when several instances start at once (ON CONFLICT DO
 * NOTHING on `products.slug` and `prices (product_id, kind)`).
 */
export async function ensureProducts(
  db: Db | Tx,
  products?: readonly ProductSeed[],
): Promise<void> {
  const seeds = products ?? [...CORE_PRODUCTS, ...(await templateProducts())];
  if (seeds.length === 0) return;
  await db
    .insertInto('products')
    .values(
      seeds.map((seed) => ({
        slug: seed.slug,
        name: seed.name,
        type: seed.type,
        description: seed.description,
        sort_order: seed.sortOrder,
        // Legacy column, never read: the personal list price, for the record.
        price_amount: seed.prices.personal ?? Object.values(seed.prices)[0] ?? 0,
        price_currency: STORE_CURRENCY,
      })),
    )
    .onConflict((conflict) => conflict.column('slug').doNothing())
    .execute();

  const rows = await db
    .selectFrom('products')
    .select(['id', 'slug', 'description'])
    .where(
      'slug',
      'in',
      seeds.map((seed) => seed.slug),
    )
    .execute();
  const bySlug = new Map(rows.map((row) => [row.slug, row]));

  const prices = seeds.flatMap((seed) =>
    Object.entries(seed.prices).map(([kind, amount]) => ({
      product_id: bySlug.get(seed.slug)!.id,
      kind,
      amount,
      currency: STORE_CURRENCY,
    })),
  );
  if (prices.length > 0) {
    await db
      .insertInto('prices')
      .values(prices)
      .onConflict((conflict) => conflict.columns(['product_id', 'kind']).doNothing())
      .execute();
  }

  // Products seeded before descriptions existed (migration 0009) get theirs once.
  for (const seed of seeds) {
    const row = bySlug.get(seed.slug)!;
    if (row.description !== '') continue;
    await db
      .updateTable('products')
      .set({ description: seed.description })
      .where('id', '=', row.id)
      .where('description', '=', '')
      .execute();
  }
}

export function productsRepository(db: Db | Tx) {
  return {
    all() {
      return db.selectFrom('products').selectAll().orderBy('sort_order').orderBy('name').execute();
    },

    /** One product: its slug, name and type (a purchase's licence e-mail names it). */
    async byId(id: number) {
      const row = await db
        .selectFrom('products')
        .select(['id', 'slug', 'name', 'type'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row && { ...row, type: row.type as ProductType };
    },
  };
}
