import { sql } from 'kysely';
import type { Db, Tx } from '../../../db/database.ts';

/** `!` escapes LIKE's wildcards: a `%` or `_` typed into the search is that character. */
const LIKE_ESCAPE = '!';

function likePrefix(prefix: string): string {
  return `${prefix.replace(/[!%_]/g, (c) => `${LIKE_ESCAPE}${c}`)}%`;
}

/**
 * What the back office reads: customers, purchases, webhook events and account history. It
 * changes nothing itself: licences and teams change through the licensing module, purchases
 * through the payments module, each in the back office's transaction with its audit entry.
 */
export function adminRepository(db: Db | Tx) {
  const emailStartsWith = (prefix: string) =>
    sql<boolean>`users.email like ${likePrefix(prefix)} escape ${sql.lit(LIKE_ESCAPE)}`;

  return {
    /**
     * Accounts whose address starts with `prefix` (addresses are stored lower-cased, and the
     * caller lower-cases the prefix: case-insensitive on both engines), in address order.
     */
    searchCustomers(prefix: string, offset: number, limit: number) {
      return db
        .selectFrom('users')
        .select((eb) => [
          'users.id',
          'users.email',
          'users.is_admin',
          'users.created_at',
          eb
            .selectFrom('purchases')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('purchases.user_id', '=', 'users.id')
            .as('purchase_count'),
        ])
        .where(emailStartsWith(prefix))
        .orderBy('users.email')
        .offset(offset)
        .limit(limit)
        .execute();
    },

    async countCustomers(prefix: string): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(emailStartsWith(prefix))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    userById(id: number) {
      return db
        .selectFrom('users')
        .select(['id', 'email', 'is_admin', 'created_at'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    purchasesOf(userId: number) {
      return db
        .selectFrom('purchases')
        .innerJoin('products', 'products.id', 'purchases.product_id')
        .select([
          'purchases.id',
          'purchases.amount',
          'purchases.currency',
          'purchases.source',
          'purchases.receipt_url',
          'purchases.refunded_at',
          'purchases.refund_requested_at',
          'purchases.test_mode',
          'purchases.provider_transaction_id',
          'purchases.created_at',
          'products.name as product_name',
        ])
        .where('purchases.user_id', '=', userId)
        .orderBy('purchases.created_at', 'desc')
        .orderBy('purchases.id', 'desc')
        .execute();
    },

    purchaseById(id: number) {
      return db
        .selectFrom('purchases')
        .innerJoin('products', 'products.id', 'purchases.product_id')
        .select([
          'purchases.id',
          'purchases.user_id',
          'purchases.amount',
          'purchases.currency',
          'purchases.source',
          'purchases.refunded_at',
          'purchases.refund_requested_at',
          'purchases.test_mode',
          'purchases.provider_transaction_id',
          'purchases.buyer_email',
          'purchases.created_at',
          'products.name as product_name',
          'products.slug as product_slug',
        ])
        .where('purchases.id', '=', id)
        .executeTakeFirst();
    },

    passwordResetsOf(userId: number, limit = 10) {
      return db
        .selectFrom('password_resets')
        .select(['created_at', 'expires_at', 'used_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    emailChangesOf(userId: number, limit = 10) {
      return db
        .selectFrom('email_change_undos')
        .select(['created_at', 'old_email', 'new_email', 'used_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    webhookEvents(options: { outcome: string | null; offset: number; limit: number }) {
      let query = db
        .selectFrom('webhook_events')
        .select([
          'id',
          'provider',
          'event_id',
          'event_type',
          'occurred_at',
          'received_at',
          'processed_at',
          'outcome',
          'deliveries',
          'error',
        ]);
      if (options.outcome) query = query.where('outcome', '=', options.outcome);
      return query
        .orderBy('received_at', 'desc')
        .orderBy('id', 'desc')
        .offset(options.offset)
        .limit(options.limit)
        .execute();
    },

    async countWebhookEvents(outcome: string | null): Promise<number> {
      let query = db.selectFrom('webhook_events').select((eb) => eb.fn.countAll<number>().as('n'));
      if (outcome) query = query.where('outcome', '=', outcome);
      return Number((await query.executeTakeFirstOrThrow()).n);
    },

    webhookEventById(id: number) {
      return db.selectFrom('webhook_events').selectAll().where('id', '=', id).executeTakeFirst();
    },
  };
}

export type AdminRepository = ReturnType<typeof adminRepository>;
