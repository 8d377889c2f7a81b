import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyDatabase, type EmptyDatabase } from '../../test/databases.ts';
import { TEST_DATABASE } from '../../test/services.ts';
import { migrateToLatest } from '../db/migrator.ts';
import { startPeriodic } from './periodic.ts';

let database: EmptyDatabase | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await database?.drop();
  database = undefined;
});

describe(`a periodic chore on several instances (${TEST_DATABASE})`, () => {
  it('is run by exactly one instance each period, and again the next period', async () => {
    database = await emptyDatabase();
    const handles = [database.open(), database.open(), database.open()];
    await migrateToLatest(handles[0]!);
    const everyMs = 60_000;
    let clock = 1_750_000_000_000;
    const runs: number[] = [];
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    // Three instances, each with its own connection, looking at the same moments.
    const stops = handles.map((handle, instance) =>
      startPeriodic({
        db: handle.db,
        name: 'prune-sessions',
        everyMs,
        run: async () => runs.push(instance),
        logger: pino({ level: 'silent' }),
        now: () => clock,
      }),
    );
    const period = async () => {
      clock += everyMs;
      vi.advanceTimersByTime(everyMs);
      // Let the three claims and the run finish.
      await vi.waitFor(
        async () => {
          const row = await handles[0]!.db
            .selectFrom('periodic_jobs')
            .select('due_at')
            .where('name', '=', 'prune-sessions')
            .executeTakeFirst();
          expect(Number(row?.due_at)).toBe(clock + everyMs);
        },
        { timeout: 5000, interval: 20 },
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
    };
    await period();
    expect(runs).toHaveLength(1);
    await period();
    expect(runs).toHaveLength(2);
    for (const stop of stops) stop();
    clock += everyMs;
    vi.advanceTimersByTime(everyMs);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(runs).toHaveLength(2);
    for (const handle of handles) await handle.close();
  });
});
