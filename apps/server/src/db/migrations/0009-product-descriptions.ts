import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * What a product is, in a sentence the checkout shows under its name (its "description").
 * Seeded by `ensureProducts` with the rest of the catalogue of things for sale,
 * so a quote reads everything it says from the database.
 */
export function productDescriptions(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('products')
        .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
        .execute();
    },
  };
}
