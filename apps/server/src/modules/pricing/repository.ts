import { LICENSE_KINDS, type LicenseKind } from '@tessera/pages/constants';
import type { Db, Tx } from '../../db/database.ts';
import type { ProductType } from '../licensing/index.ts';

export interface PricedProduct {
  id: number;
  slug: string;
  name: string;
  type: ProductType;
  description: string;
  /** Active prices by licence kind. */
  prices: Partial<Record<LicenseKind, { id: number; amount: number; currency: string }>>;
}

const isKind = (kind: string): kind is LicenseKind =>
  (LICENSE_KINDS as readonly string[]).includes(kind);

/** Products with their prices: what pricing reads. */
export function pricingRepository(db: Db | Tx) {
  return {
    /** Products with their active prices; all of them, or those with the given slugs. */
    async products(slugs?: readonly string[]): Promise<PricedProduct[]> {
      if (slugs && slugs.length === 0) return [];
      let query = db
        .selectFrom('products')
        .leftJoin('prices', (join) =>
          join.onRef('prices.product_id', '=', 'products.id').on('prices.is_active', '=', 1),
        )
        .select([
          'products.id',
          'products.slug',
          'products.name',
          'products.type',
          'products.description',
          'products.sort_order',
          'prices.id as price_id',
          'prices.kind',
          'prices.amount',
          'prices.currency',
        ])
        .orderBy('products.sort_order')
        .orderBy('products.id');
      if (slugs) query = query.where('products.slug', 'in', slugs);
      const byId = new Map<number, PricedProduct>();
      for (const row of await query.execute()) {
        let product = byId.get(row.id);
        if (!product) {
          product = {
            id: row.id,
            slug: row.slug,
            name: row.name,
            type: row.type as ProductType,
            description: row.description,
            prices: {},
          };
          byId.set(row.id, product);
        }
        if (row.price_id !== null && row.kind !== null && isKind(row.kind)) {
          product.prices[row.kind] = {
            id: row.price_id,
            amount: row.amount!,
            currency: row.currency!,
          };
        }
      }
      return [...byId.values()];
    },
  };
}
