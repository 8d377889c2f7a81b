import type { Kysely } from 'kysely';

/**
 * Periodic jobs claimed per period (session pruning first): one row per job with the time it is
 * next due. An instance runs the job only when its conditional update moves `due_at` forward,
 * so one instance runs it each period, however many are up. An expand step: nothing older reads it.
 */
export function periodicJobs() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('periodic_jobs')
        .ifNotExists()
        .addColumn('name', 'varchar(100)', (col) => col.primaryKey())
        .addColumn('due_at', 'bigint', (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('periodic_jobs').ifExists().execute();
    },
  };
}
