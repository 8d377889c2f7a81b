import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/** The component previews' colour scheme a user last chose (PUT /preview-color-scheme). */
export function previewColorScheme(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('preview_color_scheme', 'varchar(10)')
        .execute();
    },
  };
}
