// Webhook fulfilment throughput: signed Paddle notifications POSTed over HTTP to the real app,
// half of them duplicates (every event delivered twice, all shuffled), on SQLite and on
// PostgreSQL; then exactly-once is checked in the database. Part of `pnpm bench`;
// `pnpm bench webhooks` runs it alone (it needs no build). The load generator runs in the same
// process as the server, so compare engines within one run rather than absolute numbers.
import type {} from '../../apps/server/src/types/express.d.ts';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { createLogger } from '../../apps/server/src/logger.ts';
import { NO_ASSETS } from '../../apps/server/src/http/ssr/assets.ts';
import { signatureHeader } from '../../apps/server/src/modules/payments/index.ts';
import { listen, serverUrl } from '../../apps/server/src/server.ts';
import { createServices } from '../../apps/server/src/services.ts';

const PURCHASES = Number(process.env.BENCH_WEBHOOK_PURCHASES ?? 300);
const CONCURRENCY = Number(process.env.BENCH_WEBHOOK_CONCURRENCY ?? 16);
const POSTGRES_ADMIN_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECRET = randomBytes(32).toString('hex');

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

async function run(databaseUrl: string | undefined, dataDir: string) {
  const config = loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: 'bench-session-secret-that-is-long-enough-0123',
    DATA_DIR: dataDir,
    SANDBOX_WEBHOOK_SECRET: SECRET,
    PASSWORD_HASH_COST: '10',
    LOG_LEVEL: 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const logger = await createLogger(config);
  const services = await createServices(config, logger);
  const app = buildApp({ config, logger, ssr: null, assets: NO_ASSETS, services });
  const server = await listen(app, { host: '127.0.0.1', port: 0 });
  const url = `${serverUrl(server)}/webhooks/paddle`;
  try {
    const { db } = services.database;
    const product = await db
      .selectFrom('products')
      .select(['id', 'name'])
      .where('slug', '=', 'all-access')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('prices')
      .values({ product_id: product.id, kind: 'personal', amount: 29_900, currency: 'USD' })
      .onConflict((conflict) => conflict.columns(['product_id', 'kind']).doNothing())
      .execute();
    const price = await db
      .selectFrom('prices')
      .select('id')
      .where('product_id', '=', product.id)
      .executeTakeFirstOrThrow();
    const events: string[] = [];
    for (let i = 0; i < PURCHASES; i += 1) {
      const { transactionId } = await services.payments.checkouts.startCheckout(
        {
          productId: product.id,
          priceId: price.id,
          productSlug: 'all-access',
          productName: product.name,
          kind: 'personal',
          amount: 29_900,
          advertised: 29_900,
          currency: 'USD',
          upgradeLicenseId: null,
        },
        null,
      );
      const customerId = `ctm_bench_${i}`;
      const at = new Date().toISOString();
      events.push(
        JSON.stringify({
          event_id: `evt_bench_c_${transactionId}`,
          event_type: 'customer.created',
          occurred_at: at,
          data: { id: customerId, email: `bench-${i}@example.com` },
        }),
        JSON.stringify({
          event_id: `evt_bench_t_${transactionId}`,
          event_type: 'transaction.completed',
          occurred_at: at,
          data: {
            id: transactionId,
            status: 'completed',
            customer_id: customerId,
            custom_data: null,
            currency_code: 'USD',
            details: { totals: { subtotal: '29900', tax: '5681', total: '35581' } },
          },
        }),
      );
    }
    // Every event twice: half of the deliveries are duplicates.
    const deliveries = shuffle([...events, ...events]);
    const statuses = new Map<number, number>();
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < deliveries.length) {
          const body = deliveries[next++]!;
          const response = await fetch(url, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              'Paddle-Signature': signatureHeader(SECRET, body, Date.now() / 1000),
            },
            body,
          });
          await response.arrayBuffer();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;

    const count = async (table: 'purchases' | 'licenses' | 'mail_jobs' | 'webhook_events') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const twice = await db
      .selectFrom('webhook_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('deliveries', '=', 2)
      .where('outcome', '=', 'applied')
      .executeTakeFirstOrThrow();
    const counts = {
      purchases: await count('purchases'),
      licenses: await count('licenses'),
      mails: await count('mail_jobs'),
      events: await count('webhook_events'),
    };
    const exactlyOnce =
      counts.purchases === PURCHASES &&
      counts.licenses === PURCHASES &&
      counts.mails === PURCHASES &&
      counts.events === events.length &&
      Number(twice.n) === events.length &&
      statuses.get(200) === deliveries.length;
    return {
      deliveries: deliveries.length,
      'duplicates %': 50,
      concurrency: CONCURRENCY,
      seconds: Number(seconds.toFixed(2)),
      'events/s': Math.round(deliveries.length / seconds),
      'purchases/s': Math.round(PURCHASES / seconds),
      statuses: [...statuses].map(([status, n]) => `${status}×${n}`).join(' '),
      'exactly once': exactlyOnce ? 'yes' : `NO (${JSON.stringify(counts)})`,
    };
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await services.close();
  }
}

export async function benchWebhooks(): Promise<void> {
  const rows: Record<string, object> = {};
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-bench-webhooks-'));
  try {
    rows.SQLite = await run(undefined, dataDir);
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
        rows.PostgreSQL = await run(
          url.toString(),
          mkdtempSync(join(tmpdir(), 'tessera-bench-pg-')),
        );
      } finally {
        await pool.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    }
    await admin.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    `\nWebhook fulfilment (${PURCHASES} purchases: customer.created + transaction.completed each, every event delivered twice, shuffled, ${CONCURRENCY} at a time over HTTP):`,
  );
  console.table(rows);
}
