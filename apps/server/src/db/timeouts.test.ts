import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyDatabase, type EmptyDatabase } from '../../test/databases.ts';
import { stallProxy, type StallProxy } from '../../test/stall-proxy.ts';
import { isDatabaseUnavailable } from './errors.ts';
import { migrateToLatest } from './migrator.ts';

let database: EmptyDatabase | undefined;
let proxy: StallProxy | undefined;
const clients: pg.Client[] = [];
afterEach(async () => {
  proxy?.resume();
  for (const client of clients.splice(0)) await client.end().catch(() => undefined);
  await proxy?.close();
  proxy = undefined;
  await database?.drop();
  database = undefined;
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as Error & { code?: string },
  );

describe('database timeouts (PostgreSQL)', () => {
  it('ends a statement that runs past the statement timeout, as an outage', async () => {
    database = await emptyDatabase('postgres');
    const handle = database.open({ timeouts: { statementMs: 200 } });
    const error = await failure(sql`select pg_sleep(5)`.execute(handle.db));
    expect(error.code).toBe('57014');
    expect(isDatabaseUnavailable(error)).toBe(true);
    // The connection is fine afterwards.
    expect((await sql<{ one: number }>`select 1 as one`.execute(handle.db)).rows).toEqual([
      { one: 1 },
    ]);
  });

  it('gives up waiting for a row another transaction holds, after the lock timeout', async () => {
    database = await emptyDatabase('postgres');
    const handle = database.open({ timeouts: { lockMs: 150 } });
    await migrateToLatest(handle);
    await sql`insert into users (email, password_hash, created_at, updated_at)
      values ('locked@example.com', 'x', 0, 0)`.execute(handle.db);
    const holder = new pg.Client({ connectionString: database.url });
    clients.push(holder);
    await holder.connect();
    await holder.query('begin');
    await holder.query(`select id from users where email = 'locked@example.com' for update`);

    const error = await failure(
      handle.db
        .updateTable('users')
        .set({ updated_at: 1 })
        .where('email', '=', 'locked@example.com')
        .execute(),
    );
    expect(error.code).toBe('55P03');
    expect(isDatabaseUnavailable(error)).toBe(true);
    await holder.query('rollback');
  });

  it('fails fast on a server that stopped answering, and recovers once it answers again', async () => {
    database = await emptyDatabase('postgres');
    const target = new URL(database.url);
    proxy = await stallProxy(target.hostname, Number(target.port));
    const through = database.openUrl(proxy.url(database.url), {
      timeouts: { statementMs: 300, acquireMs: 300 },
    });
    await sql`select 1`.execute(through.db);

    proxy.stall();
    // The open connection: the client-side read timeout (the server cannot enforce its own).
    const stuck = await failure(sql`select 1`.execute(through.db));
    expect(isDatabaseUnavailable(stuck)).toBe(true);
    // A new connection: the connect timeout.
    const more = await failure(
      Promise.all([sql`select 1`.execute(through.db), sql`select 2`.execute(through.db)]),
    );
    expect(isDatabaseUnavailable(more)).toBe(true);
    expect(await through.ping(200)).toBe('down');

    proxy.resume();
    // The timed-out connection was thrown away, not handed to the next request.
    expect((await sql<{ two: number }>`select 2 as two`.execute(through.db)).rows).toEqual([
      { two: 2 },
    ]);
    expect(await through.ping(1000)).toBe('ok');
  });

  it('reads a full pool as busy, not down, while the database answers', async () => {
    database = await emptyDatabase('postgres');
    const handle = database.open({ timeouts: { poolSize: 1, acquireMs: 10_000 } });
    const holding = sql`select pg_sleep(1)`.execute(handle.db);
    const queued = sql`select 1`.execute(handle.db);
    await expect.poll(() => handle.poolStats().waiting).toBe(1);
    expect(await handle.ping(1000)).toBe('busy');
    await Promise.all([holding, queued]);
    expect(await handle.ping(1000)).toBe('ok');
  });
});

describe('database timeouts (SQLite)', () => {
  it('waits for another writer only as long as the lock timeout', async () => {
    database = await emptyDatabase('sqlite');
    const handle = database.open({ timeouts: { lockMs: 100 } });
    await migrateToLatest(handle);
    const other = new SqliteDatabase(database.url.replace(/^sqlite:/, ''));
    other.exec('begin immediate');
    try {
      const error = await failure(
        handle.writeTransaction((tx) => tx.updateTable('users').set({ updated_at: 1 }).execute()),
      );
      expect(error.code).toBe('SQLITE_BUSY');
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      other.exec('rollback');
      other.close();
    }
  });
});

describe('isDatabaseUnavailable', () => {
  it('is false for faults of the request or the code', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('dup'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('syntax error at or near "selec"'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });

  it('follows the cause of a wrapped error', () => {
    const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    expect(isDatabaseUnavailable(new Error('The database failed', { cause }))).toBe(true);
  });
});
