import type { Db } from './database.ts';

/**
 * Claims this period of the periodic job `name`: true for exactly one caller per period across
 * every instance sharing the database. The claim is one conditional update (`due_at` moves
 * forward only if it has come), atomic on both engines, so no lock is held and nothing polls.
 */
export async function claimPeriod(
  db: Db,
  name: string,
  now: number,
  periodMs: number,
): Promise<boolean> {
  await db
    .insertInto('periodic_jobs')
    .values({ name, due_at: 0 })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const result = await db
    .updateTable('periodic_jobs')
    .set({ due_at: now + periodMs })
    .where('name', '=', name)
    .where('due_at', '<=', now)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
