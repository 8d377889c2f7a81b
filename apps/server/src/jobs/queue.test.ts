import { pino } from 'pino';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { testApp } from '../../test/helpers.ts';
import { TEST_DATABASE } from '../../test/services.ts';
import { enqueueMail } from '../mail/queue.ts';
import type { Services } from '../services.ts';
import { createJobQueue } from './queue.ts';
import { jobRepository } from './repository.ts';
import { listenForJobs } from './signals.ts';

const silent = pino({ level: 'silent' });
let services: Services;

beforeAll(async () => {
  ({ services } = await testApp());
});

async function enqueue(recipient: string) {
  await enqueueMail(
    services.database.db,
    {
      template: 'license',
      recipient,
      payload: { productName: 'All-access', licenseKey: 'K', activationUrl: 'x', upgrade: false },
    },
    Date.now(),
  );
}

/** A worker on mail_jobs that records which of this test's jobs it handled. */
function worker(prefix: string, handled: string[], options: { failFirst?: boolean } = {}) {
  const failed = new Set<number>();
  return createJobQueue({
    database: services.database,
    table: 'mail_jobs',
    label: 'Test job',
    claimMs: 60_000,
    maxAttempts: 5,
    batch: 3,
    backoffMs: () => 0,
    pollMs: 60_000,
    describe: { columns: ['recipient'], text: (row) => String(row.recipient) },
    logger: silent,
    async handle(row) {
      if (!row.recipient.startsWith(prefix)) return { error: 'not this test' };
      // Work that takes a while, so the workers overlap.
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (options.failFirst && !failed.has(row.id)) {
        failed.add(row.id);
        return { error: 'first try fails' };
      }
      handled.push(row.recipient);
      return { error: null };
    },
  });
}

describe(`the job queue (${TEST_DATABASE})`, () => {
  it('has N workers draining one table at once do every job exactly once', async () => {
    const prefix = `n-workers-${Date.now()}`;
    const jobs = 60;
    for (let i = 0; i < jobs; i += 1) await enqueue(`${prefix}-${i}@example.com`);
    const handled: string[] = [];
    const workers = Array.from({ length: 6 }, () => worker(prefix, handled));
    await Promise.all(workers.map((w) => w.drain()));
    expect(handled).toHaveLength(jobs);
    expect(new Set(handled).size).toBe(jobs);
    const rows = await services.database.db
      .selectFrom('mail_jobs')
      .selectAll()
      .where('recipient', 'like', `${prefix}%`)
      .execute();
    expect(rows.every((row) => row.sent_at !== null && row.attempts === 1)).toBe(true);
    expect(rows.every((row) => row.claimed_until === null)).toBe(true);
  });

  it('retries a failed job with its error kept, and still does it exactly once', async () => {
    const prefix = `retry-${Date.now()}`;
    for (let i = 0; i < 12; i += 1) await enqueue(`${prefix}-${i}@example.com`);
    const handled: string[] = [];
    const workers = Array.from({ length: 3 }, () => worker(prefix, handled, { failFirst: true }));
    // Each worker fails a job the first time it sees it; another worker (or it) does it later.
    for (let round = 0; round < 10 && handled.length < 12; round += 1) {
      await Promise.all(workers.map((w) => w.drain()));
    }
    expect(handled.sort()).toEqual(
      Array.from({ length: 12 }, (_, i) => `${prefix}-${i}@example.com`).sort(),
    );
    const rows = await services.database.db
      .selectFrom('mail_jobs')
      .selectAll()
      .where('recipient', 'like', `${prefix}%`)
      .execute();
    expect(rows.every((row) => row.sent_at !== null && row.attempts >= 2)).toBe(true);
    expect(rows.every((row) => row.last_error === null)).toBe(true);
  });

  it('wakes a started worker when a job is enqueued, without its poll', async () => {
    const prefix = `wake-${Date.now()}`;
    const handled: string[] = [];
    const queue = worker(prefix, handled);
    // What startWorkers does: on PostgreSQL the signal arrives through LISTEN.
    const listener = listenForJobs(services.database, silent);
    await listener.ready;
    queue.start(2 ** 31 - 1);
    try {
      await queue.drain();
      await enqueue(`${prefix}@example.com`);
      await vi.waitFor(() => expect(handled).toEqual([`${prefix}@example.com`]), {
        timeout: 10_000,
      });
    } finally {
      await queue.stop();
      await listener.close();
    }
  });

  it('counts the backlog: pending, the oldest age, failing and given up', async () => {
    const jobs = jobRepository(services.database, 'mail_jobs');
    const before = await jobs.backlog(5, Date.now());
    const prefix = `backlog-${Date.now()}`;
    await enqueue(`${prefix}-a@example.com`);
    await enqueue(`${prefix}-b@example.com`);
    const [a, b] = await services.database.db
      .selectFrom('mail_jobs')
      .select('id')
      .where('recipient', 'like', `${prefix}%`)
      .orderBy('id')
      .execute();
    await jobs.fail(a!.id, 'SMTP 451', Date.now());
    await services.database.db
      .updateTable('mail_jobs')
      .set({ attempts: 5, last_error: 'gave up' })
      .where('id', '=', b!.id)
      .execute();
    const after = await jobs.backlog(5, Date.now() + 1000);
    expect(after.pending - before.pending).toBe(1);
    expect(after.failing - before.failing).toBe(1);
    expect(after.failed - before.failed).toBe(1);
    expect(after.oldestAgeMs).toBeGreaterThanOrEqual(1000);
  });
});
