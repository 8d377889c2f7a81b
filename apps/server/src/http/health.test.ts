import { sql } from 'kysely';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyDatabase, type EmptyDatabase } from '../../test/databases.ts';
import { testApp } from '../../test/helpers.ts';
import { migrateToLatest } from '../db/migrator.ts';
import { checkHealth, createLifecycle } from './health.ts';

let database: EmptyDatabase | undefined;
afterEach(async () => {
  await database?.drop();
  database = undefined;
});

describe('readiness and liveness', () => {
  it('turns readiness to 503 the moment the instance drains, while liveness stays 200', async () => {
    const lifecycle = createLifecycle();
    const { app } = await testApp({ lifecycle });
    expect((await request(app).get('/healthz')).status).toBe(200);
    expect((await request(app).get('/livez')).body).toEqual({ status: 'alive' });

    lifecycle.startDraining();
    const readiness = await request(app).get('/healthz');
    expect(readiness.status).toBe(503);
    expect(readiness.body).toEqual({ status: 'draining' });
    const liveness = await request(app).get('/livez');
    expect(liveness.status).toBe(200);
    expect(liveness.body).toEqual({ status: 'draining' });
    // Pages are still served during the drain: the balancer has not noticed yet.
    expect((await request(app).get('/login')).status).toBe(200);
  });

  it('keeps liveness at 200 when a store is down, while readiness says which', async () => {
    const { app, services } = await testApp();
    const broken = await testApp({
      services: {
        ...services,
        health: async () => ({ ok: false, checks: { database: 'down', sessionStore: 'ok' } }),
      },
    });
    expect((await request(broken.app).get('/healthz')).body).toEqual({
      status: 'unavailable',
      database: 'down',
      sessionStore: 'ok',
    });
    expect((await request(broken.app).get('/livez')).status).toBe(200);
    expect((await request(app).get('/livez')).status).toBe(200);
  });

  it('reads a pool full of requests as busy (ready), not as a database that is down (PostgreSQL)', async () => {
    database = await emptyDatabase('postgres');
    const handle = database.open({ timeouts: { poolSize: 1, acquireMs: 10_000 } });
    await migrateToLatest(handle);
    // Every connection taken and requests queued behind them: a burst, not an outage.
    const holding = sql`select pg_sleep(1.5)`.execute(handle.db);
    const queued = Array.from({ length: 5 }, () => sql`select 1`.execute(handle.db));
    await expect.poll(() => handle.poolStats().waiting).toBeGreaterThan(0);
    // Sessions in the database answer as the database does.
    const health = await checkHealth(handle, 'database', 300);
    expect(health).toEqual({ ok: true, checks: { database: 'busy', sessionStore: 'ok' } });
    await Promise.all([holding, ...queued]);
  });
});
