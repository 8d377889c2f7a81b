import type { Db, Tx } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import type { Mailer, MailMessage } from './mailer.ts';
import { licenseMail, refundMail, teamReadyMail } from './templates.ts';

/**
 * A durable mail queue (`mail_jobs`): a message is written in the same transaction as the thing
 * it tells about (a purchase and its licence), and sent afterwards by a worker, retried with
 * back-off until the mailer takes it. Any number of instances run workers: a job is claimed by a
 * conditional update, so no two send it at once.
 *
 * Delivery is at least once: a worker that dies between handing a message to the mailer and
 * marking it sent leaves it to be sent again after its claim expires. Nothing is ever lost.
 */

export interface LicenseMailPayload {
  productName: string;
  licenseKey: string;
  activationUrl: string;
  upgrade: boolean;
  /** Digital goods the licence hands over: signed-in download links. */
  downloads?: { label: string; url: string }[];
}

/** A refund taken effect: what was refunded and that its licence no longer gives access. */
export interface RefundMailPayload {
  productName: string;
  licenseKey: string | null;
  /** The amount refunded, formatted (`$299.00`). */
  amount: string;
  licenseUrl: string;
}

/** A team licence set up: the team made, and where its owner invites the others. */
export interface TeamReadyMailPayload {
  teamName: string;
  productName: string;
  teamUrl: string;
  seats: number;
}

export type MailJobInput =
  | { template: 'license'; recipient: string; payload: LicenseMailPayload }
  | { template: 'refund'; recipient: string; payload: RefundMailPayload }
  | { template: 'team-ready'; recipient: string; payload: TeamReadyMailPayload };

export async function enqueueMail(db: Db | Tx, job: MailJobInput, now: number): Promise<void> {
  await db
    .insertInto('mail_jobs')
    .values({
      template: job.template,
      recipient: job.recipient,
      payload: JSON.stringify(job.payload),
      attempts: 0,
      next_attempt_at: now,
      claimed_until: null,
      sent_at: null,
      last_error: null,
      created_at: now,
    })
    .execute();
}

/** After this many failed sends a job stays in the table, unsent, for the operator. */
export const MAIL_MAX_ATTEMPTS = 10;
/** How long a worker's claim lasts: far longer than one SMTP exchange. */
const MAIL_CLAIM_MS = 5 * 60_000;
const BATCH = 20;

/** 30 s, 1 min, 2 min, … never more than an hour. */
export function mailBackoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

function renderMailJob(template: string, payload: string, brandName: string): MailMessage {
  if (template === 'license') {
    const data = JSON.parse(payload) as LicenseMailPayload;
    return { to: '', ...licenseMail({ brandName, ...data }) };
  }
  if (template === 'refund') {
    const data = JSON.parse(payload) as RefundMailPayload;
    return { to: '', ...refundMail({ brandName, ...data }) };
  }
  if (template === 'team-ready') {
    const data = JSON.parse(payload) as TeamReadyMailPayload;
    return { to: '', ...teamReadyMail({ brandName, ...data }) };
  }
  throw new Error(`Unknown mail template "${template}"`);
}

export interface MailQueue {
  /** Claims and sends the jobs due now; resolves with how many this worker sent. */
  runOnce(): Promise<number>;
  /** Sends until nothing is due (tests, and shutdown); returns how many were sent. */
  drain(): Promise<number>;
  /** Polls every `intervalMs` until `stop()`. */
  start(intervalMs?: number): void;
  /** Stops polling and waits for the round in progress. */
  stop(): Promise<void>;
}

export function createMailQueue(options: {
  db: Db;
  mailer: Mailer;
  brandName: string;
  logger: Logger;
  now?: () => number;
}): MailQueue {
  const { db, mailer, logger } = options;
  const now = options.now ?? Date.now;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function claim(
    at: number,
  ): Promise<
    { id: number; template: string; recipient: string; payload: string; attempts: number }[]
  > {
    const due = await db
      .selectFrom('mail_jobs')
      .select('id')
      .where('sent_at', 'is', null)
      .where('attempts', '<', MAIL_MAX_ATTEMPTS)
      .where('next_attempt_at', '<=', at)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', at)]))
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(BATCH)
      .execute();
    const claimed = [];
    for (const { id } of due) {
      const row = await db
        .updateTable('mail_jobs')
        .set((eb) => ({ claimed_until: at + MAIL_CLAIM_MS, attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .where('sent_at', 'is', null)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', at)]))
        .returning(['id', 'template', 'recipient', 'payload', 'attempts'])
        .executeTakeFirst();
      if (row) claimed.push(row);
    }
    return claimed;
  }

  async function round(): Promise<number> {
    const at = now();
    const jobs = await claim(at);
    let sent = 0;
    for (const job of jobs) {
      try {
        const message = renderMailJob(job.template, job.payload, options.brandName);
        await mailer.send({ ...message, to: job.recipient });
        await db
          .updateTable('mail_jobs')
          .set({ sent_at: now(), claimed_until: null, last_error: null })
          .where('id', '=', job.id)
          .execute();
        sent += 1;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const givingUp = job.attempts >= MAIL_MAX_ATTEMPTS;
        await db
          .updateTable('mail_jobs')
          .set({
            claimed_until: null,
            last_error: reason.slice(0, 2000),
            next_attempt_at: now() + mailBackoffMs(job.attempts),
          })
          .where('id', '=', job.id)
          .execute();
        // Never the recipient or the body: the message carries a licence key.
        if (givingUp) logger.error({ job: job.id, err: reason }, 'Mail job failed for good');
        else logger.warn({ job: job.id, attempts: job.attempts, err: reason }, 'Mail job failed');
      }
    }
    return sent;
  }

  function runOnce(): Promise<number> {
    running = round().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    runOnce,
    async drain() {
      let total = 0;
      for (let i = 0; i < 1000; i += 1) {
        const sent = await runOnce();
        total += sent;
        if (sent === 0) break;
      }
      return total;
    },
    start(intervalMs = 2000) {
      if (timer) return;
      timer = setInterval(() => {
        if (running) return;
        runOnce().catch((error: unknown) => logger.warn({ err: error }, 'Mail queue round failed'));
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}
