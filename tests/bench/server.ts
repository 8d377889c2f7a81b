// The server half of issue 15's budgets, measured on the built store started as `npm start`
// would (NODE_ENV=production, behind a loopback proxy), seeded with the demo world:
//   - a subcategory's SSR HTML against a static file of the same server (budget ≥ 50%);
//   - the same page for a signed-in owner of its package against a visitor (budget ≤ 2×);
//   - the server's RSS at idle and its peak through a burst of sign-ins (budget < 300 MiB).
// Part of `pnpm bench`; `pnpm bench server` runs it alone. Never pass/fail: the load generator
// shares the machine's cores, so read the ratios, not the absolute numbers.
import autocannon from 'autocannon';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { DEMO_PASSWORD, DEMO_USERS } from '../../apps/server/src/db/seed.ts';
import { startStore, type RunningStore } from '../e2e/support/store.ts';

const SUBCATEGORY = '/components/marketing/sections/heroes';
/** Holds the Marketing package: sees every snippet of the subcategory. */
const OWNER = DEMO_USERS.customer;
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const MIB = 1024 * 1024;

/** VmRSS (now) and VmHWM (the peak since start) of a process, in MiB. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1]);
  return {
    rss: Math.round((kib('VmRSS') * 1024) / MIB),
    peak: Math.round((kib('VmHWM') * 1024) / MIB),
  };
}

function cookiesOf(response: Response, jar: Map<string, string>) {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair!.indexOf('=');
    jar.set(pair!.slice(0, at), pair!.slice(at + 1));
  }
}

const cookieHeader = (jar: Map<string, string>) =>
  [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

/** Signs `email` in the way the login form does (CSRF cookie echoed in the header). */
async function signIn(store: RunningStore, email: string, forwardedFor = '127.0.0.1') {
  const jar = new Map<string, string>();
  const headers = { 'X-Forwarded-For': forwardedFor };
  cookiesOf(await fetch(`${store.url}/login`, { headers }), jar);
  const response = await fetch(`${store.url}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      ...headers,
      'Content-Type': 'application/x-www-form-urlencoded',
      Cookie: cookieHeader(jar),
      'X-XSRF-TOKEN': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
    },
    body: new URLSearchParams({ email, password: DEMO_PASSWORD }).toString(),
  });
  cookiesOf(response, jar);
  const location = response.headers.get('location') ?? '';
  if (response.status !== 302 && response.status !== 303) {
    throw new Error(`sign-in of ${email} answered ${response.status}`);
  }
  if (location.endsWith('/login')) throw new Error(`sign-in of ${email} was refused`);
  return cookieHeader(jar);
}

type Row = {
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  'body KiB': number;
  'wire KiB': number;
  'non-2xx': number;
  'req/s per round'?: string;
};

async function measure(url: string, headers: Record<string, string> = {}): Promise<Row> {
  const plain = await fetch(url, { headers: { ...headers, 'Accept-Encoding': 'identity' } });
  const body = Buffer.from(await plain.arrayBuffer()).length;
  // `fetch` decodes; ask with node:http semantics through autocannon for the wire size below.
  await autocannon({ url, connections, amount: connections * 10, headers });
  const result = await autocannon({ url, connections, duration, headers });
  return {
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'body KiB': Number((body / 1024).toFixed(1)),
    'wire KiB': Number(
      (result.throughput.total / Math.max(1, result.requests.total) / 1024).toFixed(1),
    ),
    'non-2xx': result.non2xx,
  };
}

/** A burst of sign-ins from many addresses (each a real scrypt check), all at once. */
async function signInBurst(store: RunningStore, size: number) {
  const accounts = Object.values(DEMO_USERS);
  const started = performance.now();
  const results = await Promise.allSettled(
    Array.from({ length: size }, (_, i) =>
      signIn(store, accounts[i % accounts.length]!, `198.51.100.${(i % 250) + 1}`),
    ),
  );
  return {
    ms: Math.round(performance.now() - started),
    failed: results.filter((result) => result.status === 'rejected').length,
  };
}

export async function benchServer() {
  const store = await startStore({ LOG_LEVEL: 'warn', TRUST_PROXY: 'loopback' }, { seed: true });
  try {
    // In production the content pages are highlighted at start, on the main thread: let that
    // finish, or a pooled keep-alive socket from the health polling meets the server's
    // keep-alive timeout late and is reset under the first request.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    // The browser's way: a compressed response when it offers one.
    const browser = { 'Accept-Encoding': 'br, gzip, deflate' };
    const home = await (await fetch(store.url)).text();
    const asset = /<link rel="stylesheet" href="([^"]+)"/.exec(home)?.[1];
    if (!asset) throw new Error('the home page links no stylesheet');
    await fetch(`${store.url}${SUBCATEGORY}`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idle = memoryOf(store.pid);

    const ownerCookie = await signIn(store, OWNER);
    const routes: Record<string, [string, Record<string, string>]> = {
      [`static file ${asset}`]: [`${store.url}${asset}`, browser],
      'subcategory, visitor (SSR HTML)': [`${store.url}${SUBCATEGORY}`, browser],
      'subcategory, owner (SSR HTML)': [
        `${store.url}${SUBCATEGORY}`,
        { ...browser, Cookie: ownerCookie },
      ],
    };
    // Interleaved rounds, the median of each: the machine's other load moves from one second
    // to the next, and a single pass would credit or blame whichever route it landed on.
    const runs: Record<string, Row[]> = {};
    for (let round = 0; round < rounds; round += 1) {
      for (const [name, [url, headers]] of Object.entries(routes)) {
        (runs[name] ??= []).push(await measure(url, headers));
      }
    }
    const rows: Record<string, Row> = {};
    for (const [name, measured] of Object.entries(runs)) {
      const sorted = [...measured].sort((a, b) => a['req/s'] - b['req/s']);
      rows[name] = {
        ...sorted[Math.floor(sorted.length / 2)]!,
        'req/s per round': measured.map((row) => row['req/s']).join(' / '),
      };
    }
    const afterLoad = memoryOf(store.pid);
    // Linux: "5" resets the peak (VmHWM) to the current RSS, so the burst's own peak is read.
    writeFileSync(`/proc/${store.pid}/clear_refs`, '5');
    const burst = await signInBurst(store, 30);
    const afterBurst = memoryOf(store.pid);
    // Each scrypt check holds 128 MiB (N = 2^17, r = 8); passwords.ts runs at most this many.
    const scryptAtOnce = Math.max(1, Math.min(os.availableParallelism(), 4));
    const burstBound = afterLoad.rss + 128 * scryptAtOnce + 64;

    const staticRps = rows[`static file ${asset}`]!['req/s'];
    const visitorRps = rows['subcategory, visitor (SSR HTML)']!['req/s'];
    const ownerRps = rows['subcategory, owner (SSR HTML)']!['req/s'];
    console.log(
      `\nServer (issue 15): ${connections} connections, ${duration} s per route, median of ${rounds} interleaved rounds, Accept-Encoding: br, gzip; NODE_ENV=production, behind a loopback proxy.`,
    );
    console.table(rows);
    const pct = (value: number) => `${Math.round(value * 100)}%`;
    console.table({
      'subcategory SSR HTML ÷ static file': {
        budget: '≥ 50%',
        measured: pct(visitorRps / staticRps),
        met: visitorRps / staticRps >= 0.5 ? 'yes' : 'NO',
      },
      'visitor ÷ owner req/s (subcategory)': {
        budget: '≤ 2×',
        measured: `${(visitorRps / ownerRps).toFixed(2)}×`,
        met: visitorRps / ownerRps <= 2 ? 'yes' : 'NO',
      },
      'RSS at idle': {
        budget: '< 300 MiB',
        measured: `${idle.rss} MiB`,
        met: idle.rss < 300 ? 'yes' : 'NO',
      },
      'RSS peak under load (the rounds above)': {
        budget: 'reported',
        measured: `${afterLoad.peak} MiB (${afterLoad.rss} MiB after)`,
        met: '',
      },
      'RSS peak through a burst of 30 sign-ins': {
        budget: `bounded: ≤ ${burstBound} MiB (before + 128 MiB × ${scryptAtOnce} scrypt + 64)`,
        measured: `${afterBurst.peak} MiB (${afterBurst.rss} MiB after; ${burst.ms} ms, ${burst.failed} refused)`,
        met: afterBurst.peak <= burstBound ? 'yes' : 'NO',
      },
    });
  } catch (error) {
    console.log(`!! the server bench failed; the store said:\n${store.output().slice(-4000)}`);
    throw error;
  } finally {
    await store.stop();
  }
}
