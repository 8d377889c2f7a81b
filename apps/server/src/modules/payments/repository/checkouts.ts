import type { Db, Engine, Tx } from '../../../db/database.ts';
import type { Checkout } from '../../../db/schema.ts';

/** The pending purchases a provider transaction is keyed by. */
export function checkoutsRepository(db: Db | Tx, engine: Engine) {
  return {
    async insert(values: Omit<Checkout, 'id' | 'completed_at'>): Promise<number> {
      const row = await db
        .insertInto('checkouts')
        .values({ ...values, completed_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    byId(id: number) {
      return db.selectFrom('checkouts').selectAll().where('id', '=', id).executeTakeFirst();
    },

    byHash(hash: string) {
      return db.selectFrom('checkouts').selectAll().where('hash', '=', hash).executeTakeFirst();
    },

    /**
     * The checkout of a provider transaction, locked until the transaction ends (PostgreSQL;
     * SQLite's write transactions already hold the whole database), so two events about one
     * transaction (a purchase and its refund) are applied one after the other.
     */
    lockByTransaction(transactionId: string) {
      const query = db
        .selectFrom('checkouts')
        .selectAll()
        .where('provider_transaction_id', '=', transactionId);
      return (engine === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
    },

    /** Only a checkout not yet completed moves; false when another event got there first. */
    async markCompleted(id: number, at: number): Promise<boolean> {
      const result = await db
        .updateTable('checkouts')
        .set({ status: 'completed', completed_at: at })
        .where('id', '=', id)
        .where('status', '!=', 'completed')
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** A failed payment never overrides a completed one, whatever the order they arrive in. */
    async markFailed(id: number): Promise<boolean> {
      const result = await db
        .updateTable('checkouts')
        .set({ status: 'failed' })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** Where a fulfilled checkout's buyer lands, and what the message there says. */
    landing(hash: string) {
      return db
        .selectFrom('checkouts')
        .innerJoin('purchases', 'purchases.checkout_id', 'checkouts.id')
        .innerJoin('licenses', 'licenses.purchase_id', 'purchases.id')
        .innerJoin('products', 'products.id', 'checkouts.product_id')
        .select([
          'licenses.key',
          'licenses.user_id',
          'checkouts.kind',
          'checkouts.upgrade_license_id',
          'products.name as product_name',
          'products.slug as product_slug',
        ])
        .where('checkouts.hash', '=', hash)
        .where('checkouts.status', '=', 'completed')
        .executeTakeFirst();
    },

    /** The licence a completed checkout produced, for the thank-you page's poll. */
    fulfilled(hash: string) {
      return db
        .selectFrom('checkouts')
        .innerJoin('purchases', 'purchases.checkout_id', 'checkouts.id')
        .innerJoin('licenses', 'licenses.purchase_id', 'purchases.id')
        .leftJoin('teams', 'teams.license_id', 'licenses.id')
        .select([
          'licenses.key',
          'licenses.user_id as license_user_id',
          'licenses.redeemed_at',
          'teams.id as team_id',
          'checkouts.upgrade_license_id',
          'checkouts.completed_at',
        ])
        .where('checkouts.hash', '=', hash)
        .where('checkouts.status', '=', 'completed')
        .executeTakeFirst();
    },
  };
}
