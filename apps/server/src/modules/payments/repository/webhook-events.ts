import { sql } from 'kysely';
import type { Db, Tx } from '../../../db/database.ts';

/** Event outcomes (webhook_events.outcome). */
export type EventOutcome = 'applied' | 'ignored' | 'held' | 'failed';

export interface EventRecord {
  provider: string;
  eventId: string;
  eventType: string;
  occurredAt: number;
  transactionId: string | null;
  payload: string;
}

export function webhookEventsRepository(db: Db | Tx) {
  return {
    /**
     * Records a delivery: a new event, or one more delivery of a known one. Returns the outcome
     * it had (a new event starts as 'failed' until this transaction applies it). On PostgreSQL a
     * concurrent delivery of the same event waits here until the first one's transaction ends.
     */
    async begin(event: EventRecord, now: number): Promise<EventOutcome> {
      const row = await db
        .insertInto('webhook_events')
        .values({
          provider: event.provider,
          event_id: event.eventId,
          event_type: event.eventType,
          occurred_at: event.occurredAt,
          received_at: now,
          processed_at: null,
          outcome: 'failed',
          deliveries: 1,
          error: null,
          payload: event.payload,
          transaction_id: event.transactionId,
        })
        .onConflict((conflict) =>
          conflict
            .column('event_id')
            .doUpdateSet({ deliveries: sql`webhook_events.deliveries + 1` }),
        )
        .returning('outcome')
        .executeTakeFirstOrThrow();
      return row.outcome as EventOutcome;
    },

    async finish(eventId: string, outcome: EventOutcome, now: number, error: string | null = null) {
      await db
        .updateTable('webhook_events')
        .set({ outcome, processed_at: now, error })
        .where('event_id', '=', eventId)
        .execute();
    },

    /**
     * A delivery that could not be applied (its transaction rolled back): recorded on its own,
     * so the operator sees it and can replay it. Never downgrades an event another delivery
     * applied meanwhile.
     */
    async recordFailure(event: EventRecord, error: string, now: number): Promise<void> {
      await db
        .insertInto('webhook_events')
        .values({
          provider: event.provider,
          event_id: event.eventId,
          event_type: event.eventType,
          occurred_at: event.occurredAt,
          received_at: now,
          processed_at: null,
          outcome: 'failed',
          deliveries: 1,
          error,
          payload: event.payload,
          transaction_id: event.transactionId,
        })
        .onConflict((conflict) =>
          conflict.column('event_id').doUpdateSet({
            deliveries: sql`webhook_events.deliveries + 1`,
            error: sql`case when webhook_events.outcome = 'failed' then ${error} else webhook_events.error end`,
          }),
        )
        .execute();
    },

    /** Events waiting for their transaction's purchase (a refund that came first). */
    heldFor(transactionId: string) {
      return db
        .selectFrom('webhook_events')
        .selectAll()
        .where('transaction_id', '=', transactionId)
        .where('outcome', '=', 'held')
        .orderBy('occurred_at')
        .execute();
    },

    byEventId(eventId: string) {
      return db
        .selectFrom('webhook_events')
        .selectAll()
        .where('event_id', '=', eventId)
        .executeTakeFirst();
    },
  };
}
