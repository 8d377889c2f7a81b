import { sql, type Kysely } from 'kysely';
import { idColumn, type MigrationContext } from './context.ts';

/** What the database says when anyone tries to change or remove an audit entry. */
export const AUDIT_IMMUTABLE_MESSAGE = 'audit entries are append-only';

/**
 * The operator's back office (issue 12, decision 011):
 * - `audit_entries`: who did what to which object, when and from where. Append-only, and the
 *   database itself says so: a trigger refuses every UPDATE and DELETE on both engines (and
 *   TRUNCATE on PostgreSQL), so no route, script or future bug can edit the trail. No foreign
 *   keys: an entry outlives the accounts it names (a cascade would be an edit).
 * - `sign_ins`: successful sign-ins (password or remember-me) with the address, so support can
 *   answer "I can't sign in"; kept 90 days per user (pruned on the next sign-in).
 * - `purchases.refund_requested_at`: the operator asked the provider for a refund, which
 *   arrives later as a webhook. Set by a conditional update, so a refund is asked for once
 *   however often the button is pressed.
 */
export function backOffice({ engine }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('audit_entries')
        .addColumn('id', 'integer', idColumn(engine))
        /** The operator (the admin, also while impersonating). */
        .addColumn('actor_id', 'integer', (col) => col.notNull())
        /** The operator's address at the time: the entry stays readable if the account goes. */
        .addColumn('actor_email', 'varchar(254)', (col) => col.notNull())
        /** 'impersonation.start', 'license.deactivate', … (modules/admin/audit.ts). */
        .addColumn('action', 'varchar(64)', (col) => col.notNull())
        /** 'user' | 'purchase' | 'license' | 'team' | 'webhook_event' */
        .addColumn('subject_type', 'varchar(32)', (col) => col.notNull())
        .addColumn('subject_id', 'integer', (col) => col.notNull())
        /** The customer the action concerns, so their page can list it; null if none. */
        .addColumn('customer_id', 'integer')
        /** JSON: what changed (from/to, reason); never a secret. */
        .addColumn('details', 'text', (col) => col.notNull())
        /** The request's address (`req.ip`, behind TRUST_PROXY when set). */
        .addColumn('ip', 'varchar(64)')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('audit_entries_created_at')
        .on('audit_entries')
        .column('created_at')
        .execute();
      await db.schema
        .createIndex('audit_entries_customer_id')
        .on('audit_entries')
        .columns(['customer_id', 'created_at'])
        .execute();

      if (engine === 'postgres') {
        await sql`create function audit_entries_refuse_change() returns trigger
          language plpgsql as $$
          begin
            raise exception '${sql.raw(AUDIT_IMMUTABLE_MESSAGE)}';
          end
          $$`.execute(db);
        await sql`create trigger audit_entries_append_only
          before update or delete on audit_entries
          for each row execute function audit_entries_refuse_change()`.execute(db);
        await sql`create trigger audit_entries_no_truncate
          before truncate on audit_entries
          for each statement execute function audit_entries_refuse_change()`.execute(db);
      } else {
        await sql`create trigger audit_entries_no_update before update on audit_entries
          begin select raise(abort, '${sql.raw(AUDIT_IMMUTABLE_MESSAGE)}'); end`.execute(db);
        await sql`create trigger audit_entries_no_delete before delete on audit_entries
          begin select raise(abort, '${sql.raw(AUDIT_IMMUTABLE_MESSAGE)}'); end`.execute(db);
      }

      await db.schema
        .createTable('sign_ins')
        .addColumn('id', 'integer', idColumn(engine))
        .addColumn('user_id', 'integer', (col) =>
          col.notNull().references('users.id').onDelete('cascade'),
        )
        /** 'password' | 'remember' */
        .addColumn('method', 'varchar(16)', (col) => col.notNull())
        .addColumn('ip', 'varchar(64)')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('sign_ins_user_id_created_at')
        .on('sign_ins')
        .columns(['user_id', 'created_at'])
        .execute();

      await db.schema.alterTable('purchases').addColumn('refund_requested_at', 'bigint').execute();
    },
  };
}
