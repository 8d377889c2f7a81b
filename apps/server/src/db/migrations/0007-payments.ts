import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from './context.ts';

/**
 * Taking money (issue 10, decision 006), beside what 0006 made:
 * - the provider's customers (Paddle Billing transactions carry no e-mail: it comes in
 *   `customer.created`/`customer.updated`, which may arrive before or after the purchase);
 * - which transaction a webhook event is about, so a refund held until its purchase arrives is
 *   found and applied in the purchase's own transaction;
 * - the sandbox provider's own records: its transactions and a durable queue of the webhooks it
 *   delivers (retried with back-off until our endpoint answers 2xx, across restarts).
 */
export function payments({ engine }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('payment_customers')
        .addColumn('id', 'integer', idColumn(engine))
        .addColumn('provider', 'varchar(16)', (col) => col.notNull())
        .addColumn('customer_id', 'varchar(128)', (col) => col.notNull().unique())
        .addColumn('email', 'varchar(254)', (col) => col.notNull())
        /** The event that said so: an older event never overwrites a newer one. */
        .addColumn('occurred_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();

      await db.schema
        .alterTable('webhook_events')
        .addColumn('transaction_id', 'varchar(128)')
        .execute();
      await db.schema
        .createIndex('webhook_events_transaction_outcome')
        .on('webhook_events')
        .columns(['transaction_id', 'outcome'])
        .execute();

      await db.schema
        .alterTable('purchases')
        .addColumn('provider_customer_id', 'varchar(128)')
        .execute();
      await db.schema
        .createIndex('purchases_provider_customer_id')
        .on('purchases')
        .column('provider_customer_id')
        .execute();

      await db.schema
        .createTable('sandbox_transactions')
        /** `txn_` + 26 Crockford symbols (130 random bits): also the receipt's address. */
        .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('product_name', 'varchar(255)', (col) => col.notNull())
        .addColumn('product_slug', 'varchar(64)', (col) => col.notNull())
        .addColumn('kind', 'varchar(16)', (col) => col.notNull())
        .addColumn('amount', 'integer', (col) => col.notNull())
        .addColumn('currency', 'varchar(3)', (col) => col.notNull())
        .addColumn('custom_data', 'text', (col) => col.notNull())
        /** The signed-in buyer's address, to prefill the details step. */
        .addColumn('prefill_email', 'varchar(254)')
        .addColumn('email', 'varchar(254)')
        .addColumn('country', 'varchar(2)')
        .addColumn('postcode', 'varchar(16)')
        .addColumn('tax', 'integer')
        .addColumn('customer_id', 'varchar(64)')
        /** 'ready' | 'completed' */
        .addColumn('status', 'varchar(16)', (col) => col.notNull())
        .addColumn('pay_attempts', 'integer', (col) => col.notNull().defaultTo(0))
        /** The business address added on the receipt ('Edit business address'). */
        .addColumn('business_address', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('completed_at', 'bigint')
        .addColumn('refunded_at', 'bigint')
        .execute();

      await db.schema
        .createTable('sandbox_webhook_deliveries')
        .addColumn('id', 'integer', idColumn(engine))
        .addColumn('event_id', 'varchar(64)', (col) => col.notNull())
        .addColumn('event_type', 'varchar(64)', (col) => col.notNull())
        .addColumn('payload', 'text', (col) => col.notNull())
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'bigint', (col) => col.notNull())
        /** A deliverer's claim: no two instances post the same delivery at once. */
        .addColumn('claimed_until', 'bigint')
        .addColumn('delivered_at', 'bigint')
        .addColumn('last_status', 'integer')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('sandbox_webhook_deliveries_due')
        .on('sandbox_webhook_deliveries')
        .columns(['delivered_at', 'next_attempt_at'])
        .execute();
    },
  };
}
