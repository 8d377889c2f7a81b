import type { Db } from '../../db/database.ts';

export function purchasesRepository(db: Db) {
  return {
    forUser(userId: number) {
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
          'purchases.created_at',
          'products.name as product_name',
        ])
        .where('purchases.user_id', '=', userId)
        .orderBy('purchases.created_at', 'desc')
        .orderBy('purchases.id', 'desc')
        .execute();
    },
  };
}
