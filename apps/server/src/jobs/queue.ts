import type { DatabaseHandle, Tx } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { onJobs, signalJobs } from './signals.ts';
import { jobRepository, type Backlog, type JobRow, type JobTable } from './repository.ts';

/**
 * One job mechanism for every table queue (decision 038): mail and the sandbox's webhook
 * deliveries. A job is written in the same transaction as the thing it is about, then claimed by
 * any instance's worker for a visibility timeout (`claimMs`), handled, and marked done — or
 * released with its error and retried after `backoffMs`, until `maxAttempts`, when it stays in
 * its table for the operator. Delivery is at least once: a worker that dies mid-job leaves it to
 * be claimed again when its claim runs out.
 *
 * Workers do not poll tightly: `wake()` runs a round at once (after an enqueue, or when another
 * instance says there is work), a timer is set for the next job that becomes due (a back-off or a
 * dead worker's claim ending), and a slow poll (`pollMs`) is only the safety net.
 */

export interface JobOutcome {
  /** null when the job is done. */
  error: string | null;
  /** The table's own columns to record with the outcome (a webhook's HTTP status). */
  extra?: Record<string, unknown>;
}

export interface JobQueue {
  /** Claims and handles the jobs due now (every pending one with `ignoreSchedule`). */
  runOnce(options?: { ignoreSchedule?: boolean }): Promise<number>;
  /** Rounds until one handles nothing (tests, and shutdown); how many were done. */
  drain(): Promise<number>;
  /** Starts the worker: the timers described above. */
  start(pollMs?: number): void;
  /** A round soon, without waiting for a timer. */
  wake(): void;
  /** Stops the timers and waits for the round in progress. */
  stop(): Promise<void>;
  backlog(): Promise<Backlog>;
  /** The latest jobs that failed and are not done, newest failure first (the back office). */
  failures(limit: number): Promise<JobFailure[]>;
  /**
   * An operator's retry of a failed job, in `tx` (their audit entry's transaction): due now,
   * with every attempt again, and every instance's worker woken after the commit. What names the
   * job (`describe`), or null when it is not one to retry (done, never failed, or held by a
   * worker right now).
   */
  retry(tx: Tx, id: number): Promise<string | null>;
}

/** One failed job as the back office shows it: no payload, only what names it. */
export interface JobFailure {
  id: number;
  attempts: number;
  /** Every attempt used: the job waits for the operator. */
  gaveUp: boolean;
  lastError: string;
  createdAt: number;
  /** When a worker tries it again (meaningless once it gave up). */
  nextAttemptAt: number;
  /** What the job is, in the queue's words ("license to ann@example.com"). */
  subject: string;
}

export interface JobQueueOptions<T extends JobTable> {
  database: DatabaseHandle;
  table: T;
  /** What a job is, in log lines ("Mail job"). */
  label: string;
  claimMs: number;
  maxAttempts: number;
  batch: number;
  backoffMs: (attempts: number) => number;
  handle: (row: JobRow<T>) => Promise<JobOutcome>;
  /** Handle a round's jobs all at once, in any order (the sandbox's chaos switch). */
  concurrent?: boolean;
  /** `drain()` also takes jobs whose back-off has not run out. */
  drainIgnoresSchedule?: boolean;
  pollMs: number;
  /** What names a job in the back office: the table's columns it reads, and the words. */
  describe: { columns: readonly string[]; text: (row: Record<string, unknown>) => string };
  logger: Logger;
  now?: () => number;
}

/** The longest a worker sleeps before looking at a table it was not woken for. */
const LONGEST_SLEEP_MS = 2 ** 31 - 1;

