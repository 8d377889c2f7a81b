import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * The store's own colour scheme a user last chose (PUT /color-scheme; decision 066). An expand
 * step: a nullable column older code never reads, on both engines; null is `system`.
 */
export function colorScheme(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('color_scheme', 'varchar(10)').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('users').dropColumn('color_scheme').execute();
    },
  };
}
