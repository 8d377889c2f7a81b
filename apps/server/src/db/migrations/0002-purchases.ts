import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from './context.ts';

/** Products, purchases and licences: what the account pages and entitlements read. */
export function purchases({ engine }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('products')
        .addColumn('id', 'integer', idColumn(engine))
        .addColumn('slug', 'varchar(64)', (col) => col.notNull().unique())
        .addColumn('name', 'varchar(255)', (col) => col.notNull())
        .addColumn('type', 'varchar(32)', (col) => col.notNull())
        .addColumn('price_amount', 'integer', (col) => col.notNull())
        .addColumn('price_currency', 'varchar(3)', (col) => col.notNull())
        .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('purchases')
        .addColumn('id', 'integer', idColumn(engine))
        .addColumn('user_id', 'integer', (col) =>
          col.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id'))
        .addColumn('amount', 'integer', (col) => col.notNull())
        .addColumn('currency', 'varchar(3)', (col) => col.notNull())
        .addColumn('source', 'varchar(32)', (col) => col.notNull())
        .addColumn('receipt_url', 'varchar(2048)', (col) => col.notNull())
        .addColumn('refunded_at', 'bigint')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('purchases_user_id').on('purchases').column('user_id').execute();

      await db.schema
        .createTable('licenses')
        .addColumn('id', 'integer', idColumn(engine))
        .addColumn('key', 'varchar(64)', (col) => col.notNull().unique())
        .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id'))
        .addColumn('purchase_id', 'integer', (col) => col.references('purchases.id'))
        .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('kind', 'varchar(16)', (col) => col.notNull())
        .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
        .addColumn('deactivation_reason', 'varchar(16)')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('licenses_user_id').on('licenses').column('user_id').execute();
    },
  };
}
