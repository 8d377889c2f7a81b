import type { Insertable } from 'kysely';
import type { Db, Tx } from '../../../db/database.ts';
import type { SandboxTransactionsTable } from '../../../db/schema.ts';

/** The sandbox provider's own records (the "provider side" of a sandbox purchase). */
export function sandboxRepository(db: Db | Tx) {
  return {
    async insert(values: Insertable<SandboxTransactionsTable>): Promise<void> {
      await db.insertInto('sandbox_transactions').values(values).execute();
    },

    byId(id: string) {
      return db
        .selectFrom('sandbox_transactions')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async saveDetails(
      id: string,
      details: { email: string; country: string; postcode: string | null; tax: number },
    ): Promise<void> {
      await db
        .updateTable('sandbox_transactions')
        .set(details)
        .where('id', '=', id)
        .where('status', '=', 'ready')
        .execute();
    },

    /** Counts one payment attempt with the retry card; returns the count after it. */
    async countPayAttempt(id: string): Promise<number> {
      const row = await db
        .updateTable('sandbox_transactions')
        .set((eb) => ({ pay_attempts: eb('pay_attempts', '+', 1) }))
        .where('id', '=', id)
        .returning('pay_attempts')
        .executeTakeFirstOrThrow();
      return row.pay_attempts;
    },

    async hasCompletedFor(customerId: string): Promise<boolean> {
      const row = await db
        .selectFrom('sandbox_transactions')
        .select('id')
        .where('customer_id', '=', customerId)
        .where('status', '=', 'completed')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** One payment completes a transaction, however many times Pay is pressed. */
    async complete(id: string, customerId: string, at: number): Promise<boolean> {
      const result = await db
        .updateTable('sandbox_transactions')
        .set({ status: 'completed', customer_id: customerId, completed_at: at })
        .where('id', '=', id)
        .where('status', '=', 'ready')
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    async markRefunded(id: string, at: number): Promise<boolean> {
      const result = await db
        .updateTable('sandbox_transactions')
        .set({ refunded_at: at })
        .where('id', '=', id)
        .where('refunded_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    async setBusinessAddress(id: string, address: string): Promise<boolean> {
      const result = await db
        .updateTable('sandbox_transactions')
        .set({ business_address: address })
        .where('id', '=', id)
        .where('status', '=', 'completed')
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
  };
}
