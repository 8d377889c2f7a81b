// `pnpm bench`: throughput and latency of the built store, per route, against a static file
// served by the same process as a baseline, plus first-load bundle sizes. Never pass/fail:
// the load generator shares the machine's cores, so compare ratios within one run.
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startStore } from '../e2e/support/store.ts';
import { benchRegistry } from './registry.ts';
import { benchWebhooks } from './webhooks.ts';
import { benchBundles } from './bundles.ts';
import { benchHydration } from './hydration.ts';
import { benchLighthouse } from './lighthouse.ts';
import { benchPalette } from './palette.ts';
import { benchServer } from './server.ts';
import { benchOps } from './ops.ts';
import { PRODUCTION_PASSWORD_HASH_COST } from '../../apps/server/src/config.ts';
import {
  hashPassword,
  verifyPassword,
} from '../../apps/server/src/modules/auth/service/passwords.ts';

/** What one sign-in costs the server: a scrypt verification at the production parameters. */
async function signInHashTimes() {
  const hash = await hashPassword('bench password here', PRODUCTION_PASSWORD_HASH_COST);
  const times: number[] = [];
  for (let i = 0; i < 7; i += 1) {
    const started = performance.now();
    await verifyPassword('bench password here', hash, PRODUCTION_PASSWORD_HASH_COST);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const burstStarted = performance.now();
  await Promise.all(
    Array.from({ length: 8 }, () =>
      verifyPassword('bench password here', hash, PRODUCTION_PASSWORD_HASH_COST),
    ),
  );
  return {
    'median ms': Math.round(times[3]!),
    'min ms': Math.round(times[0]!),
    'max ms': Math.round(times[6]!),
    'burst of 8, total ms': Math.round(performance.now() - burstStarted),
    'peak RSS MiB': Math.round(process.memoryUsage().rss / 1024 / 1024),
  };
}

const root = resolve(import.meta.dirname, '../..');
const dist = join(root, 'apps/storefront/dist/client');
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_SECONDS ?? 5);

const ENTRY = 'src/main.tsx';
/** The catalogue pages of "Browsing the catalogue", all rendered on the server. */
const CATALOGUE = {
  Home: '/',
  Components: '/components',
  Subcategory: '/components/marketing/sections/heroes',
  Template: '/templates/catalyst',
} as const;

type Manifest = Record<
  string,
  { file: string; css?: string[]; imports?: string[]; dynamicImports?: string[] }
>;

const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;

/**
 * The files a first load fetches before it can render: each given chunk and its static imports
 * (not its dynamic imports), with the CSS of all of them, each file once.
 */
function firstLoadAssets(keys: string[]): { js: string[]; css: string[] } {
  const seen = new Set<string>();
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
    if (seen.has(key)) return;
    seen.add(key);
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    chunk.css?.forEach((file) => css.add(file));
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return { js: [...js].map((f) => join(dist, f)), css: [...css].map((f) => join(dist, f)) };
}

const kib = (bytes: number) => Number((bytes / 1024).toFixed(1));

const decodeEntities = (text: string) =>
  text
    .replaceAll('&quot;', '"')
    .replaceAll('&#039;', "'")
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

/** The Inertia page object a server-rendered HTML page carries in its `data-page`. */
function inertiaPageOf(html: string): {
  component: string;
  version: string;
  props: Record<string, unknown>;
} {
  const script = html.match(/<script\b[^>]*\bdata-page=["'][^"']*["'][^>]*>([\s\S]*?)<\/script>/);
  const attribute = html.match(/\bdata-page="([^"]*)"/);
  const json = script?.[1] ?? (attribute?.[1] ? decodeEntities(attribute[1]) : undefined);
  if (!json) throw new Error('the page has no data-page');
  const page = JSON.parse(json) as { component?: unknown; version?: unknown; props?: unknown };
  if (typeof page.component !== 'string') throw new Error('data-page has no component');
  return {
    component: page.component,
    version: String(page.version ?? ''),
    props: (page.props ?? {}) as Record<string, unknown>,
  };
}

/** One request before the load: what the route answers, and how big the body is. */
async function probe(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  const body = await response.text();
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    inertia: response.headers.get('x-inertia') === 'true',
    body,
    bytes: Buffer.byteLength(body),
  };
}

type Row = {
  'req/s': number;
  '% of baseline': string;
  'p50 ms': number;
  'p99 ms': number;
  'body KiB': number;
  errors: number;
  'non-2xx': number;
  statuses: string;
};

async function measure(url: string, headers: Record<string, string> = {}): Promise<Row> {
  const first = await probe(url, headers);
  // A short warm-up so the first routes measured don't pay for JIT and caches alone.
  await autocannon({ url, connections, amount: connections * 10, headers });
  const result = await autocannon({ url, connections, duration, headers });
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([code, stat]) => `${code}×${stat.count ?? 0}`)
    .join(' ');
  return {
    'req/s': Math.round(result.requests.average),
    '% of baseline': '',
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'body KiB': kib(first.bytes),
    errors: result.errors,
    'non-2xx': result.non2xx,
    statuses: statuses || `none (probe: ${first.status})`,
  };
}

