import type session from 'express-session';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrator.ts';
import { hashPassword } from '../../modules/auth/index.ts';
import { usersRepository } from '../../modules/auth/index.ts';
import { testConfig } from '../../../test/helpers.ts';
import { testServicesEnv, TEST_REDIS_URL } from '../../../test/services.ts';
import { ServiceUnavailableError } from '../errors.ts';
import { BoundedSessionStore } from './bounded-session-store.ts';
import { DatabaseSessionStore } from './database-session-store.ts';
import { RedisSessionStore } from './redis-session-store.ts';
import {
  type AppSessionStore,
  expiresAt,
  SESSION_IDLE_MS,
  SESSION_TOUCH_INTERVAL_MS,
  sessionKey,
} from './session-store.ts';

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

/** A session as express-session saves it: a browser-session cookie unless `expires` is given. */
const data = (userId?: number, expires: string | null = null): session.SessionData =>
  ({
    cookie: { originalMaxAge: null, expires, path: '/', httpOnly: true },
    ...(userId ? { userId } : {}),
    csrfToken: 'token',
  }) as unknown as session.SessionData;

/** A database that has gone away: every statement fails. */
function closedDatabase() {
  const dead = openDatabase({ sqliteFile: ':memory:' });
  if (dead.raw.engine === 'sqlite') dead.raw.sqlite.close();
  return dead;
}

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

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/** The sessions table's ids, for what a store wrote or left behind. */
async function storedIds(): Promise<string[]> {
  const rows = await database.db.selectFrom('sessions').select('id').execute();
  return rows.map((row) => row.id).sort();
}

/** The answer of an express-session callback, or a failure when it is never called. */
function answer<T>(call: (done: (err?: unknown, value?: T) => void) => void) {
  return new Promise<{ err: unknown; value: T | undefined }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the callback was never called')), 2_000);
    call((err, value) => {
      clearTimeout(timer);
      resolve({ err, value });
    });
  });
}

describe('a session’s expiry', () => {
  it('is two idle hours from now for a browser-session cookie, or the cookie’s own expiry', () => {
    const at = Date.parse('2025-06-15T12:00:00Z');
    expect(SESSION_IDLE_MS).toBe(2 * HOUR);
    expect(expiresAt(data(), at)).toBe(at + 2 * HOUR);
    expect(expiresAt({} as session.SessionData, at)).toBe(at + 2 * HOUR);
    expect(expiresAt(data(undefined, '2025-06-15T12:10:00.000Z'), at)).toBe(at + 10 * MINUTE);
    const cookie = { expires: new Date(at + 5 * HOUR) };
    expect(expiresAt({ cookie } as unknown as session.SessionData, at)).toBe(at + 5 * HOUR);
    expect(expiresAt(data(undefined, 'not a date'), at)).toBe(at + 2 * HOUR);
  });

  it('keys a stored session by the SHA-256 of its id, so a dump of the table hands out no cookie', async () => {
    // The SHA-256 test vector of "abc" (FIPS 180-2).
    const abc = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
    expect(sessionKey('abc')).toBe(abc);
    await new DatabaseSessionStore(database.db, now).setSession('abc', data());
    expect(await storedIds()).toContain(abc);
    expect(await storedIds()).not.toContain('abc');
  });
});

