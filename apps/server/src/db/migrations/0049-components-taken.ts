import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * What each customer last took of each component (decision 065): the version they copied from
 * its page or installed through the registry, when, and which of the two. Nothing more: no
 * address, no language, no token. One row per user and component, enforced by the primary key;
 * the store upserts it, never lowering the version. Expand only: the previous release never
 * reads it; an account's deletion removes its rows (decision 060), and so does the cascade.
 */
export function componentsTaken(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('components_taken')
        .addColumn('user_id', 'integer', (col) =>
          col.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('component_uuid', 'varchar(36)', (col) => col.notNull())
        .addColumn('version', 'integer', (col) => col.notNull())
        // 'copy' (the component's page) or 'install' (the shadcn registry).
        .addColumn('how', 'varchar(8)', (col) => col.notNull())
        .addColumn('taken_at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('components_taken_pk', ['user_id', 'component_uuid'])
        .addCheckConstraint('components_taken_version', sql`version >= 1`)
        .addCheckConstraint('components_taken_how', sql`how in ('copy', 'install')`)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('components_taken').execute();
    },
  };
}
