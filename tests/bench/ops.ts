// `pnpm bench ops`: the store behind haproxy (tests/ops/cluster.ts) with 1, 2 and 3 instances:
// throughput and latency through the balancer, what readiness says during the burst (busy is
// not down), then a soak on 3 instances with each one's memory over time. Needs a build
// (`pnpm build`) and haproxy. The load generator shares the machine's cores with the instances:
// compare the rows of one run, not numbers across machines.
import autocannon from 'autocannon';
import { Cluster, currentRelease, sleep } from '../ops/cluster.ts';

const DURATION = Number(process.env.BENCH_OPS_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_OPS_CONNECTIONS ?? 50);
const SOAK_SECONDS = Number(process.env.BENCH_OPS_SOAK_SECONDS ?? 120);
const SAMPLE_EVERY_MS = 10_000;

/** A visitor's mix: a server-rendered page, an Inertia visit, a static asset. */
function requests(version: string) {
  return [
    { method: 'GET' as const, path: '/components', headers: { Accept: 'text/html' } },
    {
      method: 'GET' as const,
      path: '/all-access',
      headers: { 'X-Inertia': 'true', 'X-Inertia-Version': version },
    },
    { method: 'GET' as const, path: '/login', headers: { Accept: 'text/html' } },
  ];
}

async function assetVersion(url: string): Promise<string> {
  // The version a browser learns from a server-rendered page; asked until one answers with it.
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const response = await fetch(`${url}/login`, { headers: { Accept: 'text/html' } });
    const html = await response.text();
    const page = /<script data-page="app" type="application\/json">([\s\S]*?)<\/script/.exec(html);
    const version = page ? (JSON.parse(page[1]!) as { version?: string }).version : undefined;
    if (version) return version;
    await sleep(200);
  }
  throw new Error(`${url}/login never answered with a page version`);
}

/** Readiness asked every second while the load runs, and how many instances haproxy kept. */
async function readinessDuring(cluster: Cluster, running: () => boolean) {
  const url = `http://127.0.0.1:${cluster.instances[0]!.port}`;
  const answers = { ok: 0, busy: 0, down: 0, fewestInRotation: cluster.instances.length };
  while (running()) {
    const up = await cluster.upInBalancer().catch(() => []);
    answers.fewestInRotation = Math.min(answers.fewestInRotation, up.length);
    try {
      const body = (await (await fetch(`${url}/healthz`)).json()) as { database?: string };
      if (body.database === 'busy') answers.busy += 1;
      else if (body.database === 'ok') answers.ok += 1;
      else answers.down += 1;
    } catch {
      answers.down += 1;
    }
    await sleep(1000);
  }
  return answers;
}

export async function benchOps() {
  const release = currentRelease();
  const rows: Record<string, Record<string, number | string>> = {};
  for (const instances of [1, 2, 3]) {
    const cluster = await Cluster.start(release, { instances, env: { LOG_LEVEL: 'error' } });
    try {
      const version = await assetVersion(cluster.url);
      const options = { url: cluster.url, connections: CONNECTIONS, requests: requests(version) };
      await autocannon({ ...options, amount: CONNECTIONS * 20 });
      let running = true;
      // Readiness of one instance, asked directly, as the balancer's check does.
      const readiness = readinessDuring(cluster, () => running);
      const result = await autocannon({ ...options, duration: DURATION });
      running = false;
      const ready = await readiness;
      rows[`${instances} instance${instances > 1 ? 's' : ''}`] = {
        'req/s': Math.round(result.requests.average),
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        'non-2xx': result.non2xx,
        // Which answers were not 2xx (haproxy's 503: no instance in rotation).
        codes: Object.entries(result.statusCodeStats ?? {})
          .filter(([code]) => !code.startsWith('2'))
          .map(([code, stats]) => `${code}×${stats.count}`)
          .join(' '),
        errors: result.errors,
        'readiness ok/busy/down': `${ready.ok}/${ready.busy}/${ready.down}`,
        'fewest in rotation': ready.fewestInRotation,
      };
    } finally {
      await cluster.close();
    }
  }
  console.log(`\nThrough haproxy, ${CONNECTIONS} connections, ${DURATION} s each:`);
  console.table(rows);

  const cluster = await Cluster.start(release, { instances: 3, env: { LOG_LEVEL: 'error' } });
  try {
    const version = await assetVersion(cluster.url);
    const memory: Record<string, Record<string, number>> = {};
    const sample = (label: string) => {
      const now = cluster.memory();
      memory[label] = Object.fromEntries(
        Object.entries(now).map(([name, kb]) => [`${name} MiB`, Math.round(kb / 1024)]),
      );
    };
    sample('idle');
    const started = Date.now();
    let done = false;
    // autocannon answers with a thenable: make it a promise.
    const soak = Promise.resolve(
      autocannon({
        url: cluster.url,
        connections: Math.max(4, Math.round(CONNECTIONS / 5)),
        requests: requests(version),
        duration: SOAK_SECONDS,
      }),
    ).finally(() => (done = true));
    while (!done) {
      await sleep(SAMPLE_EVERY_MS);
      if (!done) sample(`${Math.round((Date.now() - started) / 1000)} s`);
    }
    const result = await soak;
    sample('after');
    console.log(
      `\nSoak: ${SOAK_SECONDS} s on 3 instances, ${result.requests.total} requests, ${result.non2xx} non-2xx, ${result.errors} errors; resident memory per instance:`,
    );
    console.table(memory);
  } finally {
    await cluster.close();
  }
}