export function createJobQueue<T extends JobTable>(options: JobQueueOptions<T>): JobQueue {
  const { logger, maxAttempts } = options;
  const now = options.now ?? Date.now;
  const jobs = jobRepository(options.database, options.table);
  let poll: NodeJS.Timeout | undefined;
  let due: NodeJS.Timeout | undefined;
  let started = false;
  let again = false;
  let unsubscribe: (() => void) | undefined;

  async function handle(row: JobRow<T>): Promise<boolean> {
    let outcome: JobOutcome;
    try {
      outcome = await options.handle(row);
    } catch (error) {
      outcome = { error: error instanceof Error ? error.message : String(error) };
    }
    const id = Number(row.id);
    const attempts = Number(row.attempts);
    if (outcome.error === null) {
      await jobs.succeed(id, now(), outcome.extra);
      return true;
    }
    await jobs.fail(id, outcome.error, now() + options.backoffMs(attempts), outcome.extra);
    // Never a job's payload: a message carries a licence key.
    const fields = {
      queue: options.table,
      job: id,
      attempts,
      err: outcome.error,
      ...outcome.extra,
    };
    if (attempts >= maxAttempts) logger.error(fields, `${options.label} failed for good`);
    else logger.warn(fields, `${options.label} failed; it will be retried`);
    return false;
  }

  async function round(ignoreSchedule: boolean): Promise<number> {
    const rows = await jobs.claim({
      at: now(),
      claimMs: options.claimMs,
      batch: options.batch,
      maxAttempts,
      ignoreSchedule,
    });
    if (options.concurrent) {
      const results = await Promise.all(shuffle(rows).map(handle));
      return results.filter(Boolean).length;
    }
    let done = 0;
    for (const row of rows) if (await handle(row)) done += 1;
    return done;
  }

  // One worker's rounds run one after another; other instances claim their own jobs.
  let chain: Promise<unknown> = Promise.resolve();
  let inFlight = 0;
  function runOnce({ ignoreSchedule = false } = {}): Promise<number> {
    inFlight += 1;
    const current = chain.then(() => round(ignoreSchedule));
    chain = current.catch(() => undefined).finally(() => (inFlight -= 1));
    return current;
  }

  /** Sets the timer for the next job that becomes due. */
  async function schedule(): Promise<void> {
    const at = await jobs.nextDueAt(maxAttempts);
    if (!started) return;
    clearTimeout(due);
    due = undefined;
    if (at === null) return;
    due = setTimeout(tick, Math.min(Math.max(0, at - now()), LONGEST_SLEEP_MS));
    due.unref();
  }

  function tick() {
    if (!started) return;
    if (inFlight > 0) {
      again = true;
      return;
    }
    runOnce()
      .then(async () => {
        if (again) {
          again = false;
          tick();
        } else await schedule();
      })
      .catch((error: unknown) => logger.warn({ err: error }, `${options.label} round failed`));
  }

  return {
    runOnce,
    async drain() {
      let total = 0;
      for (let i = 0; i < 1000; i += 1) {
        const done = await runOnce({ ignoreSchedule: options.drainIgnoresSchedule ?? false });
        total += done;
        if (done === 0) break;
      }
      return total;
    },
    start(pollMs = options.pollMs) {
      if (started) return;
      started = true;
      poll = setInterval(tick, pollMs);
      poll.unref();
      unsubscribe = onJobs(options.table, tick);
      tick();
    },
    wake: tick,
    async stop() {
      started = false;
      unsubscribe?.();
      clearInterval(poll);
      clearTimeout(due);
      poll = due = undefined;
      await chain;
    },
    backlog: () => jobs.backlog(maxAttempts, now()),
    async failures(limit) {
      const rows = await jobs.failures(options.describe.columns, limit);
      return rows.map((row) => ({
        id: row.id,
        attempts: row.attempts,
        gaveUp: row.attempts >= maxAttempts,
        lastError: row.last_error,
        createdAt: row.created_at,
        nextAttemptAt: row.next_attempt_at,
        subject: options.describe.text(row),
      }));
    },
    async retry(tx, id) {
      const row = await jobs.retry(tx, id, now(), options.describe.columns);
      if (row === null) return null;
      // The enqueue's own signal, so every instance (this one included) runs a round.
      await signalJobs(tx, options.table);
      return options.describe.text(row);
    },
  };
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}
