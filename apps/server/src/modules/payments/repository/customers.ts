import type { Db, Engine, Tx } from '../../../db/database.ts';

/** The provider's customer records: the address a visitor paid with. */
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
