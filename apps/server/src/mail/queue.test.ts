import { pino } from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../test/helpers.ts';
import { TEST_DATABASE } from '../../test/services.ts';
import type { Services } from '../services.ts';
import type { Mailer, MailMessage } from './mailer.ts';
import { createMailQueue, enqueueMail, MAIL_MAX_ATTEMPTS, mailBackoffMs } from './queue.ts';

const silent = pino({ level: 'silent' });
let services: Services;

beforeAll(async () => {
  ({ services } = await testApp());
});

/** The real outbox mailer, with every message it took counted (and a way to make it fail). */
function countingMailer(options: { failFor?: (message: MailMessage) => boolean } = {}) {
  const sent: MailMessage[] = [];
  const mailer: Mailer = {
    outbox: services.mailer.outbox,
    async send(message) {
      // A real hand-over takes time: both workers are in flight at once.
      await new Promise((resolve) => setTimeout(resolve, 2));
      if (options.failFor?.(message)) throw new Error('SMTP 451 try again later');
      await services.mailer.send(message);
      sent.push(message);
    },
    close: () => undefined,
  };
  return { mailer, sent };
}

async function enqueue(recipient: string, key = 'KEY') {
  await enqueueMail(
    services.database.db,
    {
      template: 'license',
      recipient,
      payload: {
        productName: 'All-access',
        licenseKey: key,
        activationUrl: `http://store.test/licenses/${key}`,
        upgrade: false,
      },
    },
    Date.now(),
  );
}

async function pendingFor(prefix: string) {
  return services.database.db
    .selectFrom('mail_jobs')
    .selectAll()
    .where('recipient', 'like', `${prefix}%`)
    .execute();
}

describe(`mail queue (${TEST_DATABASE})`, () => {
  it('sends each job once when two workers drain the queue at the same time', async () => {
    const prefix = `two-workers-${Date.now()}`;
    for (let i = 0; i < 30; i += 1) await enqueue(`${prefix}-${i}@example.com`, `K${i}`);
    const a = countingMailer();
    const b = countingMailer();
    const queueA = createMailQueue({
      database: services.database,
      mailer: a.mailer,
      brandName: 'Tessera UI',
      logger: silent,
    });
    const queueB = createMailQueue({
      database: services.database,
      mailer: b.mailer,
      brandName: 'Tessera UI',
      logger: silent,
    });
    const [sentA, sentB] = await Promise.all([queueA.drain(), queueB.drain()]);
    const mine = (list: MailMessage[]) => list.filter((m) => m.to.startsWith(prefix));
    expect(mine(a.sent).length + mine(b.sent).length).toBe(30);
    expect(sentA + sentB).toBeGreaterThanOrEqual(30);
    const recipients = [...mine(a.sent), ...mine(b.sent)].map((m) => m.to).sort();
    expect(new Set(recipients).size).toBe(30);
    const rows = await pendingFor(prefix);
    expect(
      rows.every((row) => row.sent_at !== null && row.attempts === 1 && row.claimed_until === null),
    ).toBe(true);
    const message = [...a.sent, ...b.sent].find((m) => m.to === `${prefix}-7@example.com`)!;
    expect(message.subject).toBe('Your Tessera UI licence for All-access');
    expect(message.text).toContain('K7');
    expect(message.text).toContain('http://store.test/licenses/K7');
  });

  it('retries a failed send with back-off and gives up after the last attempt', async () => {
    const prefix = `flaky-${Date.now()}`;
    await enqueue(`${prefix}@example.com`);
    let clock = Date.now();
    const { mailer, sent } = countingMailer({ failFor: (m) => m.to.startsWith(prefix) });
    const queue = createMailQueue({
      database: services.database,
      mailer,
      brandName: 'Tessera UI',
      logger: silent,
      now: () => clock,
    });
    await queue.runOnce();
    let [row] = await pendingFor(prefix);
    expect(row).toMatchObject({
      attempts: 1,
      sent_at: null,
      claimed_until: null,
      last_error: 'SMTP 451 try again later',
    });
    expect(row!.next_attempt_at).toBe(clock + mailBackoffMs(1));
    // Not due yet: nothing happens.
    await queue.runOnce();
    [row] = await pendingFor(prefix);
    expect(row!.attempts).toBe(1);
    for (let attempt = 2; attempt <= MAIL_MAX_ATTEMPTS + 2; attempt += 1) {
      clock = row!.next_attempt_at;
      await queue.runOnce();
      [row] = await pendingFor(prefix);
    }
    expect(row!.attempts).toBe(MAIL_MAX_ATTEMPTS);
    expect(row!.sent_at).toBeNull();
    expect(sent.filter((m) => m.to.startsWith(prefix))).toHaveLength(0);
    expect(mailBackoffMs(1)).toBe(30_000);
    expect(mailBackoffMs(2)).toBe(60_000);
    expect(mailBackoffMs(20)).toBe(3_600_000);
  });

  it('sends a job another worker claimed only after its claim expires', async () => {
    const prefix = `claimed-${Date.now()}`;
    await enqueue(`${prefix}@example.com`);
    const now = Date.now();
    await services.database.db
      .updateTable('mail_jobs')
      .set({ claimed_until: now + 60_000 })
      .where('recipient', '=', `${prefix}@example.com`)
      .execute();
    let clock = now;
    const { mailer, sent } = countingMailer();
    const queue = createMailQueue({
      database: services.database,
      mailer,
      brandName: 'Tessera UI',
      logger: silent,
      now: () => clock,
    });
    await queue.runOnce();
    expect(sent.filter((m) => m.to.startsWith(prefix))).toHaveLength(0);
    clock = now + 60_001;
    await queue.drain();
    expect(sent.filter((m) => m.to.startsWith(prefix))).toHaveLength(1);
  });

  it('starts and stops', async () => {
    const prefix = `worker-${Date.now()}`;
    await enqueue(`${prefix}@example.com`);
    const { mailer, sent } = countingMailer();
    const queue = createMailQueue({
      database: services.database,
      mailer,
      brandName: 'Tessera UI',
      logger: silent,
    });
    queue.start(20);
    for (let i = 0; i < 200 && !sent.some((m) => m.to.startsWith(prefix)); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await queue.stop();
    expect(sent.filter((m) => m.to.startsWith(prefix))).toHaveLength(1);
  });
});
