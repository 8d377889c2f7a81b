import SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type PostgresPoolClient,
  type Transaction,
} from 'kysely';
import { LRUCache } from 'lru-cache';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Engine } from './migrations/context.ts';
import type { Database } from './schema.ts';

export type { Engine };
export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;

/** How one answer of `ping` reads: `busy` is not `down` (decision 035). */
export type DatabaseState = 'ok' | 'busy' | 'down';

export interface PoolStats {
  /** Connections open (PostgreSQL), or 1 (SQLite's single connection). */
  total: number;
  idle: number;
  /** Requests queued for a connection. */
  waiting: number;
  max: number;
}

export interface DatabaseHandle {
  engine: Engine;
  db: Db;
  /** The limits every statement runs under (`DB_*` settings). */
  timeouts: DatabaseTimeouts;
  /**
   * A transaction that reads and then writes. On SQLite it starts with `BEGIN IMMEDIATE`, so
   * two processes never both read, then fail to upgrade to a write lock; on PostgreSQL it is a
   * plain transaction (use row locks or conditional updates inside it).
   */
  writeTransaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /** The underlying client, for libraries that need it (rate-limit counters). */
  raw:
    { engine: 'sqlite'; sqlite: SqliteDatabase.Database } | { engine: 'postgres'; pool: pg.Pool };
  /** The request pool's state now (metrics, readiness). */
  poolStats(): PoolStats;
  /**
   * Whether the database answers within `timeoutMs`, asked on a connection of its own so a
   * queue of requests waiting for the pool never makes a healthy database look down: a full
   * pool with a database that answers is `busy`.
   */
  ping(timeoutMs: number): Promise<DatabaseState>;
  /**
   * Work that may legitimately run long (migrations, restores): one separate connection with
   * no statement timeout, closed afterwards. On SQLite, the one connection.
   */
  withoutTimeouts<T>(work: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseTimeouts {
  /** The longest one statement may run (PostgreSQL `statement_timeout`, and client-side). */
  statementMs: number;
  /** The longest a statement waits for a row or table lock (`lock_timeout`, SQLite busy wait). */
  lockMs: number;
  /** The longest a request waits for a pool connection, or for a new one to open. */
  acquireMs: number;
  /** Connections in the request pool (PostgreSQL). */
  poolSize: number;
}

/** Fail fast rather than hang a request past a balancer's timeout (decision 035). */
export const DEFAULT_TIMEOUTS: DatabaseTimeouts = {
  statementMs: 5000,
  lockMs: 3000,
  acquireMs: 3000,
  poolSize: 10,
};

// bigint (int8) columns hold epoch milliseconds: well inside Number's safe range.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/**
 * Kysely prepares every query it runs; a prepared statement is reusable for the life of the
 * connection (SQLite re-prepares it by itself after a schema change), and Kysely runs each one
 * to completion synchronously (`all`/`run`), so one statement per SQL text is kept and reused.
 */
function withStatementCache(database: SqliteDatabase.Database, max = 500) {
  const statements = new LRUCache<string, SqliteDatabase.Statement>({ max });
  return {
    close: () => database.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = database.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #database: ReturnType<typeof withStatementCache>;
  constructor(database: SqliteDatabase.Database) {
    const cached = withStatementCache(database);
    super({ database: cached });
    this.#database = cached;
  }
  override createDriver() {
    return new ImmediateSqliteDriver({ database: this.#database });
  }
}

export interface DatabaseOptions {
  /** `postgres://…` selects PostgreSQL; otherwise SQLite at `sqliteFile`. */
  databaseUrl?: string | undefined;
  sqliteFile: string;
  onIdleError?: (error: Error) => void;
  timeouts?: Partial<DatabaseTimeouts>;
}

export function openSqlite(
  file: string,
  lockMs = DEFAULT_TIMEOUTS.lockMs,
): SqliteDatabase.Database {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // Another process holding the write lock (a backup, a command) makes us wait, not fail; but
  // only so long: better-sqlite3 waits synchronously, so the whole process waits with it.
  sqlite.pragma(`busy_timeout = ${Math.round(lockMs)}`);
  return sqlite;
}

export function isPostgresUrl(url: string | undefined): url is string {
  return Boolean(url && /^postgres(ql)?:\/\//.test(url));
}

/** A client-side timeout of pg (`query_timeout`, or waiting for a connection). */
function isClientTimeout(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return /Query read timeout|timeout exceeded when trying to connect|Connection terminated/.test(
    message,
  );
}

/**
 * The pool as Kysely sees it, except that a connection whose query hit the client-side timeout
 * is destroyed rather than returned: its query may still be running on a stalled server, and
 * the next request must not queue behind it.
 */
function discardingTimedOutClients(pool: pg.Pool) {
  // Kysely keeps one connection object per client it is handed: one wrapper per pg client.
  const wrappers = new WeakMap<pg.PoolClient, { broken: boolean; client: PostgresPoolClient }>();
  return {
    Client: pg.Client,
    options: pool.options,
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        const state = {
          broken: false,
          client: {
            query(...args: unknown[]) {
              const result = (client.query as (...a: unknown[]) => unknown)(...args);
              if (result instanceof Promise) {
                return result.catch((error: unknown) => {
                  if (isClientTimeout(error)) state.broken = true;
                  throw error;
                });
              }
              return result;
            },
            release: () => client.release(state.broken),
          } as unknown as PostgresPoolClient,
        };
        wrapper = state;
        wrappers.set(client, wrapper);
      }
      wrapper.broken = false;
      return wrapper.client;
    },
    end: () => pool.end(),
  };
}

function pgSettings(databaseUrl: string, timeouts: DatabaseTimeouts): pg.PoolConfig {
  return {
    connectionString: databaseUrl,
    max: timeouts.poolSize,
    connectionTimeoutMillis: timeouts.acquireMs,
    // Enforced by the server, so a slow query or a held lock ends there and frees its locks.
    statement_timeout: timeouts.statementMs,
    lock_timeout: timeouts.lockMs,
    idle_in_transaction_session_timeout: timeouts.statementMs * 2,
    // Enforced here, for a server that stopped answering altogether (frozen, unreachable).
    query_timeout: timeouts.statementMs + 1000,
    keepAlive: true,
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

function openPostgres(
  options: DatabaseOptions & { databaseUrl: string },
  timeouts: DatabaseTimeouts,
) {
  const settings = pgSettings(options.databaseUrl, timeouts);
  const pool = new pg.Pool(settings);
  // An idle client losing its connection (a PostgreSQL restart) must not crash the process:
  // the pool drops it and the next query opens a new one.
  pool.on('error', (error) => options.onIdleError?.(error));
  // Readiness asks on a connection of its own: a request queue must not look like an outage.
  const probe = new pg.Pool({ ...settings, max: 1, idleTimeoutMillis: 0 });
  probe.on('error', (error) => options.onIdleError?.(error));
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: discardingTimedOutClients(pool) }),
  });
  const poolStats = (): PoolStats => ({
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
    max: timeouts.poolSize,
  });
  const handle: DatabaseHandle = {
    engine: 'postgres',
    db,
    timeouts,
    writeTransaction: (work) => db.transaction().execute(work),
    raw: { engine: 'postgres', pool },
    poolStats,
    async ping(timeoutMs) {
      try {
        await withTimeout(probe.query('select 1'), timeoutMs);
      } catch {
        return 'down';
      }
      return pool.waitingCount > 0 ? 'busy' : 'ok';
    },
    async withoutTimeouts(work) {
      const single = new pg.Pool({
        connectionString: options.databaseUrl,
        max: 1,
        connectionTimeoutMillis: timeouts.acquireMs,
      });
      single.on('error', (error) => options.onIdleError?.(error));
      const own = new Kysely<Database>({ dialect: new PostgresDialect({ pool: single }) });
      try {
        return await work(own);
      } finally {
        await own.destroy();
      }
    },
    async close() {
      await Promise.all([db.destroy(), probe.end()]);
    },
  };
  return handle;
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  if (isPostgresUrl(options.databaseUrl)) {
    return openPostgres({ ...options, databaseUrl: options.databaseUrl }, timeouts);
  }
  const sqlite = openSqlite(options.sqliteFile, timeouts.lockMs);
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect(sqlite) });
  return {
    engine: 'sqlite',
    db,
    timeouts,
    writeTransaction: (work) => db.transaction().execute(work),
    raw: { engine: 'sqlite', sqlite },
    // One connection, used in turn; a statement runs synchronously, so nothing queues in a pool.
    poolStats: () => ({
      total: sqlite.open ? 1 : 0,
      idle: sqlite.open ? 1 : 0,
      waiting: 0,
      max: 1,
    }),
    async ping() {
      try {
        sqlite.prepare('select 1').get();
        return 'ok';
      } catch {
        return 'down';
      }
    },
    withoutTimeouts: (work) => work(db),
    close: () => db.destroy(),
  };
}
