import type { DatabaseHandle, Db, Tx } from '../db/database.ts';
import { createJobQueue, type JobQueue } from '../jobs/queue.ts';
import { signalJobs } from '../jobs/signals.ts';
import type { Logger } from '../logger.ts';
import type { Mailer, MailMessage } from './mailer.ts';
import { licenseMail, refundMail, teamReadyMail } from './templates.ts';

/**
 * A durable mail queue (`mail_jobs`): a message is written in the same transaction as the thing
 * it tells about (a purchase and its licence), and sent afterwards by a worker, retried with
 * back-off until the mailer takes it. Any number of instances run workers on the shared job queue
 * (decision 038), so no two send a job at once.
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
  await signalJobs(db, 'mail_jobs');
}

/** After this many failed sends a job stays in the table, unsent, for the operator. */
export const MAIL_MAX_ATTEMPTS = 10;
/** How long a worker's claim lasts: far longer than one SMTP exchange. */
const MAIL_CLAIM_MS = 5 * 60_000;
const BATCH = 20;
/** The safety net: a worker is woken by an enqueue or its due timer long before. */
const MAIL_POLL_MS = 30_000;

/** 30 s, 1 min, 2 min, … never more than an hour. */
export function mailBackoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

/** What an operator reads for a queued e-mail's template (the interface's spelling, decision 049). */
const MAIL_KINDS: Record<MailJobInput['template'], string> = {
  license: 'Licence e-mail',
  refund: 'Refund e-mail',
  'team-ready': 'Team-ready e-mail',
};
function mailKind(template: string): string {
  return MAIL_KINDS[template as MailJobInput['template']] ?? `${template} e-mail`;
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

/** The mail worker: the shared job queue (decision 038) on `mail_jobs`. */
export type MailQueue = JobQueue;

export function createMailQueue(options: {
  database: DatabaseHandle;
  mailer: Mailer;
  brandName: string;
  logger: Logger;
  now?: () => number;
}): MailQueue {
  return createJobQueue({
    database: options.database,
    table: 'mail_jobs',
    label: 'Mail job',
    claimMs: MAIL_CLAIM_MS,
    maxAttempts: MAIL_MAX_ATTEMPTS,
    batch: BATCH,
    backoffMs: mailBackoffMs,
    pollMs: MAIL_POLL_MS,
    // The recipient and the template, never the message: it carries a licence key.
    describe: {
      columns: ['template', 'recipient'],
      text: (row) => `${mailKind(String(row.template))} to ${String(row.recipient)}`,
    },
    logger: options.logger,
    now: options.now,
    async handle(job) {
      const message = renderMailJob(job.template, job.payload, options.brandName);
      await options.mailer.send({ ...message, to: job.recipient });
      return { error: null };
    },
  });
}
