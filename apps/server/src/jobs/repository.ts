import { sql, type Selectable } from 'kysely';
import type { DatabaseHandle, Tx } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

/**
 * The job tables (decision 038) and the column that marks a job done. Every job table has the
 * same bookkeeping: `attempts`, `next_attempt_at`, `claimed_until`, `last_error`, `created_at`.
 */
export const JOB_TABLES = {
  mail_jobs: 'sent_at',
  sandbox_webhook_deliveries: 'delivered_at',
} as const;
export type JobTable = keyof typeof JOB_TABLES;
/** The bookkeeping columns every job table has. */
interface JobBookkeeping {
  id: number;
  attempts: number;
  next_attempt_at: number;
}
export type JobRow<T extends JobTable> = Selectable<Database[T]> & JobBookkeeping;

export interface ClaimOptions {
  at: number;
  claimMs: number;
  batch: number;
  maxAttempts: number;
  /** Take pending jobs whose back-off has not run out yet (tests, and a sandbox's drain). */
  ignoreSchedule?: boolean;
}

/** What the back office shows of one queue. */
export interface Backlog {
  /** Every job not done yet that may still be tried (the ones claimed now among them). */
  pending: number;
  /** Pending jobs a worker holds right now. */
  claimed: number;
  /** Jobs done (sent, delivered). */
  done: number;
  /** Age of the oldest pending job at `now`, in ms; null when nothing is pending. */
  oldestAgeMs: number | null;
  /** Pending jobs that failed at least once (their last error is kept). */
  failing: number;
  /** Jobs that used every attempt: left for the operator. */
  failed: number;
}

/** A job that failed at least once and is not done (the back office lists these). */
export interface FailedJob {
  id: number;
  attempts: number;
  last_error: string;
  created_at: number;
  next_attempt_at: number;
}

