import type { Db, Tx } from '../../../db/database.ts';
import type { Logger } from '../../../logger.ts';
import { SIGNATURE_HEADER, signatureHeader } from '../service/signature.ts';

/**
 * The sandbox's webhook deliveries, as Paddle makes them: each notification is stored
 * (`sandbox_webhook_deliveries`, written in the same transaction as the payment or refund that
 * caused it), then POSTed to the store's webhook endpoint over real HTTP, signed at the moment
 * of sending, and retried with back-off until it answers 2xx — across restarts, and by any
 * number of instances (a delivery is claimed by a conditional update).
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
  if (rows.length > 0) await db.insertInto('sandbox_webhook_deliveries').values(rows).execute();
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

export interface WebhookDeliverer {
  /** Delivers what is due (everything pending with `ignoreSchedule`); resolves with 2xx count. */
  runOnce(options?: { ignoreSchedule?: boolean }): Promise<number>;
  /** Delivers until nothing is pending or only failing deliveries are left (tests). */
  drain(): Promise<number>;
  start(intervalMs?: number): void;
  /** Delivers soon, without waiting for the next poll (after a payment). */
  wake(): void;
  stop(): Promise<void>;
  setTarget(url: string): void;
  target(): string;
}

export function createWebhookDeliverer(options: {
  db: Db;
  secret: string;
  target: string;
  chaos: boolean;
  logger: Logger;
  now?: () => number;
}): WebhookDeliverer {
  const { db, logger } = options;
  const now = options.now ?? Date.now;
  let target = options.target;
  let timer: NodeJS.Timeout | undefined;
  let again = false;

  async function claim(ignoreSchedule: boolean) {
    const at = now();
    let query = db
      .selectFrom('sandbox_webhook_deliveries')
      .select('id')
      .where('delivered_at', 'is', null)
      .where('attempts', '<', DELIVERY_MAX_ATTEMPTS)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', at)]))
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(BATCH);
    if (!ignoreSchedule) query = query.where('next_attempt_at', '<=', at);
    const due = await query.execute();
    const claimed = [];
    for (const { id } of due) {
      const row = await db
        .updateTable('sandbox_webhook_deliveries')
        .set((eb) => ({ claimed_until: at + DELIVERY_CLAIM_MS, attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .where('delivered_at', 'is', null)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', at)]))
        .returning(['id', 'event_id', 'payload', 'attempts'])
        .executeTakeFirst();
      if (row) claimed.push(row);
    }
    return claimed;
  }

  async function deliver(row: { id: number; event_id: string; payload: string; attempts: number }) {
    let status: number | null = null;
    let error: string | null = null;
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
      if (!response.ok) error = `HTTP ${response.status}`;
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
    }
    const delivered = error === null;
    await db
      .updateTable('sandbox_webhook_deliveries')
      .set(
        delivered
          ? { delivered_at: now(), claimed_until: null, last_status: status, last_error: null }
          : {
              claimed_until: null,
              last_status: status,
              last_error: error!.slice(0, 2000),
              next_attempt_at: now() + deliveryBackoffMs(row.attempts),
            },
      )
      .where('id', '=', row.id)
      .execute();
    if (!delivered) {
      logger.warn(
        { event: row.event_id, attempts: row.attempts, status, error },
        'Sandbox webhook delivery failed; it will be retried',
      );
    }
    return delivered;
  }

  async function round(ignoreSchedule: boolean): Promise<number> {
    const rows = await claim(ignoreSchedule);
    // Chaos: every copy at once, in any order.
    const batch = options.chaos ? shuffle(rows) : rows;
    if (options.chaos) {
      const results = await Promise.all(batch.map(deliver));
      return results.filter(Boolean).length;
    }
    let delivered = 0;
    for (const row of batch) if (await deliver(row)) delivered += 1;
    return delivered;
  }

  // Rounds of one deliverer run one after another; other instances claim their own.
  let chain: Promise<unknown> = Promise.resolve();
  let inFlight = 0;
  function runOnce({ ignoreSchedule = false } = {}): Promise<number> {
    inFlight += 1;
    const current = chain.then(() => round(ignoreSchedule));
    chain = current.catch(() => undefined).finally(() => (inFlight -= 1));
    return current;
  }

  function tick() {
    runOnce()
      .then(() => {
        if (again) {
          again = false;
          tick();
        }
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'Sandbox webhook round failed'));
  }

  return {
    runOnce,
    async drain() {
      let total = 0;
      for (let i = 0; i < 100; i += 1) {
        const delivered = await runOnce({ ignoreSchedule: true });
        total += delivered;
        const pending = await db
          .selectFrom('sandbox_webhook_deliveries')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('delivered_at', 'is', null)
          .where('attempts', '<', DELIVERY_MAX_ATTEMPTS)
          .executeTakeFirstOrThrow();
        if (Number(pending.n) === 0 || delivered === 0) break;
      }
      return total;
    },
    start(intervalMs = 500) {
      if (timer) return;
      timer = setInterval(() => {
        if (inFlight === 0) tick();
      }, intervalMs);
      timer.unref();
    },
    wake() {
      if (!timer) return;
      if (inFlight > 0) again = true;
      else tick();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await chain;
    },
    setTarget(url) {
      target = url;
    },
    target: () => target,
  };
}
