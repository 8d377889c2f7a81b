import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from './context.ts';

/**
 * Second factors (decision 044): an authenticator app's TOTP secret (encrypted with a key
 * derived from the session secret; `last_time_step` refuses a replayed code), ten single-use
 * recovery codes (only their SHA-256 stored), and the account's security events (enrol,
 * disable, second-step success and failure, recovery code used) for support and the owner.
 * Expand only: the previous release never reads these tables.
 */
export function secondFactor({ engine }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('totp_credentials')
        .addColumn('user_id', 'integer', (col) =>
          col.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('secret_encrypted', 'varchar(255)', (col) => col.notNull())
        .addColumn('last_time_step', 'bigint')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('recovery_codes')
        .addColumn('id', 'integer', idColumn(engine))
        .addColumn('user_id', 'integer', (col) =>
          col.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('code_hash', 'varchar(64)', (col) => col.notNull())
        .addColumn('used_at', 'bigint')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('recovery_codes_user_id')
        .on('recovery_codes')
        .column('user_id')
        .execute();
      await db.schema
        .createTable('security_events')
        .addColumn('id', 'integer', idColumn(engine))
        .addColumn('user_id', 'integer', (col) =>
          col.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('event', 'varchar(64)', (col) => col.notNull())
        .addColumn('ip', 'varchar(64)')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('security_events_user_id')
        .on('security_events')
        .columns(['user_id', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('security_events').execute();
      await db.schema.dropTable('recovery_codes').execute();
      await db.schema.dropTable('totp_credentials').execute();
    },
  };
}