/** The SQL of every job table: one claim, one finish, counts. */
export function jobRepository<T extends JobTable>(database: DatabaseHandle, table: T) {
  const done = sql.ref(JOB_TABLES[table]);
  const name = sql.table(table);
  const open = sql`${done} IS NULL`;
  return {
    /**
     * Claims up to `batch` due jobs for `claimMs` and counts the attempt. On PostgreSQL the rows
     * are picked `FOR UPDATE SKIP LOCKED`, so concurrent workers take different jobs without
     * waiting on each other; on SQLite the claim runs in a `BEGIN IMMEDIATE` transaction, which
     * one process at a time holds.
     */
    async claim(options: ClaimOptions): Promise<JobRow<T>[]> {
      const { at, claimMs, batch, maxAttempts } = options;
      const lock = database.engine === 'postgres' ? sql`FOR UPDATE SKIP LOCKED` : sql``;
      const schedule = options.ignoreSchedule ? sql`` : sql`AND next_attempt_at <= ${at}`;
      const rows = await database.writeTransaction(async (tx) => {
        const result = await sql<JobRow<T>>`
          UPDATE ${name} SET claimed_until = ${at + claimMs}, attempts = attempts + 1
          WHERE id IN (
            SELECT id FROM ${name}
            WHERE ${done} IS NULL AND attempts < ${maxAttempts} ${schedule}
              AND (claimed_until IS NULL OR claimed_until <= ${at})
            ORDER BY next_attempt_at, id
            LIMIT ${batch}
            ${lock}
          )
          RETURNING *`.execute(tx);
        return result.rows;
      });
      return rows.sort(
        (a, b) =>
          Number(a.next_attempt_at) - Number(b.next_attempt_at) || Number(a.id) - Number(b.id),
      );
    },

    /** Marks a claimed job done (`extra`: the table's own columns, such as a status). */
    async succeed(id: number, at: number, extra: Record<string, unknown> = {}): Promise<void> {
      await update(id, {
        [JOB_TABLES[table]]: at,
        claimed_until: null,
        last_error: null,
        ...extra,
      });
    },

    /** Releases a claimed job with its error, to be tried again at `retryAt`. */
    async fail(
      id: number,
      error: string,
      retryAt: number,
      extra: Record<string, unknown> = {},
    ): Promise<void> {
      await update(id, {
        claimed_until: null,
        last_error: error.slice(0, 2000),
        next_attempt_at: retryAt,
        ...extra,
      });
    },

    /** When the next pending job becomes due (its back-off or a dead worker's claim ends). */
    async nextDueAt(maxAttempts: number): Promise<number | null> {
      const result = await sql<{ due: number | null }>`
        SELECT MIN(CASE WHEN claimed_until IS NOT NULL AND claimed_until > next_attempt_at
                        THEN claimed_until ELSE next_attempt_at END) AS due
        FROM ${name} WHERE ${done} IS NULL AND attempts < ${maxAttempts}`.execute(database.db);
      const due = result.rows[0]?.due;
      return due === null || due === undefined ? null : Number(due);
    },

    async pendingCount(maxAttempts: number): Promise<number> {
      const result = await sql<{ n: number }>`
        SELECT COUNT(*) AS n FROM ${name}
        WHERE ${done} IS NULL AND attempts < ${maxAttempts}`.execute(database.db);
      return Number(result.rows[0]?.n ?? 0);
    },

    async backlog(maxAttempts: number, now: number): Promise<Backlog> {
      const result = await sql<{
        pending: number;
        claimed: number;
        done: number;
        oldest: number | null;
        failing: number;
        failed: number;
      }>`
        SELECT
          SUM(CASE WHEN ${open} AND attempts < ${maxAttempts} THEN 1 ELSE 0 END) AS pending,
          SUM(CASE WHEN ${open} AND attempts < ${maxAttempts} AND claimed_until > ${now}
              THEN 1 ELSE 0 END) AS claimed,
          SUM(CASE WHEN ${open} THEN 0 ELSE 1 END) AS done,
          MIN(CASE WHEN ${open} AND attempts < ${maxAttempts} THEN created_at END) AS oldest,
          SUM(CASE WHEN ${open} AND attempts < ${maxAttempts} AND last_error IS NOT NULL
              THEN 1 ELSE 0 END) AS failing,
          SUM(CASE WHEN ${open} AND attempts >= ${maxAttempts} THEN 1 ELSE 0 END) AS failed
        FROM ${name}`.execute(database.db);
      const row = result.rows[0];
      const oldest = row?.oldest === null || row?.oldest === undefined ? null : Number(row.oldest);
      return {
        pending: Number(row?.pending ?? 0),
        claimed: Number(row?.claimed ?? 0),
        done: Number(row?.done ?? 0),
        oldestAgeMs: oldest === null ? null : Math.max(0, now - oldest),
        failing: Number(row?.failing ?? 0),
        failed: Number(row?.failed ?? 0),
      };
    },

    failures,

    /**
     * An operator's retry (inside their transaction, with its audit entry): a failed job not
     * done and not held by a worker becomes due at `at` with every attempt again; its own
     * `columns` come back. Null when there is no such job (done meanwhile, never failed,
     * claimed right now, or already retried and not tried since: its attempts are back at 0,
     * so two operators asking at once give one retry and one audit entry).
     */
    async retry(
      tx: Tx,
      id: number,
      at: number,
      columns: readonly string[],
    ): Promise<Record<string, unknown> | null> {
      const own = sql.join(columns.map((column) => sql.ref(column)));
      const result = await sql<Record<string, unknown>>`
        UPDATE ${name} SET attempts = 0, next_attempt_at = ${at}, claimed_until = NULL
        WHERE id = ${id} AND ${open} AND last_error IS NOT NULL AND attempts > 0
          AND (claimed_until IS NULL OR claimed_until <= ${at})
        RETURNING ${own}`.execute(tx);
      return result.rows[0] ?? null;
    },
  };

  /**
   * The latest jobs not done that failed at least once, newest failure first: the table's own
   * columns (`columns`) and the bookkeeping, never a payload (a message carries a licence key).
   */
  async function failures(
    columns: readonly string[],
    limit: number,
  ): Promise<(FailedJob & Record<string, unknown>)[]> {
    const own = sql.join(columns.map((column) => sql.ref(column)));
    const result = await sql<FailedJob & Record<string, unknown>>`
      SELECT id, attempts, last_error, created_at, next_attempt_at, ${own} FROM ${name}
      WHERE ${open} AND last_error IS NOT NULL
      ORDER BY next_attempt_at DESC, id DESC
      LIMIT ${limit}`.execute(database.db);
    return result.rows.map((row) => ({
      ...row,
      id: Number(row.id),
      attempts: Number(row.attempts),
      created_at: Number(row.created_at),
      next_attempt_at: Number(row.next_attempt_at),
    }));
  }

  async function update(id: number, values: Record<string, unknown>): Promise<void> {
    const set = sql.join(
      Object.entries(values).map(([column, value]) => sql`${sql.ref(column)} = ${value}`),
    );
    await sql`UPDATE ${name} SET ${set} WHERE id = ${id}`.execute(database.db);
  }
}
