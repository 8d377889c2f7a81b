import SqliteDatabase from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { isPostgresUrl, openDatabase, type DatabaseHandle } from '../db/database.ts';
import { migrations } from '../db/migrations/index.ts';
import { schemaStatus } from '../db/migrator.ts';

/**
 * Backups and restores for both engines (decision 036). Never a copy of the database file: a
 * SQLite database in WAL mode keeps recent writes in its `-wal` file, and a plain copy of the
 * main file made while the store writes can hold no tables at all. SQLite's online backup API
 * copies a consistent snapshot page by page while the store keeps serving; PostgreSQL's own
 * pg_dump does the same from a transaction snapshot.
 */

export interface Target {
  /** postgres://… or undefined for SQLite at `sqliteFile`. */
  databaseUrl: string | undefined;
  sqliteFile: string;
}

export interface StoreSummary {
  engine: 'sqlite' | 'postgres';
  migrations: number;
  newestMigration: string | null;
  users: number;
  licenses: number;
  purchases: number;
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, {
    stdio: ['ignore', 'inherit', 'pipe'],
    encoding: 'utf8',
  });
  if (result.error) {
    const missing = (result.error as NodeJS.ErrnoException).code === 'ENOENT';
    throw new Error(
      missing
        ? `${command} is not installed (Debian: apt-get install postgresql-client)`
        : result.error.message,
    );
  }
  if (result.status !== 0) {
    throw new Error(`${command} failed (exit ${result.status}): ${result.stderr.trim()}`);
  }
}

/** Copies the live store into `file`: a SQLite database, or a pg_dump custom-format archive. */
export async function backup(target: Target, file: string): Promise<{ bytes: number }> {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  if (existsSync(file)) throw new Error(`${file} exists already: choose a new name`);
  if (isPostgresUrl(target.databaseUrl)) {
    run('pg_dump', ['--format=custom', '--no-owner', '--file', file, target.databaseUrl]);
  } else {
    if (!existsSync(target.sqliteFile)) throw new Error(`No database at ${target.sqliteFile}`);
    const source = new SqliteDatabase(target.sqliteFile, { fileMustExist: true });
    try {
      await source.backup(file);
    } finally {
      source.close();
    }
  }
  return { bytes: statSync(file).size };
}

async function hasTables(handle: DatabaseHandle): Promise<boolean> {
  const tables = await handle.db.introspection.getTables({ withInternalKyselyTables: true });
  return tables.length > 0;
}

/**
 * Restores a backup into the store's database, which must be empty unless `replace` (then
 * what is there is dropped first). The store must be stopped: on SQLite the file is replaced.
 * Then checks what it restored (`summarize`).
 */
export async function restore(
  target: Target,
  file: string,
  { replace = false }: { replace?: boolean } = {},
): Promise<StoreSummary> {
  if (!existsSync(file)) throw new Error(`No backup at ${file}`);
  const current = openDatabase({ databaseUrl: target.databaseUrl, sqliteFile: target.sqliteFile });
  const occupied = await hasTables(current).finally(() => current.close());
  if (occupied && !replace) {
    throw new Error(
      'The target database is not empty: restore into an empty one, or pass --replace to drop what is there first',
    );
  }
  if (isPostgresUrl(target.databaseUrl)) {
    const args = ['--no-owner', '--exit-on-error', '--single-transaction'];
    if (occupied) args.push('--clean', '--if-exists');
    run('pg_restore', [...args, '--dbname', target.databaseUrl, file]);
  } else {
    const backupFile = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
    try {
      for (const suffix of ['', '-wal', '-shm'])
        rmSync(`${target.sqliteFile}${suffix}`, { force: true });
      mkdirSync(path.dirname(target.sqliteFile), { recursive: true });
      await backupFile.backup(target.sqliteFile);
    } finally {
      backupFile.close();
    }
  }
  return summarize(target);
}

/** What a store holds: the check after a restore (and before trusting a backup). */
export async function summarize(target: Target): Promise<StoreSummary> {
  const handle = openDatabase({ databaseUrl: target.databaseUrl, sqliteFile: target.sqliteFile });
  try {
    const status = await schemaStatus(handle.db, migrations({ engine: handle.engine }));
    if (status.executed.length === 0) throw new Error('The restored database has no migrations');
    if (status.refusal) throw new Error(status.refusal);
    const count = async (table: 'users' | 'licenses' | 'purchases') => {
      const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(
        table,
      )}`.execute(handle.db);
      return Number(rows[0]?.n ?? 0);
    };
    return {
      engine: handle.engine,
      migrations: status.executed.length,
      newestMigration: status.executed.at(-1) ?? null,
      users: await count('users'),
      licenses: await count('licenses'),
      purchases: await count('purchases'),
    };
  } finally {
    await handle.close();
  }
}
