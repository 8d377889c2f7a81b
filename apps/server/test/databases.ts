import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle, type DatabaseOptions } from '../src/db/database.ts';
import { TEST_DATABASE } from './services.ts';

export const POSTGRES_ADMIN_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** An empty database of this run's engine (or the one asked for), and how to get rid of it. */
export interface EmptyDatabase {
  engine: 'sqlite' | 'postgres';
  /** DATABASE_URL for it (`sqlite:` or `postgres://`). */
  url: string;
  /** A folder for the test's files (the SQLite file lives there too). */
  dir: string;
  open(options?: Omit<DatabaseOptions, 'databaseUrl' | 'sqliteFile'>): DatabaseHandle;
  /** The same database through another address (a proxy in front of PostgreSQL). */
  openUrl(
    url: string,
    options?: Omit<DatabaseOptions, 'databaseUrl' | 'sqliteFile'>,
  ): DatabaseHandle;
  drop(): Promise<void>;
}

export async function dropPostgresDatabase(name: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

export async function emptyDatabase(
  engine: 'sqlite' | 'postgres' = TEST_DATABASE,
): Promise<EmptyDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-db-test-'));
  let url: string;
  let name: string | undefined;
  if (engine === 'sqlite') {
    url = `sqlite:${path.join(dir, 'tessera.sqlite')}`;
  } else {
    name = `tessera_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const target = new URL(POSTGRES_ADMIN_URL);
    target.pathname = `/${name}`;
    url = target.toString();
  }
  const handles: DatabaseHandle[] = [];
  return {
    engine,
    url,
    dir,
    open(options = {}) {
      const handle = openDatabase({
        ...options,
        databaseUrl: engine === 'postgres' ? url : undefined,
        sqliteFile: url.replace(/^sqlite:/, ''),
      });
      handles.push(handle);
      return handle;
    },
    openUrl(other, options = {}) {
      const handle = openDatabase({ ...options, databaseUrl: other, sqliteFile: '' });
      handles.push(handle);
      return handle;
    },
    async drop() {
      await Promise.allSettled(handles.map((handle) => handle.close()));
      if (name) await dropPostgresDatabase(name);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
