import { timingSafeEqual, createHash } from 'node:crypto';
import type { RequestListener } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from '../db/database.ts';

/**
 * What an operator reads of one instance, in Prometheus' text format (decision 037), on a
 * listener of its own (`METRICS_PORT`), never the public port: route names, volumes and
 * failure counts are not for visitors.
 *
 * Labels are bounded: a request is named by the route that answered it (`/licenses/:key`, never
 * the key), by `/build/*` for the client's files, `static` for other files and `unmatched` for
 * everything no route took, so a scan of made-up URLs cannot grow the series.
 */

export type SignInOutcome = 'success' | 'rejected' | 'rate_limited' | 'unavailable';

/** A job queue's backlog (mail, webhook deliveries): filled by whoever owns the queue. */
export interface QueueSnapshot {
  depth: number;
  /** Age of the oldest job still due, in seconds (0 when empty). */
  oldestAgeSeconds: number;
}

export interface Metrics {
  registry: Registry;
  /** Per-request counters and latency; mount first, before any router. */
  middleware: RequestHandler;
  /** Reports the queue's backlog at every scrape (`tessera_queue_depth`, `_oldest_age_seconds`). */
  observeQueue(queue: string, snapshot: () => QueueSnapshot | Promise<QueueSnapshot>): void;
  /** One webhook handled: `outcome` is e.g. fulfilled, duplicate, rejected, failed. */
  webhookOutcome(provider: string, outcome: string): void;
  signIn(outcome: SignInOutcome): void;
}

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function routeLabel(req: Request, res: Response): string {
  const route = (req as Request & { route?: { path?: unknown } }).route;
  if (route && typeof route.path === 'string') return `${req.baseUrl}${route.path}`;
  if (req.originalUrl.startsWith('/build/')) return '/build/*';
  if (res.statusCode === 404) return 'unmatched';
  return 'static';
}

/**
 * How a sign-in ended, read from the login route's answer: back to /login with an error is a
 * rejected attempt (wrong password, unknown account, bad input), 429 a refused one, 5xx ours.
 */
function signInOutcome(res: Response): SignInOutcome {
  if (res.statusCode === 429) return 'rate_limited';
  if (res.statusCode >= 500) return 'unavailable';
  const location = String(res.getHeader('Location') ?? '');
  const backToLogin = /^(https?:\/\/[^/]+)?\/login(\?|$)/.test(location);
  if (res.statusCode >= 300 && res.statusCode < 400 && !backToLogin) return 'success';
  return 'rejected';
}

export function createMetrics(options: { poolStats: () => PoolStats }): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'tessera_' });

  const requests = new Counter({
    name: 'tessera_http_requests_total',
    help: 'HTTP requests answered, by route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'tessera_http_request_duration_seconds',
    help: 'Time from request to the last byte of the response',
    labelNames: ['method', 'route'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const signIns = new Counter({
    name: 'tessera_sign_ins_total',
    help: 'Sign-in attempts by outcome (rejected: wrong credentials or input)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  for (const outcome of ['success', 'rejected', 'rate_limited', 'unavailable'] as const) {
    signIns.inc({ outcome }, 0);
  }
  const webhooks = new Counter({
    name: 'tessera_webhook_outcomes_total',
    help: 'Payment webhooks handled, by provider and outcome',
    labelNames: ['provider', 'outcome'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'tessera_db_pool_connections',
    help: 'Database connections by state (waiting: requests queued for one)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = options.poolStats();
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
      this.set({ state: 'max' }, stats.max);
    },
  });
  const queues = new Map<string, () => QueueSnapshot | Promise<QueueSnapshot>>();
  const snapshots = async () =>
    Promise.all(
      [...queues].map(async ([queue, snapshot]) => {
        try {
          return { queue, ...(await snapshot()) };
        } catch {
          return { queue, depth: Number.NaN, oldestAgeSeconds: Number.NaN };
        }
      }),
    );
  new Gauge({
    name: 'tessera_queue_depth',
    help: 'Jobs due or running, by queue',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      for (const { queue, depth } of await snapshots()) this.set({ queue }, depth);
    },
  });
  new Gauge({
    name: 'tessera_queue_oldest_age_seconds',
    help: 'Age of the oldest job still due, by queue',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      for (const { queue, oldestAgeSeconds } of await snapshots()) {
        this.set({ queue }, oldestAgeSeconds);
      }
    },
  });

  const signIn = (outcome: SignInOutcome) => signIns.inc({ outcome });
  return {
    registry,
    middleware(req, res, next) {
      const started = process.hrtime.bigint();
      res.on('finish', () => {
        const route = routeLabel(req, res);
        const method = req.method;
        requests.inc({ method, route, status: String(res.statusCode) });
        duration.observe({ method, route }, Number(process.hrtime.bigint() - started) / 1e9);
        if (method === 'POST' && route === '/login') signIn(signInOutcome(res));
      });
      next();
    },
    observeQueue(queue, snapshot) {
      queues.set(queue, snapshot);
    },
    webhookOutcome(provider, outcome) {
      webhooks.inc({ provider, outcome });
    },
    signIn,
  };
}

function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * `GET /metrics` on its own listener. With a token, only `Authorization: Bearer <token>` gets
 * an answer; anything else is a 404, as is every other path.
 */
export function metricsHandler(
  metrics: Metrics,
  options: { token?: string | undefined },
): RequestListener {
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://metrics');
    const authorization = req.headers.authorization ?? '';
    const allowed =
      !options.token ||
      (authorization.startsWith('Bearer ') && sameToken(authorization.slice(7), options.token));
    if (req.method !== 'GET' || url.pathname !== '/metrics' || !allowed) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'Content-Type': metrics.registry.contentType }).end(text);
      },
      () => {
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Unavailable\n');
      },
    );
  };
}
