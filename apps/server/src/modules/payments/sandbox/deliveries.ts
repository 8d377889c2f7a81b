import type { DatabaseHandle, Db, Tx } from '../../../db/database.ts';
import { createJobQueue, type JobQueue } from '../../../jobs/queue.ts';
import { signalJobs } from '../../../jobs/signals.ts';
import type { Logger } from '../../../logger.ts';
import { SIGNATURE_HEADER, signatureHeader } from '../service/signature.ts';

/**
 * The sandbox's webhook deliveries, as Paddle makes them: each notification is stored
 * (`sandbox_webhook_deliveries`, written in the same transaction as the payment or refund that
 * caused it), then POSTed to the store's webhook endpoint over real HTTP, signed at the moment
 * of sending, and retried with back-off until it answers 2xx — across restarts, and by any
 * number of instances (the shared job queue of decision 038).
 *
 * The chaos switch stores every notification several times and lets them go out in a random
 * order, at once: what a provider's retries and a busy network do to a store on a bad day.
 */

export interface Notification {
  eventId: string;
  eventType: string;
  /** The exact body sent (the signature covers these bytes). */
  payload: string;
}

export const CHAOS_COPIES = 3;
/** A chaotic delivery goes out within this long of being due. */
const CHAOS_SPREAD_MS = 400;
/**
 * How long a claim holds a delivery: longer than one request may take (so a live deliverer never
 * loses it mid-request), and far shorter than the thank-you page's polling, so the delivery an
 * instance that died was holding is taken up by another while the buyer still waits.
 */
export const DELIVERY_CLAIM_MS = 15_000;
export const DELIVERY_REQUEST_TIMEOUT_MS = 10_000;
/** Paddle gives up after a while too; the events stay in the table for the operator. */
const DELIVERY_MAX_ATTEMPTS = 30;
const BATCH = 50;
/** The safety net: a deliverer is woken by a payment or its due timer long before. */
const DELIVERY_POLL_MS = 30_000;

/** 1 s, 2 s, 4 s, … at most 10 minutes. */
function deliveryBackoffMs(attempts: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempts - 1), 10 * 60_000);
}

export async function enqueueNotifications(
  db: Db | Tx,
  notifications: readonly Notification[],
  options: { now: number; chaos: boolean },
): Promise<void> {
  const rows = notifications.flatMap((notification) =>
    Array.from({ length: options.chaos ? CHAOS_COPIES : 1 }, () => ({
      event_id: notification.eventId,
      event_type: notification.eventType,
      payload: notification.payload,
      attempts: 0,
      next_attempt_at:
        options.now + (options.chaos ? Math.floor(Math.random() * CHAOS_SPREAD_MS) : 0),
      claimed_until: null,
      delivered_at: null,
      last_status: null,
      last_error: null,
      created_at: options.now,
    })),
  );
  if (rows.length === 0) return;
  await db.insertInto('sandbox_webhook_deliveries').values(rows).execute();
  await signalJobs(db, 'sandbox_webhook_deliveries');
}

export interface WebhookDeliverer extends JobQueue {
  setTarget(url: string): void;
  target(): string;
}

/** The sandbox's deliverer: the shared job queue (decision 038) on `sandbox_webhook_deliveries`. */
export function createWebhookDeliverer(options: {
  database: DatabaseHandle;
  secret: string;
  target: string;
  chaos: boolean;
  logger: Logger;
  now?: () => number;
}): WebhookDeliverer {
  const now = options.now ?? Date.now;
  let target = options.target;
  const queue = createJobQueue({
    database: options.database,
    table: 'sandbox_webhook_deliveries',
    label: 'Sandbox webhook delivery',
    claimMs: DELIVERY_CLAIM_MS,
    maxAttempts: DELIVERY_MAX_ATTEMPTS,
    batch: BATCH,
    backoffMs: deliveryBackoffMs,
    // Chaos: every copy at once, in any order.
    concurrent: options.chaos,
    drainIgnoresSchedule: true,
    pollMs: DELIVERY_POLL_MS,
    // The event, never its payload.
    describe: {
      columns: ['event_type', 'event_id', 'last_status'],
      text: (row) =>
        `${String(row.event_type)} ${String(row.event_id)}` +
        (row.last_status === null ? '' : ` (last answer HTTP ${String(row.last_status)})`),
    },
    logger: options.logger,
    now,
    async handle(row) {
      let status: number | null = null;
      try {
        const response = await fetch(target, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            [SIGNATURE_HEADER]: signatureHeader(options.secret, row.payload, now() / 1000),
          },
          body: row.payload,
          signal: AbortSignal.timeout(DELIVERY_REQUEST_TIMEOUT_MS),
        });
        status = response.status;
        await response.arrayBuffer().catch(() => undefined);
        return {
          error: response.ok ? null : `HTTP ${response.status}`,
          extra: { last_status: status },
        };
      } catch (caught) {
        const error = caught instanceof Error ? caught.message : String(caught);
        return { error, extra: { last_status: status } };
      }
    },
  });
  return {
    ...queue,
    setTarget(url) {
      target = url;
    },
    target: () => target,
  };
}
