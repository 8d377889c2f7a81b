// `pnpm bench`: throughput and latency of the built store, per route, against a static file
// served by the same process as a baseline, plus first-load bundle sizes. Never pass/fail:
// the load generator shares the machine's cores, so compare ratios within one run.
import autocannon from 'autocannon';
import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startStore } from '../e2e/support/store.ts';
import { PRODUCTION_PASSWORD_HASH_COST } from '../../apps/server/src/config.ts';
import { hashPassword, verifyPassword } from '../../apps/server/src/modules/auth/passwords.ts';

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
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_SECONDS ?? 5);

type Manifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;

function firstLoadAssets(): { js: string[]; css: string[] } {
  const dist = join(root, 'apps/storefront/dist/client');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    chunk.css?.forEach((file) => css.add(file));
    chunk.imports?.forEach(visit);
  };
  visit('src/main.tsx');
  return { js: [...js].map((f) => join(dist, f)), css: [...css].map((f) => join(dist, f)) };
}

function sizes(files: string[]) {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    raw += statSync(file).size;
    gzip += gzipSync(readFileSync(file)).length;
  }
  return `${(raw / 1024).toFixed(1)} KiB (${(gzip / 1024).toFixed(1)} KiB gzip)`;
}

async function measure(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections, duration, headers });
  return {
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

const store = await startStore({ LOG_LEVEL: 'error' });
try {
  const assets = firstLoadAssets();
  const staticAsset = assets.css[0] ?? assets.js[0];
  const staticUrl = `${store.url}/build/${staticAsset?.split('/dist/client/')[1]}`;
  const version = (await (await fetch(store.url, { headers: { 'X-Inertia': 'true' } })).json())
    .version as string;
  const inertia = { 'X-Inertia': 'true', 'X-Inertia-Version': version };

  const rows: Record<string, Awaited<ReturnType<typeof measure>>> = {};
  rows['static file (baseline)'] = await measure(staticUrl);
  rows['GET /healthz'] = await measure(`${store.url}/healthz`);
  rows['GET / (SSR HTML)'] = await measure(store.url);
  rows['GET / (Inertia JSON)'] = await measure(store.url, inertia);
  rows['GET /login (SSR HTML)'] = await measure(`${store.url}/login`);

  console.log(`\n${connections} connections, ${duration} s per route`);
  console.table(rows);
  console.log(`\nSign-in password check (scrypt N=2^${PRODUCTION_PASSWORD_HASH_COST}, r=8, p=1):`);
  console.table({ verify: await signInHashTimes() });
  console.log('\nFirst-load assets (every page today shares one entry):');
  console.table({ JavaScript: sizes(assets.js), CSS: sizes(assets.css) });
} finally {
  await store.stop();
}
