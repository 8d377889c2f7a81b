import type { Db, Tx } from '../../../db/database.ts';

/** An upgrade that still stands on the credit of an earlier purchase (decision 041). */
export interface StandingUpgrade {
  /** The upgrade's purchase: not refunded, its licence active. */
  purchaseId: number;
  productName: string;
  /** What the earlier purchase took off the upgrade's price, in minor units of `currency`. */
  credit: number;
  currency: string;
  createdAt: number;
}

/** Which earlier purchases lowered a checkout's price (owner pricing), and what stands on them. */
export function purchaseCreditsRepository(db: Db | Tx) {
  return {
    /**
     * Records the purchases behind the credited licences of a checkout: each once, only the
     * buyer's own, paid and not refunded.
     */
    async record(checkoutId: number, buyerId: number, licenseIds: readonly number[], at: number) {
      if (licenseIds.length === 0) return;
      const credited = await db
        .selectFrom('licenses')
        .innerJoin('purchases', 'purchases.id', 'licenses.purchase_id')
        .select(['purchases.id', 'purchases.amount', 'purchases.currency'])
        .where('licenses.id', 'in', [...licenseIds])
        .where('purchases.user_id', '=', buyerId)
        .where('purchases.refunded_at', 'is', null)
        .where('purchases.amount', '>', 0)
        .execute();
      const unique = [...new Map(credited.map((row) => [row.id, row])).values()];
      if (unique.length === 0) return;
      await db
        .insertInto('purchase_credits')
        .values(
          unique.map((row) => ({
            checkout_id: checkoutId,
            credited_purchase_id: row.id,
            amount: row.amount,
            currency: row.currency,
            created_at: at,
          })),
        )
        .execute();
    },

    /**
     * The upgrades that stand on `purchaseId`'s credit now: bought with it, not refunded, and
     * still giving access (an active licence).
     */
    async standingOn(purchaseId: number): Promise<StandingUpgrade[]> {
      const rows = await db
        .selectFrom('purchase_credits')
        .innerJoin('purchases', 'purchases.checkout_id', 'purchase_credits.checkout_id')
        .innerJoin('products', 'products.id', 'purchases.product_id')
        .select([
          'purchases.id as purchase_id',
          'products.name as product_name',
          'purchase_credits.amount',
          'purchase_credits.currency',
          'purchases.created_at',
        ])
        .where('purchase_credits.credited_purchase_id', '=', purchaseId)
        .where('purchases.refunded_at', 'is', null)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('licenses')
              .select('licenses.id')
              .whereRef('licenses.purchase_id', '=', 'purchases.id')
              .where('licenses.is_active', '=', 1),
          ),
        )
        .orderBy('purchases.id')
        .execute();
      return rows.map((row) => ({
        purchaseId: row.purchase_id,
        productName: row.product_name,
        credit: row.amount,
        currency: row.currency,
        createdAt: row.created_at,
      }));
    },
  };
}
