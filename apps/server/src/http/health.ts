import { Router } from 'express';
import type { DatabaseHandle, DatabaseState } from '../db/database.ts';
import type { AppSessionStore } from './session/session-store.ts';
import { withStoreTimeout } from './store-timeout.ts';

/** Whether this process is on its way out (SIGTERM received): readiness says no from then on. */
export interface Lifecycle {
  readonly draining: boolean;
  startDraining(): void;
}

export function createLifecycle(): Lifecycle {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    startDraining() {
      draining = true;
    },
  };
}

export interface Health {
  /** The instance can serve: the database answers (busy is not down) and so does the session store. */
  ok: boolean;
  checks: { database: DatabaseState; sessionStore: 'ok' | 'down' };
}

/**
 * Asks the database on a connection of its own (`ping`), so a burst that fills the request pool
 * reads as `busy`, not `down`: a balancer must not take a busy instance out of rotation, which
 * would only pile its load onto the others.
 */
export async function checkHealth(
  database: DatabaseHandle,
  /** Sessions kept in the database itself answer as it does (its pool may be busy). */
  sessionStore: AppSessionStore | 'database',
  timeoutMs: number,
): Promise<Health> {
  const [db, sessions] = await Promise.all([
    database.ping(timeoutMs),
    sessionStore === 'database'
      ? undefined
      : withStoreTimeout('The session store', timeoutMs, () => sessionStore.ping()).then(
          () => 'ok' as const,
          () => 'down' as const,
        ),
  ]);
  if (sessions === undefined) {
    const answer = db === 'down' ? 'down' : 'ok';
    return { ok: answer === 'ok', checks: { database: db, sessionStore: answer } };
  }
  return {
    ok: db !== 'down' && sessions === 'ok',
    checks: { database: db, sessionStore: sessions },
  };
}

/**
 * `/healthz` is readiness (may the balancer send traffic here?): 503 as soon as the process is
 * draining or a store it needs is down; 200 otherwise, `busy` included. `/livez` is liveness
 * (is the process itself alive?): 200 for as long as it answers at all, stores or not, so a
 * supervisor never restarts an instance because PostgreSQL went away.
 */
export function healthRoutes({
  health,
  lifecycle,
}: {
  health: () => Promise<Health>;
  lifecycle: Lifecycle;
}): Router {
  const router = Router();
  router.get('/healthz', async (_req, res) => {
    if (lifecycle.draining) {
      res.status(503).json({ status: 'draining' });
      return;
    }
    const { ok, checks } = await health();
    const status = !ok ? 'unavailable' : checks.database === 'busy' ? 'busy' : 'ok';
    res.status(ok ? 200 : 503).json({ status, ...checks });
  });
  router.get('/livez', (_req, res) => {
    res.json({ status: lifecycle.draining ? 'draining' : 'alive' });
  });
  return router;
}
