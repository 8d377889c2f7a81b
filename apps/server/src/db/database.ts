import SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Transaction,
} from 'kysely';
import { Migrator } from 'kysely/migration';
import { LRUCache } from 'lru-cache';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Engine } from './migrations/context.ts';
import { migrations } from './migrations/index.ts';
import type { Database } from './schema.ts';

export type { Engine };
export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;

export interface DatabaseHandle {
  engine: Engine;
  db: Db;
  /**
   * A transaction that reads and then writes. On SQLite it starts with `BEGIN IMMEDIATE`, so
   * two processes never both read, then fail to upgrade to a write lock; on PostgreSQL it is a
   * plain transaction (use row locks or conditional updates inside it).
   */
  writeTransaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /** The underlying client, for libraries that need it (rate-limit counters). */
  raw:
    { engine: 'sqlite'; sqlite: SqliteDatabase.Database } | { engine: 'postgres'; pool: pg.Pool };
  close(): Promise<void>;
}

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
}

function openSqlite(file: string): SqliteDatabase.Database {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // Another process holding the write lock makes us wait, not fail.
  sqlite.pragma('busy_timeout = 5000');
  return sqlite;
}

function isPostgresUrl(url: string | undefined): url is string {
  return Boolean(url && /^postgres(ql)?:\/\//.test(url));
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (isPostgresUrl(options.databaseUrl)) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client losing its connection (a PostgreSQL restart) must not crash the process:
    // the pool drops it and the next query opens a new one.
    pool.on('error', (error) => options.onIdleError?.(error));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      engine: 'postgres',
      db,
      writeTransaction: (work) => db.transaction().execute(work),
      raw: { engine: 'postgres', pool },
      close: () => db.destroy(),
    };
  }
  const sqlite = openSqlite(options.sqliteFile);
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect(sqlite) });
  return {
    engine: 'sqlite',
    db,
    writeTransaction: (work) => db.transaction().execute(work),
    raw: { engine: 'sqlite', sqlite },
    close: () => db.destroy(),
  };
}

/** Runs every pending migration forward; throws with the failing migration's name. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => migrations({ engine: handle.engine }) },
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((result) => result.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `Database migration ${failed ? `"${failed.migrationName}" ` : ''}failed: ${reason}`,
      { cause: error },
    );
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
