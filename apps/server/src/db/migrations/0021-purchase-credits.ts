import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from './context.ts';

/**
 * What an upgrade's price was lowered by (decision 041): one row per earlier purchase whose
 * amount a checkout credited (owner pricing), fixed when the checkout fixes the price. A refund
 * of a credited purchase asks it: while the upgrade stands, the refund is refused, or with the
 * operator's override it takes the upgrade down too. Expand only: a new table.
 */
export function purchaseCredits({ engine }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('purchase_credits')
        .addColumn('id', 'integer', idColumn(engine))
        .addColumn('checkout_id', 'integer', (col) =>
          col.notNull().references('checkouts.id').onDelete('cascade'),
        )
        .addColumn('credited_purchase_id', 'integer', (col) =>
          col.notNull().references('purchases.id').onDelete('cascade'),
        )
        .addColumn('amount', 'integer', (col) => col.notNull())
        .addColumn('currency', 'varchar(3)', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('purchase_credits_credited_purchase_id')
        .on('purchase_credits')
        .column('credited_purchase_id')
        .execute();
      await db.schema
        .createIndex('purchase_credits_checkout_id')
        .on('purchase_credits')
        .column('checkout_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('purchase_credits').execute();
    },
  };
}
