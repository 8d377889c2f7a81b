import { LICENSE_KINDS, type LicenseKind } from '@tessera/pages/constants';
import type { Db, Tx } from '../../db/database.ts';
import type { Holding } from './owner-pricing.ts';
import type { ProductType } from './products.ts';

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

/** What a licence row (with its product, purchase and team) is to pricing; null for an unknown kind. */
export function holdingFromRow(row: {
  id: number;
  product_id: number;
  kind: string;
  is_active: number;
  deactivation_reason: string | null;
  slug: string;
  name: string;
  type: string;
  amount: number | null;
  currency: string | null;
  refunded_at: number | null;
  team_name: string | null;
}): Holding | null {
  if (!isKind(row.kind)) return null;
  return {
    licenseId: row.id,
    productId: row.product_id,
    productSlug: row.slug,
    productName: row.name,
    productType: row.type as ProductType,
    kind: row.kind,
    isActive: row.is_active === 1,
    deactivationReason: row.deactivation_reason,
    paid:
      row.amount !== null && row.currency !== null && row.refunded_at === null
        ? { amount: row.amount, currency: row.currency }
        : null,
    teamName: row.team_name,
  };
}

/** Read-only queries pricing needs: products with their prices, and what a customer holds. */
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

    /**
     * Every licence the user holds or held: their own (personal, restricted, and any licence
     * connected to them) and those of the teams they own. With what was paid, unless refunded.
     */
    async holdings(userId: number): Promise<Holding[]> {
      const rows = await db
        .selectFrom('licenses')
        .innerJoin('products', 'products.id', 'licenses.product_id')
        .leftJoin('purchases', 'purchases.id', 'licenses.purchase_id')
        .leftJoin('teams', 'teams.id', 'licenses.team_id')
        .select([
          'licenses.id',
          'licenses.product_id',
          'licenses.kind',
          'licenses.is_active',
          'licenses.deactivation_reason',
          'licenses.user_id',
          'products.slug',
          'products.name',
          'products.type',
          'purchases.amount',
          'purchases.currency',
          'purchases.refunded_at',
          'teams.name as team_name',
        ])
        .where((eb) =>
          eb.or([
            eb('licenses.user_id', '=', userId),
            eb(
              'licenses.team_id',
              'in',
              eb
                .selectFrom('team_members')
                .select('team_members.team_id')
                .where('team_members.user_id', '=', userId)
                .where('team_members.role', '=', 'owner'),
            ),
          ]),
        )
        .orderBy('licenses.id')
        .execute();
      return rows.map(holdingFromRow).filter((holding) => holding !== null);
    },

    /** Whether the user is in a team (any role) whose active licence is team all-access. */
    async memberOfAllAccessTeam(userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('team_members')
        .innerJoin('licenses', 'licenses.team_id', 'team_members.team_id')
        .innerJoin('products', 'products.id', 'licenses.product_id')
        .select('licenses.id')
        .where('team_members.user_id', '=', userId)
        .where('licenses.is_active', '=', 1)
        .where('licenses.kind', '=', 'team')
        .where('products.type', '=', 'all-access')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
