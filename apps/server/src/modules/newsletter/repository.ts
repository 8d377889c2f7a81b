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
  };
}
