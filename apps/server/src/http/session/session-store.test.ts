import type session from 'express-session';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrator.ts';
import { hashPassword } from '../../modules/auth/index.ts';
import { usersRepository } from '../../modules/auth/index.ts';
import { testConfig } from '../../../test/helpers.ts';
import { testServicesEnv, TEST_REDIS_URL } from '../../../test/services.ts';
import { DatabaseSessionStore } from './database-session-store.ts';
import { RedisSessionStore } from './redis-session-store.ts';
import type { AppSessionStore } from './session-store.ts';

const config = testConfig(await testServicesEnv());
const database = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
await migrateToLatest(database);
const redis = new Redis(TEST_REDIS_URL);
const prefix = `tessera-test-store:${process.pid}:`;
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
  await database.close();
});

let clock = Date.parse('2025-06-15T12:00:00Z');
const now = () => clock;
const users = usersRepository(database.db);
const hash = await hashPassword('irrelevant password', 10);
let n = 0;
const newUser = () =>
  users.create({
    email: `store-${Date.now()}-${(n += 1)}@example.com`,
    passwordHash: hash,
    now: clock,
  });

const data = (userId?: number): session.SessionData =>
  ({
    cookie: { originalMaxAge: null, path: '/', httpOnly: true },
    ...(userId ? { userId } : {}),
    csrfToken: 'token',
  }) as unknown as session.SessionData;

const stores: [string, AppSessionStore][] = [
  [`database (${database.engine})`, new DatabaseSessionStore(database.db, now)],
  ['redis', new RedisSessionStore(redis, { prefix, now })],
];

describe.each(stores)('%s session store', (_name, store) => {
  it('keeps, reads and destroys a session by id', async () => {
    const userId = await newUser();
    await store.setSession('sid-a', data(userId));
    expect(await store.getSession('sid-a')).toMatchObject({ userId, csrfToken: 'token' });
    expect(await store.getSession('sid-unknown')).toBeNull();
    await store.destroySession('sid-a');
    expect(await store.getSession('sid-a')).toBeNull();
  });

  it('ends every session of one user except the given one, and no one else’s', async () => {
    const alice = await newUser();
    const bob = await newUser();
    await store.setSession('alice-1', data(alice));
    await store.setSession('alice-2', data(alice));
    await store.setSession('alice-3', data(alice));
    await store.setSession('bob-1', data(bob));
    expect(await store.destroyUserSessions(alice, 'alice-2')).toBe(2);
    expect(await store.getSession('alice-1')).toBeNull();
    expect(await store.getSession('alice-3')).toBeNull();
    expect(await store.getSession('alice-2')).not.toBeNull();
    expect(await store.getSession('bob-1')).not.toBeNull();
  });

  it('counts one user’s live sessions and says when the latest was last used', async () => {
    const carol = await newUser();
    const dave = await newUser();
    expect(await store.userSessions(carol)).toEqual({ count: 0, lastSeenAt: null });
    const first = clock;
    await store.setSession('carol-1', data(carol));
    clock += 10 * 60 * 1000;
    await store.setSession('carol-2', data(carol));
    await store.setSession('dave-1', data(dave));
    const summary = await store.userSessions(carol);
    expect(summary.count).toBe(2);
    // Redis counts down its TTL in real time: allow the milliseconds the test itself takes.
    expect(Math.abs(summary.lastSeenAt! - clock)).toBeLessThan(5_000);
    await store.destroySession('carol-2');
    const after = await store.userSessions(carol);
    expect(after.count).toBe(1);
    // Redis's TTLs run on the real clock, not this test's: there both were set "just now".
    const firstSeen = store instanceof RedisSessionStore ? clock : first;
    expect(Math.abs(after.lastSeenAt! - firstSeen)).toBeLessThan(5_000);
    expect((await store.userSessions(dave)).count).toBe(1);
  });

  it('does not store the raw session id', async () => {
    await store.setSession('visible-sid-123', data());
    if (store instanceof DatabaseSessionStore) {
      const ids = await database.db.selectFrom('sessions').select('id').execute();
      expect(ids.map((row) => row.id)).not.toContain('visible-sid-123');
    } else {
      expect(await redis.keys(`${prefix}*visible-sid-123*`)).toEqual([]);
    }
  });
});

describe('database session expiry', () => {
  it('forgets a session idle for longer than two hours and prunes it', async () => {
    const store = new DatabaseSessionStore(database.db, now);
    await store.setSession('idle', data());
    clock += 2 * 60 * 60 * 1000 + 1;
    await store.setSession('fresh', data());
    expect(await store.prune()).toBeGreaterThanOrEqual(1);
    expect(await store.getSession('idle')).toBeNull();
    expect(await store.getSession('fresh')).not.toBeNull();
  });
});