function printRoutes(title: string, rows: Record<string, Row>, baseline: Row) {
  for (const row of Object.values(rows)) {
    row['% of baseline'] = baseline['req/s']
      ? `${Math.round((row['req/s'] / baseline['req/s']) * 100)}%`
      : 'n/a';
  }
  console.log(`\n${title}`);
  console.table(rows);
  const failing = Object.entries(rows).filter(([, row]) => row.errors || row['non-2xx']);
  for (const [name, row] of failing) {
    console.log(
      `  !! ${name}: ${row.errors} errors, ${row['non-2xx']} non-2xx (${row.statuses}) — its numbers are not comparable`,
    );
  }
}

// `pnpm bench webhooks`: only the webhook fulfilment throughput (no build needed).
if (process.argv.includes('webhooks')) {
  await benchWebhooks();
  process.exit(0);
}
// `pnpm bench registry`: only the shadcn registry's response times (no storefront build needed).
if (process.argv.includes('registry')) {
  await benchRegistry();
  process.exit(0);
}
// `pnpm bench palette | bundles | hydration | lighthouse`: one step alone (issues 15, 26).
if (process.argv.includes('palette')) {
  benchPalette();
  process.exit(0);
}
if (process.argv.includes('bundles')) {
  benchBundles();
  process.exit(0);
}
if (process.argv.includes('hydration')) {
  await benchHydration();
  process.exit(0);
}
if (process.argv.includes('lighthouse')) {
  await benchLighthouse();
  process.exit(0);
}

// `pnpm bench ops`: 1, 2 and 3 instances behind haproxy, and a soak (tests/bench/ops.ts).
if (process.argv.includes('ops')) {
  await benchOps();
  process.exit(0);
}

// `pnpm bench server`: only the server budgets of issue 15 (tests/bench/server.ts).
if (process.argv.includes('server')) {
  await benchServer();
  process.exit(0);
}

const store = await startStore({ LOG_LEVEL: 'error' });
try {
  const entryAssets = firstLoadAssets([ENTRY]);
  const staticAsset = entryAssets.css[0] ?? entryAssets.js[0];
  const staticUrl = `${store.url}/build/${staticAsset?.split('/dist/client/')[1]}`;

  // The asset version comes from a server-rendered page, the way a browser would learn it.
  const pages = Object.fromEntries(
    await Promise.all(
      Object.entries(CATALOGUE).map(async ([name, path]) => {
        const page = await probe(`${store.url}${path}`);
        if (page.status !== 200 || !page.type.includes('text/html')) {
          console.log(`!! GET ${path} answered ${page.status} ${page.type}, not an HTML page`);
        }
        return [name, inertiaPageOf(page.body)] as const;
      }),
    ),
  ) as Record<keyof typeof CATALOGUE, ReturnType<typeof inertiaPageOf>>;
  const version = pages.Subcategory.version;
  const inertia = { 'X-Inertia': 'true', 'X-Inertia-Version': version };
  const check = await probe(`${store.url}${CATALOGUE.Subcategory}`, inertia);
  if (check.status !== 200 || !check.inertia || !check.type.includes('json')) {
    console.log(
      `!! The Inertia request for ${CATALOGUE.Subcategory} with version "${version}" answered ` +
        `${check.status} ${check.type}${check.status === 409 ? ' (version mismatch)' : ''}`,
    );
  }

  const baselineName = 'BASELINE: static file, same server';
  const baseline = await measure(staticUrl);

  const catalogue: Record<string, Row> = { [baselineName]: baseline };
  catalogue['GET / — Home (SSR HTML)'] = await measure(`${store.url}${CATALOGUE.Home}`);
  catalogue['GET /components (SSR HTML)'] = await measure(`${store.url}${CATALOGUE.Components}`);
  catalogue[`GET ${CATALOGUE.Subcategory} (SSR HTML)`] = await measure(
    `${store.url}${CATALOGUE.Subcategory}`,
  );
  catalogue[`GET ${CATALOGUE.Subcategory} (Inertia JSON)`] = await measure(
    `${store.url}${CATALOGUE.Subcategory}`,
    inertia,
  );
  catalogue[`GET ${CATALOGUE.Template} (SSR HTML)`] = await measure(
    `${store.url}${CATALOGUE.Template}`,
  );

  const other: Record<string, Row> = { [baselineName]: baseline };
  other['GET /healthz'] = await measure(`${store.url}/healthz`);
  other['GET / (Inertia JSON)'] = await measure(store.url, inertia);
  other['GET /login (SSR HTML)'] = await measure(`${store.url}/login`);

  console.log(`\n${connections} connections, ${duration} s per route (after a short warm-up).`);
  console.log(
    `Baseline: ${staticUrl.replace(store.url, '')} served by the same process; ` +
      `"% of baseline" is req/s relative to it. Body sizes are uncompressed.`,
  );
  printRoutes('Browsing the catalogue — server response times:', catalogue, baseline);
  printRoutes('Other routes:', other, baseline);

  console.log(`\nSign-in password check (scrypt N=2^${PRODUCTION_PASSWORD_HASH_COST}, r=8, p=1):`);
  console.table({ verify: await signInHashTimes() });

  benchPalette();
  benchBundles();
} finally {
  await store.stop();
}

await benchServer();
await benchWebhooks();
await benchRegistry();
await benchLighthouse();
