import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll } from 'vitest';
import type { Config } from '../src/config.ts';
import type { Logger } from '../src/logger.ts';
import { createServices, type Services } from '../src/services.ts';

/**
 * The engines the server suite runs on. `.ci/run` runs the whole suite twice:
 *   TEST_DATABASE=sqlite   TEST_SESSION_STORE=database   (the embedded default)
 *   TEST_DATABASE=postgres TEST_SESSION_STORE=redis      (the production shape)
 */
export const TEST_DATABASE = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';
export const TEST_SESSION_STORE = process.env.TEST_SESSION_STORE === 'redis' ? 'redis' : 'database';
const POSTGRES_ADMIN_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups.length = 0;
});

let databaseEnv: Promise<Record<string, string>> | undefined;

/** One database per test file: a temporary SQLite file, or a PostgreSQL database made and dropped. */
function testDatabaseEnv(): Promise<Record<string, string>> {
  databaseEnv ??= (async (): Promise<Record<string, string>> => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-test-data-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    if (TEST_DATABASE === 'sqlite') return { DATA_DIR: dataDir };
    const name = `tessera_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    cleanups.unshift(async () => {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      // pg's pool.end() resolves before its sockets have closed: wait for the backends to go,
      // so dropping never kills a connection a client is still closing (an unhandled error).
      for (let i = 0; i < 50; i += 1) {
        const { rows } = await client.query<{ n: string }>(
          'SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        if (Number(rows[0]?.n) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    });
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/${name}`;
    return { DATA_DIR: dataDir, DATABASE_URL: url.toString() };
  })();
  return databaseEnv!;
}

/** Environment for `testConfig`: this file's database, Redis when the run asks for it. */
export async function testServicesEnv(): Promise<Record<string, string>> {
  return {
    ...(await testDatabaseEnv()),
    ...(TEST_SESSION_STORE === 'redis' ? { REDIS_URL: TEST_REDIS_URL } : {}),
    // Fast hashes in tests; production refuses anything below 17 (config.ts).
    PASSWORD_HASH_COST: '10',
  };
}

/** Services for one app; closed, and their Redis keys removed, after the file's tests. */
export async function testServices(
  config: Config,
  logger: Logger,
  options: { now?: () => number } = {},
): Promise<Services> {
  const redisPrefix = `tessera-test:${randomBytes(6).toString('hex')}:`;
  const services = await createServices(config, logger, { redisPrefix, ...options });
  cleanups.push(async () => {
    if (services.redis) {
      const keys = await services.redis.keys(`${redisPrefix}*`);
      if (keys.length) await services.redis.del(...keys);
    }
    await services.close();
  });
  return services;
}