describe(`database session store at its edges (${database.engine})`, () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('forgets an idle session at the stroke of two hours, not a millisecond before, and deletes its row', async () => {
    const store = new DatabaseSessionStore(database.db, now);
    const saved = clock;
    await store.setSession('stroke', data());
    clock = saved + 2 * HOUR - 1;
    expect(await store.getSession('stroke')).toMatchObject({ csrfToken: 'token' });
    clock = saved + 2 * HOUR;
    expect(await store.getSession('stroke')).toBeNull();
    expect(await storedIds()).not.toContain(sessionKey('stroke'));
  });

  it('keeps a session with a persistent cookie until the cookie expires, however long that is', async () => {
    const store = new DatabaseSessionStore(database.db, now);
    const saved = clock;
    await store.setSession('short', data(undefined, new Date(saved + 10 * MINUTE).toISOString()));
    await store.setSession('long', data(undefined, new Date(saved + 5 * HOUR).toISOString()));
    clock = saved + 10 * MINUTE;
    expect(await store.getSession('short')).toBeNull();
    clock = saved + 5 * HOUR - 1;
    expect(await store.getSession('long')).not.toBeNull();
  });

  it('saving a session again replaces its data, its owner and its expiry', async () => {
    const store = new DatabaseSessionStore(database.db, now);
    const erin = await newUser();
    await store.setSession('upsert', data());
    expect(await store.userSessions(erin)).toEqual({ count: 0, lastSeenAt: null });
    clock += HOUR;
    await store.setSession('upsert', { ...data(erin), snippetLang: 'vue' });
    expect(await store.getSession('upsert')).toMatchObject({ userId: erin, snippetLang: 'vue' });
    expect(await store.userSessions(erin)).toEqual({ count: 1, lastSeenAt: clock });
    clock += 2 * HOUR - 1;
    expect(await store.getSession('upsert')).not.toBeNull();
    await store.setSession('upsert', data());
    expect(await store.userSessions(erin)).toEqual({ count: 0, lastSeenAt: null });
    expect(await store.destroyUserSessions(erin)).toBe(0);
    expect(await store.getSession('upsert')).not.toBeNull();
  });

  it('ends every session of a user when none is kept, and says how many', async () => {
    const store = new DatabaseSessionStore(database.db, now);
    const frank = await newUser();
    const grace = await newUser();
    await store.setSession('frank-1', data(frank));
    await store.setSession('frank-2', data(frank));
    await store.setSession('grace-1', data(grace));
    expect(await store.destroyUserSessions(frank)).toBe(2);
    expect(await store.getSession('frank-1')).toBeNull();
    expect(await store.getSession('frank-2')).toBeNull();
    expect(await store.destroyUserSessions(frank, 'frank-1')).toBe(0);
    expect(await store.getSession('grace-1')).not.toBeNull();
  });

  it('lists a user’s sessions up to the millisecond before they expire, and last seen exactly', async () => {
    const store = new DatabaseSessionStore(database.db, now);
    const heidi = await newUser();
    const first = clock;
    await store.setSession('heidi-1', data(heidi));
    clock += 25 * MINUTE;
    await store.setSession('heidi-2', data(heidi));
    expect(await store.userSessions(heidi)).toEqual({ count: 2, lastSeenAt: first + 25 * MINUTE });
    clock = first + 2 * HOUR - 1;
    expect(await store.userSessions(heidi)).toEqual({ count: 2, lastSeenAt: first + 25 * MINUTE });
    clock = first + 2 * HOUR;
    expect(await store.userSessions(heidi)).toEqual({ count: 1, lastSeenAt: first + 25 * MINUTE });
    clock = first + 25 * MINUTE + 2 * HOUR;
    // Expired rows not yet pruned count for nothing, not even "last seen".
    expect(await store.userSessions(heidi)).toEqual({ count: 0, lastSeenAt: null });
  });

  it('prunes exactly the sessions whose expiry has come, and says how many', async () => {
    const store = new DatabaseSessionStore(database.db, now);
    clock += 30 * 24 * HOUR;
    await store.prune(); // what the tests above left behind
    expect(await storedIds()).toEqual([]);
    const at = clock + MINUTE;
    for (const [sid, expiry] of [
      ['ended-before', at - 1],
      ['ends-now', at],
      ['ends-after', at + 1],
    ] as const) {
      await store.setSession(sid, data(undefined, new Date(expiry).toISOString()));
    }
    clock = at;
    expect(await store.prune()).toBe(2);
    expect(await storedIds()).toEqual([sessionKey('ends-after')]);
    expect(await store.prune()).toBe(0);
  });

  it('moves an idle expiry when touched, only that session’s, and at most once a minute per process', async () => {
    let ticks = 1_000_000;
    vi.spyOn(performance, 'now').mockImplementation(() => ticks);
    const later = async (ms: number) => {
      clock += ms;
      ticks += ms;
      // lru-cache reads the clock at most once a millisecond.
      await new Promise((resolve) => setTimeout(resolve, 5));
    };
    const store = new DatabaseSessionStore(database.db, now);
    const ivan = await newUser();
    const judy = await newUser();
    const saved = clock;
    await store.setSession('ivan', data(ivan));
    await store.setSession('judy', data(judy));
    const touch = (sid: string, userId: number) =>
      answer<void>((done) => store.touch(sid, data(userId), () => done()));

    await later(10 * MINUTE);
    await touch('ivan', ivan);
    const touched = clock;
    expect(await store.userSessions(ivan)).toEqual({ count: 1, lastSeenAt: touched });
    expect(await store.userSessions(judy)).toEqual({ count: 1, lastSeenAt: saved });

    await later(SESSION_TOUCH_INTERVAL_MS - 1);
    await touch('ivan', ivan);
    expect(await store.userSessions(ivan)).toEqual({ count: 1, lastSeenAt: touched });

    await later(2);
    await touch('ivan', ivan);
    expect(await store.userSessions(ivan)).toEqual({ count: 1, lastSeenAt: clock });

    clock = saved + 2 * HOUR;
    expect(await store.getSession('judy')).toBeNull();
    expect(await store.getSession('ivan')).not.toBeNull();
  });

  it('answers express-session’s callbacks with the session, or with the store’s error', async () => {
    const store = new DatabaseSessionStore(database.db, now);
    expect(await answer<void>((done) => store.set('callbacks', data(), done))).toEqual({
      err: undefined,
      value: undefined,
    });
    const read = await answer<session.SessionData | null>((done) => store.get('callbacks', done));
    expect(read).toEqual({ err: null, value: expect.objectContaining({ csrfToken: 'token' }) });
    expect(await answer((done) => store.get('never-saved', done))).toEqual({
      err: null,
      value: null,
    });
    expect((await answer<void>((done) => store.destroy('callbacks', done))).err).toBeUndefined();
    expect(await store.getSession('callbacks')).toBeNull();

    const dead = new DatabaseSessionStore(closedDatabase().db, now);

    // Without a callback, as the contract allows: nothing thrown, and no rejection left
    // unhandled (Node ends the process on one), even when the store fails.
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      store.set('no-callback', data());
      await vi.waitFor(async () => expect(await store.getSession('no-callback')).not.toBeNull());
      store.touch('no-callback', data());
      store.touch('no-callback', data());
      store.destroy('no-callback');
      await vi.waitFor(async () => expect(await store.getSession('no-callback')).toBeNull());
      dead.touch('any', data());
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
    expect(unhandled).toEqual([]);

    expect((await answer((done) => dead.get('any', done))).err).toBeInstanceOf(Error);
    expect((await answer<void>((done) => dead.set('any', data(), done))).err).toBeInstanceOf(Error);
    expect((await answer<void>((done) => dead.destroy('any', done))).err).toBeInstanceOf(Error);
    // A failed touch costs the session a minute of its idle life, never the request.
    expect(await answer<void>((done) => dead.touch('other', data(), () => done()))).toEqual({
      err: undefined,
      value: undefined,
    });
  });

  it('answers the readiness check while its database does, and fails when it is gone', async () => {
    await expect(new DatabaseSessionStore(database.db, now).ping()).resolves.toBeUndefined();
    await expect(new DatabaseSessionStore(closedDatabase().db, now).ping()).rejects.toThrow();
  });
});

