import type { Db, Tx } from '../../../db/database.ts';

/**
 * Every statement on `license_goods`: the digital goods (the design ebook) a licence hands over
 * besides code. Written with the licence in the purchase's transaction, revoked by its refund.
 */
export function licenseGoodsRepository(db: Db | Tx) {
  return {
    /** Gives `goods` with a licence; a pair it already has is left as it is. */
    async grant(licenseId: number, goods: readonly string[], now: number): Promise<void> {
      if (goods.length === 0) return;
      await db
        .insertInto('license_goods')
        .values(goods.map((slug) => ({ license_id: licenseId, goods: slug, created_at: now })))
        .onConflict((conflict) => conflict.columns(['license_id', 'goods']).doNothing())
        .execute();
    },

    /** A refund takes back what the purchase's licences handed over. Returns the rows changed. */
    async revokeForPurchase(purchaseId: number, at: number): Promise<number> {
      const result = await db
        .updateTable('license_goods')
        .set({ revoked_at: at })
        .where('revoked_at', 'is', null)
        .where('license_id', 'in', (eb) =>
          eb.selectFrom('licenses').select('licenses.id').where('purchase_id', '=', purchaseId),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * The goods the user may download now: given with an active licence that is theirs or their
     * team's, and not revoked.
     */
    async heldBy(userId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('license_goods')
        .innerJoin('licenses', 'licenses.id', 'license_goods.license_id')
        .select('license_goods.goods')
        .distinct()
        .where('license_goods.revoked_at', 'is', null)
        .where('licenses.is_active', '=', 1)
        .where((eb) =>
          eb.or([
            eb('licenses.user_id', '=', userId),
            eb(
              'licenses.team_id',
              'in',
              eb.selectFrom('team_members').select('team_id').where('user_id', '=', userId),
            ),
          ]),
        )
        .orderBy('license_goods.goods')
        .execute();
      return rows.map((row) => row.goods);
    },

    /** The goods a licence hands over now (not revoked). */
    async ofLicense(licenseId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('license_goods')
        .select('goods')
        .where('license_id', '=', licenseId)
        .where('revoked_at', 'is', null)
        .orderBy('goods')
        .execute();
      return rows.map((row) => row.goods);
    },

    /** What a purchase's licences hand over, revoked or not (fulfilment, tests). */
    ofPurchase(purchaseId: number) {
      return db
        .selectFrom('license_goods')
        .innerJoin('licenses', 'licenses.id', 'license_goods.license_id')
        .select([
          'license_goods.license_id',
          'license_goods.goods',
          'license_goods.created_at',
          'license_goods.revoked_at',
        ])
        .where('licenses.purchase_id', '=', purchaseId)
        .orderBy('license_goods.id')
        .execute();
    },
  };
}
