import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * What a checkout's licence is for, when it differs from what is bought: the Black Friday bundle
 * (all-access plus the design ebook) is sold as its own product and price, but its licence is an
 * all-access licence, or it would grant nothing (decision 007). Null: the product bought.
 */
export function checkoutLicenseProduct(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('checkouts')
        .addColumn('license_product_id', 'integer', (col) => col.references('products.id'))
        .execute();
    },
  };
}
