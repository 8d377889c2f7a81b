import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from './context.ts';

/**
 * Digital goods a licence hands over besides code (the Black Friday bundle's design ebook).
 * One row per licence and goods (unique: a redelivered purchase cannot give them twice), written
 * in the purchase's transaction; a refund sets `revoked_at`. Expand only: releases before it
 * never read the table.
 */
export function licenseGoods({ engine }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('license_goods')
        .addColumn('id', 'integer', idColumn(engine))
        .addColumn('license_id', 'integer', (col) =>
          col.notNull().references('licenses.id').onDelete('cascade'),
        )
        .addColumn('goods', 'varchar(64)', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('revoked_at', 'bigint')
        .addUniqueConstraint('license_goods_license_goods', ['license_id', 'goods'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('license_goods').execute();
    },
  };
}
