import { afterEach, describe, expect, it } from 'vitest';
import { emptyDatabase, type EmptyDatabase } from '../../test/databases.ts';
import { TEST_DATABASE } from '../../test/services.ts';
import { migrateToLatest } from './migrator.ts';
import { claimPeriod } from './periodic-jobs.ts';

let database: EmptyDatabase | undefined;
afterEach(async () => {
  await database?.drop();
  database = undefined;
});

describe(`a periodic job claimed per period (${TEST_DATABASE})`, () => {
  it('runs on exactly one of the instances that look at once, and again next period', async () => {
    database = await emptyDatabase();
    // Three instances: three connections to one database.
    const handles = [database.open(), database.open(), database.open()];
    await migrateToLatest(handles[0]!);
    const period = 10 * 60_000;
    const t0 = 1_750_000_000_000;
    const look = (at: number) =>
      Promise.all(
        [0, 1, 2, 3, 4, 5].map((i) =>
          claimPeriod(handles[i % handles.length]!.db, 'prune-sessions', at, period),
        ),
      );

    expect((await look(t0)).filter(Boolean)).toHaveLength(1);
    // Later in the same period: nobody.
    expect((await look(t0 + period - 1)).filter(Boolean)).toHaveLength(0);
    // The next period: one again.
    expect((await look(t0 + period)).filter(Boolean)).toHaveLength(1);
    // Another job has periods of its own.
    expect(await claimPeriod(handles[0]!.db, 'another-job', t0 + period, period)).toBe(true);
    for (const handle of handles) await handle.close();
  });
});
