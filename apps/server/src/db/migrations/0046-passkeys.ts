import { sql, type Kysely } from 'kysely';
import { idColumn, type MigrationContext } from './context.ts';

/**
 * Passkeys (decision 052): an account's WebAuthn credentials, and the challenges the server
 * handed out for a ceremony. The database enforces what matters: a credential id belongs to one
 * account only (unique), the counter never goes negative, a name is never empty, and a
 * challenge is spent once (its row is deleted by the request that uses it). Expand only: the
 * previous release never reads these tables.
 */
export function passkeys({ engine }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('webauthn_credentials')
        .addColumn('id', 'integer', idColumn(engine))
        .addColumn('user_id', 'integer', (col) =>
          col.notNull().references('users.id').onDelete('cascade'),
        )
        // base64url of the authenticator's credential id (at most 1023 bytes by the spec).
        .addColumn('credential_id', 'varchar(1400)', (col) => col.notNull().unique())
        // base64url of the COSE public key.
        .addColumn('public_key', 'text', (col) => col.notNull())
        .addColumn('counter', 'bigint', (col) => col.notNull().defaultTo(0))
        // Comma-separated transports the browser reported ('internal,hybrid'), or ''.
        .addColumn('transports', 'varchar(255)', (col) => col.notNull().defaultTo(''))
        .addColumn('name', 'varchar(100)', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('last_used_at', 'bigint')
        .addCheckConstraint('webauthn_credentials_counter', sql`counter >= 0`)
        .addCheckConstraint('webauthn_credentials_name', sql`name <> ''`)
        .execute();
      await db.schema
        .createIndex('webauthn_credentials_user_id')
        .on('webauthn_credentials')
        .column('user_id')
        .execute();
      await db.schema
        .createTable('webauthn_challenges')
        .addColumn('challenge', 'varchar(128)', (col) => col.primaryKey())
        .addColumn('user_id', 'integer', (col) =>
          col.notNull().references('users.id').onDelete('cascade'),
        )
        // 'register' or 'authenticate'
        .addColumn('purpose', 'varchar(16)', (col) => col.notNull())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .addCheckConstraint(
          'webauthn_challenges_purpose',
          sql`purpose in ('register', 'authenticate')`,
        )
        .execute();
      await db.schema
        .createIndex('webauthn_challenges_user_id')
        .on('webauthn_challenges')
        .column('user_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('webauthn_challenges').execute();
      await db.schema.dropTable('webauthn_credentials').execute();
    },
  };
}
