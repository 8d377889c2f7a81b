import { sql } from 'kysely';
import type { Db, Engine, Tx } from '../../db/database.ts';
import type { Checkout } from '../../db/schema.ts';

/**
 * Every statement the money path runs. Each function takes the database or a transaction, so a
 * fulfilment (event row, purchase, licence, mail job) is one transaction.
 */

/** Event outcomes (webhook_events.outcome). */
export type EventOutcome = 'applied' | 'ignored' | 'held' | 'failed';

export function checkoutsRepository(db: Db | Tx, engine: Engine) {
  return {
    async insert(values: Omit<Checkout, 'id' | 'completed_at'>): Promise<number> {
      const row = await db
        .insertInto('checkouts')
        .values({ ...values, completed_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    byId(id: number) {
      return db.selectFrom('checkouts').selectAll().where('id', '=', id).executeTakeFirst();
    },

    byHash(hash: string) {
      return db.selectFrom('checkouts').selectAll().where('hash', '=', hash).executeTakeFirst();
    },

    /**
     * The checkout of a provider transaction, locked until the transaction ends (PostgreSQL;
     * SQLite's write transactions already hold the whole database), so two events about one
     * transaction (a purchase and its refund) are applied one after the other.
     */
    lockByTransaction(transactionId: string) {
      const query = db
        .selectFrom('checkouts')
        .selectAll()
        .where('provider_transaction_id', '=', transactionId);
      return (engine === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
    },

    /** Only a checkout not yet completed moves; false when another event got there first. */
    async markCompleted(id: number, at: number): Promise<boolean> {
      const result = await db
        .updateTable('checkouts')
        .set({ status: 'completed', completed_at: at })
        .where('id', '=', id)
        .where('status', '!=', 'completed')
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** A failed payment never overrides a completed one, whatever the order they arrive in. */
    async markFailed(id: number): Promise<boolean> {
      const result = await db
        .updateTable('checkouts')
        .set({ status: 'failed' })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** The licence a completed checkout produced, for the thank-you page's poll. */
    fulfilled(hash: string) {
      return db
        .selectFrom('checkouts')
        .innerJoin('purchases', 'purchases.checkout_id', 'checkouts.id')
        .innerJoin('licenses', 'licenses.purchase_id', 'purchases.id')
        .select(['licenses.key', 'checkouts.upgrade_license_id'])
        .where('checkouts.hash', '=', hash)
        .where('checkouts.status', '=', 'completed')
        .executeTakeFirst();
    },
  };
}

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

export function customersRepository(db: Db | Tx, engine: Engine) {
  return {
    /**
     * The customer's e-mail, with their row locked until the transaction ends, so a purchase and
     * the customer's record arriving at the same moment meet here: whichever commits second
     * sees the other (else the purchase could miss the address and the record miss the
     * purchase, and no licence e-mail would leave). A row not yet known is made as a
     * placeholder (no address, as old as can be) for the record to fill in.
     */
    async lockEmail(provider: string, customerId: string, now: number): Promise<string | null> {
      await db
        .insertInto('payment_customers')
        .values({ provider, customer_id: customerId, email: '', occurred_at: 0, updated_at: now })
        .onConflict((conflict) => conflict.column('customer_id').doNothing())
        .execute();
      const query = db
        .selectFrom('payment_customers')
        .select('email')
        .where('customer_id', '=', customerId);
      const row = await (engine === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
      return row?.email || null;
    },

    /** Keeps the newest e-mail: an older event arriving late changes nothing. */
    async upsert(input: {
      provider: string;
      customerId: string;
      email: string;
      occurredAt: number;
      now: number;
    }): Promise<void> {
      await db
        .insertInto('payment_customers')
        .values({
          provider: input.provider,
          customer_id: input.customerId,
          email: input.email,
          occurred_at: input.occurredAt,
          updated_at: input.now,
        })
        .onConflict((conflict) =>
          conflict
            .column('customer_id')
            .doUpdateSet((eb) => ({
              email: eb.ref('excluded.email'),
              occurred_at: eb.ref('excluded.occurred_at'),
              updated_at: eb.ref('excluded.updated_at'),
            }))
            .where('payment_customers.occurred_at', '<', input.occurredAt),
        )
        .execute();
    },

    async email(customerId: string): Promise<string | null> {
      const row = await db
        .selectFrom('payment_customers')
        .select('email')
        .where('customer_id', '=', customerId)
        .executeTakeFirst();
      return row?.email || null;
    },
  };
}

export function purchasesRepository(db: Db | Tx) {
  return {
    async insert(values: {
      userId: number | null;
      productId: number;
      amount: number;
      tax: number;
      currency: string;
      source: string;
      receiptUrl: string;
      transactionId: string;
      checkoutId: number | null;
      buyerEmail: string | null;
      customerId: string | null;
      now: number;
    }): Promise<number> {
      const row = await db
        .insertInto('purchases')
        .values({
          user_id: values.userId,
          product_id: values.productId,
          amount: values.amount,
          tax: values.tax,
          currency: values.currency,
          source: values.source,
          receipt_url: values.receiptUrl,
          refunded_at: null,
          created_at: values.now,
          provider_transaction_id: values.transactionId,
          checkout_id: values.checkoutId,
          buyer_email: values.buyerEmail,
          refund_reason: null,
          provider_customer_id: values.customerId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    byTransaction(transactionId: string) {
      return db
        .selectFrom('purchases')
        .selectAll()
        .where('provider_transaction_id', '=', transactionId)
        .executeTakeFirst();
    },

    /** Purchases of a customer whose e-mail was not known when they were fulfilled. */
    awaitingEmail(customerId: string) {
      return db
        .selectFrom('purchases')
        .select(['id', 'refunded_at', 'checkout_id'])
        .where('provider_customer_id', '=', customerId)
        .where('buyer_email', 'is', null)
        .execute();
    },

    async setBuyerEmail(id: number, email: string): Promise<boolean> {
      const result = await db
        .updateTable('purchases')
        .set({ buyer_email: email })
        .where('id', '=', id)
        .where('buyer_email', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** Whether `user` may see the receipt of a transaction: it is their purchase. */
    async isReceiptOf(
      transactionId: string,
      user: { id: number; email: string },
    ): Promise<boolean> {
      const row = await db
        .selectFrom('purchases')
        .select('id')
        .where('provider_transaction_id', '=', transactionId)
        .where((eb) => eb.or([eb('user_id', '=', user.id), eb('buyer_email', '=', user.email)]))
        .executeTakeFirst();
      return row !== undefined;
    },

    async markRefunded(id: number, at: number, reason: string | null): Promise<boolean> {
      const result = await db
        .updateTable('purchases')
        .set({ refunded_at: at, refund_reason: reason })
        .where('id', '=', id)
        .where('refunded_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
  };
}

export function licensesRepository(db: Db | Tx) {
  return {
    async insert(values: {
      key: string;
      productId: number;
      purchaseId: number;
      userId: number | null;
      kind: string;
      buyerEmail: string | null;
      redeemedAt: number | null;
      now: number;
    }): Promise<number> {
      const row = await db
        .insertInto('licenses')
        .values({
          key: values.key,
          product_id: values.productId,
          purchase_id: values.purchaseId,
          user_id: values.userId,
          kind: values.kind,
          is_active: 1,
          deactivation_reason: null,
          created_at: values.now,
          team_id: null,
          redeemed_at: values.redeemedAt,
          buyer_email: values.buyerEmail,
          deactivated_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    byId(id: number) {
      return db.selectFrom('licenses').selectAll().where('id', '=', id).executeTakeFirst();
    },

    byPurchase(purchaseId: number) {
      return db
        .selectFrom('licenses')
        .selectAll()
        .where('purchase_id', '=', purchaseId)
        .orderBy('id')
        .execute();
    },

    /** Only an active licence is deactivated; its first reason stays. */
    async deactivate(
      where: { id: number } | { purchaseId: number },
      reason: 'upgrade' | 'refund',
      at: number,
    ): Promise<number> {
      let query = db
        .updateTable('licenses')
        .set({ is_active: 0, deactivation_reason: reason, deactivated_at: at })
        .where('is_active', '=', 1);
      query =
        'id' in where
          ? query.where('id', '=', where.id)
          : query.where('purchase_id', '=', where.purchaseId);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * An upgrade refunded gives the buyer back what they had: the licence it replaced, unless
     * that licence's own purchase was refunded meanwhile.
     */
    async restoreAfterUpgradeRefund(id: number): Promise<boolean> {
      const result = await db
        .updateTable('licenses')
        .set({ is_active: 1, deactivation_reason: null, deactivated_at: null })
        .where('id', '=', id)
        .where('deactivation_reason', '=', 'upgrade')
        .where((eb) =>
          eb.or([
            eb('purchase_id', 'is', null),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('purchases')
                  .select('purchases.id')
                  .whereRef('purchases.id', '=', 'licenses.purchase_id')
                  .where('purchases.refunded_at', 'is not', null),
              ),
            ),
          ]),
        )
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    async setBuyerEmail(purchaseId: number, email: string): Promise<void> {
      await db
        .updateTable('licenses')
        .set({ buyer_email: email })
        .where('purchase_id', '=', purchaseId)
        .where('buyer_email', 'is', null)
        .execute();
    },

    /** Whether `userId` may upgrade licence `id`: it is theirs, or their team's and they own it. */
    async isUpgradableBy(id: number, userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('licenses')
        .select('licenses.id')
        .where('licenses.id', '=', id)
        .where('licenses.is_active', '=', 1)
        .where((eb) =>
          eb.or([
            eb('licenses.user_id', '=', userId),
            eb.exists(
              eb
                .selectFrom('team_members')
                .select('team_members.id')
                .whereRef('team_members.team_id', '=', 'licenses.team_id')
                .where('team_members.user_id', '=', userId)
                .where('team_members.role', '=', 'owner'),
            ),
          ]),
        )
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export function usersLookup(db: Db | Tx) {
  return {
    byId(id: number) {
      return db.selectFrom('users').select(['id', 'email']).where('id', '=', id).executeTakeFirst();
    },
  };
}

export function productsLookup(db: Db | Tx) {
  return {
    byId(id: number) {
      return db
        .selectFrom('products')
        .select(['id', 'slug', 'name'])
        .where('id', '=', id)
        .executeTakeFirst();
    },
  };
}
