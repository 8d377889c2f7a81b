import type { Db } from '../../db/database.ts';

/**
 * The packages the store sells, with their list prices in USD cents. Business data the code
 * relies on, so every database has them (`ensureProducts` at start); templates join them
 * from the catalogue's content.
 */
export const CORE_PRODUCTS = [
  {
    slug: 'all-access',
    name: 'All-access',
    type: 'all-access',
    price_amount: 29900,
    sort_order: 0,
  },
  { slug: 'marketing', name: 'Marketing', type: 'components', price_amount: 14900, sort_order: 1 },
  {
    slug: 'application-ui',
    name: 'Application UI',
    type: 'components',
    price_amount: 14900,
    sort_order: 2,
  },
  { slug: 'ecommerce', name: 'Ecommerce', type: 'components', price_amount: 14900, sort_order: 3 },
] as const;

export async function ensureProducts(
  db: Db,
  products: readonly {
    slug: string;
    name: string;
    type: string;
    price_amount: number;
    sort_order: number;
  }[] = CORE_PRODUCTS,
): Promise<void> {
  for (const product of products) {
    await db
      .insertInto('products')
      .values({ ...product, price_currency: 'USD' })
      .onConflict((conflict) => conflict.column('slug').doNothing())
      .execute();
  }
}

export function productsRepository(db: Db) {
  return {
    all() {
      return db.selectFrom('products').selectAll().orderBy('sort_order').orderBy('name').execute();
    },
  };
}
