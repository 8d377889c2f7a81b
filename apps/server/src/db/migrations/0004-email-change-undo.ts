import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from './context.ts';

/** The undo links mailed to the old address when an account's e-mail changes (decision 003). */
export function emailChangeUndo({ engine }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('email_change_undos')
        .addColumn('id', 'integer', idColumn(engine))
        .addColumn('user_id', 'integer', (col) =>
          col.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
        .addColumn('old_email', 'varchar(254)', (col) => col.notNull())
        .addColumn('new_email', 'varchar(254)', (col) => col.notNull())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .addColumn('used_at', 'bigint')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('email_change_undos_user_id')
        .on('email_change_undos')
        .column('user_id')
        .execute();
    },
  };
}
