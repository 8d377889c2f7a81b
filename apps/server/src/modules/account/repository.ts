import type { Db } from '../../db/database.ts';

/**
 * Reads for a customer's data export that no other module serves: their account row (never its
 * password hash), their sign-ins, and the back office's audit entries about them (never the
 * operator's address: what was done to the account, and when).
 */
export function personalDataRepository(db: Db) {
  return {
    account(userId: number) {
      return db
        .selectFrom('users')
        .select([
          'id',
          'email',
          'is_admin',
          'snippet_lang',
          'preview_color_scheme',
          'preview_width',
          'color_scheme',
          'created_at',
          'updated_at',
        ])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    signIns(userId: number) {
      return db
        .selectFrom('sign_ins')
        .select(['method', 'ip', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    purchases(userId: number) {
      return db
        .selectFrom('purchases')
        .innerJoin('products', 'products.id', 'purchases.product_id')
        .select([
          'purchases.id',
          'products.name as product',
          'purchases.amount',
          'purchases.tax',
          'purchases.currency',
          'purchases.source',
          'purchases.receipt_url',
          'purchases.created_at',
          'purchases.refunded_at',
          'purchases.refund_reason',
          'purchases.test_mode',
        ])
        .where('purchases.user_id', '=', userId)
        .orderBy('purchases.created_at')
        .orderBy('purchases.id')
        .execute();
    },

    auditEntries(userId: number) {
      return db
        .selectFrom('audit_entries')
        .select(['action', 'subject_type', 'subject_id', 'details', 'created_at'])
        .where((eb) =>
          eb.or([
            eb('customer_id', '=', userId),
            eb.and([eb('subject_type', '=', 'user'), eb('subject_id', '=', userId)]),
          ]),
        )
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },
  };
}
