import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from './context.ts';

/**
 * Personal access tokens (decision 014): named, read-only credentials for the shadcn registry
 * and other developer tools. Only the SHA-256 of the secret is stored; `prefix` is the part a
 * person recognises in a list. A revoked token keeps its row (revoked_at) so its owner sees what
 * it was; an account's deletion takes its tokens with it.
 */
export function accessTokens({ engine }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('access_tokens')
        .addColumn('id', 'integer', idColumn(engine))
        .addColumn('user_id', 'integer', (col) =>
          col.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('name', 'varchar(100)', (col) => col.notNull())
        .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
        .addColumn('prefix', 'varchar(32)', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('expires_at', 'bigint')
        .addColumn('last_used_at', 'bigint')
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('access_tokens_user_id')
        .on('access_tokens')
        .column('user_id')
        .execute();
    },
  };
}
