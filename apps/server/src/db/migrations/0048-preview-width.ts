import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * The preview frame's preset width a user last chose (PUT /preview-width; decision 061). An
 * expand step: a nullable column older code never reads, on both engines.
 */
export function previewWidth(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('preview_width', 'varchar(10)').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('users').dropColumn('preview_width').execute();
    },
  };
}
