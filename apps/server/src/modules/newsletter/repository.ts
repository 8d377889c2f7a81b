import type { Db, Tx } from '../../db/database.ts';

export function newsletterRepository(db: Db | Tx) {
  return {
    /** Stores the (normalised) address once: subscribing again changes nothing. */
    async subscribe(email: string, now: number): Promise<void> {
      await db
        .insertInto('newsletter_subscribers')
        .values({ email, created_at: now })
        .onConflict((conflict) => conflict.column('email').doNothing())
        .execute();
    },

    /** Whether `email` is on the list (a customer's data export). */
    async isSubscribed(email: string): Promise<boolean> {
      const row = await db
        .selectFrom('newsletter_subscribers')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Takes `email` off the list (a deleted account). */
    async unsubscribe(email: string): Promise<void> {
      await db.deleteFrom('newsletter_subscribers').where('email', '=', email).execute();
    },
  };
}
