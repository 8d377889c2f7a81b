import type { Db } from '../db/database.ts';
import { claimPeriod } from '../db/periodic-jobs.ts';
import type { Logger } from '../logger.ts';

/**
 * A periodic chore (session pruning) run by exactly one instance per period (migration 0045):
 * every instance looks every `everyMs`, and only the one whose claim of the period succeeds
 * runs it. Returns the stop.
 */
export function startPeriodic(options: {
  db: Db;
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
  logger: Logger;
  now?: () => number;
}): () => void {
  const now = options.now ?? Date.now;
  const look = () =>
    claimPeriod(options.db, options.name, now(), options.everyMs)
      .then((claimed) => (claimed ? options.run() : undefined))
      .catch((error: unknown) =>
        options.logger.warn({ err: error, job: options.name }, 'A periodic job failed'),
      );
  const timer = setInterval(() => void look(), options.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