describe('a bounded session store', () => {
  const timeoutMs = 50;

  it('gives every answer of the store it wraps', async () => {
    const inner = new DatabaseSessionStore(database.db, now);
    const store = new BoundedSessionStore(inner, timeoutMs);
    const kim = await newUser();
    const saved = clock;
    await store.setSession('bounded-1', data(kim));
    await store.setSession('bounded-2', data(kim));
    expect(await store.getSession('bounded-1')).toMatchObject({ userId: kim });
    clock += HOUR;
    await store.touchSession('bounded-2', data(kim));
    expect(await store.userSessions(kim)).toEqual({ count: 2, lastSeenAt: clock });
    expect(await store.destroyUserSessions(kim, 'bounded-2')).toBe(1);
    await store.destroySession('bounded-2');
    expect(await inner.getSession('bounded-2')).toBeNull();
    await inner.prune();
    await store.setSession('bounded-3', data(undefined, new Date(saved).toISOString()));
    expect(await store.prune()).toBe(1);
    await expect(store.ping()).resolves.toBeUndefined();
  });

  it('fails every call with a 503 when the store it wraps never answers', async () => {
    const silent = new Proxy(
      {},
      { get: () => () => new Promise<never>(() => undefined) },
    ) as unknown as AppSessionStore;
    const store = new BoundedSessionStore(silent, timeoutMs);
    const outcomes = await Promise.allSettled([
      store.getSession('x'),
      store.setSession('x', data()),
      store.destroySession('x'),
      store.touchSession('x', data()),
      store.destroyUserSessions(1, 'x'),
      store.userSessions(1),
      store.prune(),
      store.ping(),
    ]);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      const reason = (outcome as PromiseRejectedResult).reason as unknown;
      expect(reason).toBeInstanceOf(ServiceUnavailableError);
      expect(reason).toMatchObject({
        cause: new Error(`The session store did not answer within ${timeoutMs} ms`),
      });
    }
  });
});
