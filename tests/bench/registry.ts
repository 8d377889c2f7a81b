// The shadcn registry's response time: `GET /r/{name}.json` for an owner with a personal access
// token (the token checked, the owner's access policy read, the code served), over HTTP to the
// real app on SQLite and PostgreSQL, one request at a time and several at once; the index's
// search beside it. Part of `pnpm bench`; `pnpm bench registry` runs it alone (it needs the
// catalogue build, not the storefront's). The load generator shares the process and the cores:
// compare within one run.
import type {} from '../../apps/server/src/types/express.d.ts';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { NO_ASSETS } from '../../apps/server/src/http/ssr/assets.ts';
import { createLogger } from '../../apps/server/src/logger.ts';
import { usersRepository } from '../../apps/server/src/modules/auth/index.ts';
import { newLicenseKey } from '../../apps/server/src/modules/shared/index.ts';
import {
  accessTokensRepository,
  newTokenSecret,
} from '../../apps/server/src/modules/tokens/index.ts';
import { listen, serverUrl } from '../../apps/server/src/server.ts';
import { createServices } from '../../apps/server/src/services.ts';

const REQUESTS = Number(process.env.BENCH_REGISTRY_REQUESTS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_REGISTRY_CONCURRENCY ?? 8);
const POSTGRES_ADMIN_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const OWNED = 'marketing-heroes-simple-centered';
const UNOWNED = 'ecommerce-shopping-carts-slide-over';
/** Each token may make 600 requests a minute (REGISTRY_TOKEN_LIMIT): spread the load. */
const TOKENS = Math.ceil((REQUESTS * 3 + 100) / 500);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function timed(
  url: string,
  tokens: string[],
  requests: number,
  concurrency: number,
  expected: number,
) {
  const times: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        const token = tokens[next++ % tokens.length]!;
        const began = performance.now();
        const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
        await response.arrayBuffer();
        times.push(performance.now() - began);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const round = (ms: number) => Number(ms.toFixed(2));
  return {
    requests,
    concurrency,
    'p50 ms': round(percentile(times, 50)),
    'p99 ms': round(percentile(times, 99)),
    'max ms': round(times[times.length - 1]!),
    'req/s': Math.round(requests / seconds),
    statuses: [...statuses].map(([status, n]) => `${status}×${n}`).join(' '),
    ok: statuses.get(expected) === requests ? 'yes' : 'NO',
  };
}

async function run(databaseUrl: string | undefined, dataDir: string) {
  const config = loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: 'bench-session-secret-that-is-long-enough-0123',
    DATA_DIR: dataDir,
    PASSWORD_HASH_COST: '10',
    LOG_LEVEL: 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const logger = await createLogger(config);
  const services = await createServices(config, logger);
  const app = buildApp({ config, logger, ssr: null, assets: NO_ASSETS, services });
  const server = await listen(app, { host: '127.0.0.1', port: 0 });
  const base = serverUrl(server);
  try {
    const { db } = services.database;
    const user = await usersRepository(db).create({
      email: `bench-${randomBytes(4).toString('hex')}@example.com`,
      passwordHash: 'not-used',
      now: Date.now(),
    });
    // A Marketing licence of their own, as fulfilment leaves it.
    const product = await db
      .selectFrom('products')
      .select('id')
      .where('slug', '=', 'marketing')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('licenses')
      .values({
        key: newLicenseKey(),
        product_id: product.id,
        purchase_id: null,
        user_id: user,
        kind: 'personal',
        is_active: 1,
        redeemed_at: Date.now(),
        created_at: Date.now(),
      })
      .execute();
    const tokens: string[] = [];
    for (let i = 0; i < TOKENS; i += 1) {
      const secret = newTokenSecret();
      await accessTokensRepository(db).insert({
        userId: user,
        name: `bench ${i}`,
        hash: secret.hash,
        prefix: secret.prefix,
        createdAt: Date.now(),
        expiresAt: null,
      });
      tokens.push(secret.secret);
    }
    const item = `${base}/r/${OWNED}.json`;
    // Warm-up: the catalogue index, the code file, the connections.
    await timed(item, tokens, 50, 4, 200);
    return {
      [`GET /r/${OWNED}.json, one at a time`]: await timed(item, tokens, REQUESTS, 1, 200),
      [`GET /r/${OWNED}.json, ${CONCURRENCY} at once`]: await timed(
        item,
        tokens,
        REQUESTS,
        CONCURRENCY,
        200,
      ),
      [`GET /r/${UNOWNED}.json (403), ${CONCURRENCY} at once`]: await timed(
        `${base}/r/${UNOWNED}.json`,
        tokens,
        REQUESTS,
        CONCURRENCY,
        403,
      ),
      [`GET /r/registry.json?q=hero&limit=20, ${CONCURRENCY} at once`]: await timed(
        `${base}/r/registry.json?q=hero&limit=20`,
        tokens,
        Math.min(REQUESTS, 300),
        CONCURRENCY,
        200,
      ),
    };
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await services.close();
  }
}

function print(engine: string, rows: Record<string, object>) {
  console.log(`\nshadcn registry on ${engine} (an owner's token; HTTP on loopback, in-process):`);
  console.table(rows);
}

export async function benchRegistry(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-bench-registry-'));
  try {
    print('SQLite', await run(undefined, dataDir));
    const name = `tessera_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
    const admin = openDatabase({ databaseUrl: POSTGRES_ADMIN_URL, sqliteFile: ':memory:' });
    const pool = admin.raw.engine === 'postgres' ? admin.raw.pool : null;
    const reachable = await pool?.query('select 1').then(
      () => true,
      (error: unknown) => {
        console.log(`!! No PostgreSQL at ${POSTGRES_ADMIN_URL} (${String(error)}): not measured`);
        return false;
      },
    );
    if (pool && reachable) {
      await pool.query(`CREATE DATABASE ${name}`);
      try {
        const url = new URL(POSTGRES_ADMIN_URL);
        url.pathname = `/${name}`;
        print(
          'PostgreSQL',
          await run(url.toString(), mkdtempSync(join(tmpdir(), 'tessera-bench-pg-'))),
        );
      } finally {
        await pool.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    }
    await admin.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
