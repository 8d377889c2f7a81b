import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../test/browser.ts';
import { testApp } from '../../test/helpers.ts';
import { createUser, uniqueEmail } from '../../test/users.ts';
import { createMetrics, metricsHandler } from './metrics.ts';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

async function serve(handler: RequestListener): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** One sample's value from Prometheus' text format. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (wanted.every((label) => line.includes(label))) return Number(line.split(' ').at(-1));
  }
  return null;
}

async function appWithMetrics() {
  const started = await testApp();
  const metrics = createMetrics({ poolStats: () => started.services.database.poolStats() });
  const { app, services } = await testApp({ metrics, services: started.services });
  return { app, services, metrics, text: () => metrics.registry.metrics() };
}

describe('/metrics', () => {
  it('counts requests by the route that answered, never by the raw URL', async () => {
    const { app, text } = await appWithMetrics();
    await request(app).get('/login').expect(200);
    await request(app).get('/licenses/AAAAA-BBBBB-CCCCC-DDDDD-EEEEE-F');
    for (const junk of ['/wp-admin', '/.env', '/x/y/z?a=1']) await request(app).get(junk);
    const body = await text();
    expect(sample(body, 'tessera_http_requests_total', { route: '/login', status: '200' })).toBe(1);
    expect(sample(body, 'tessera_http_requests_total', { route: '/licenses/:key' })).toBe(1);
    expect(sample(body, 'tessera_http_requests_total', { route: 'unmatched', status: '404' })).toBe(
      3,
    );
    expect(body).not.toContain('AAAAA');
    expect(body).not.toContain('wp-admin');
    expect(sample(body, 'tessera_http_request_duration_seconds_count', { route: '/login' })).toBe(
      1,
    );
    expect(sample(body, 'tessera_db_pool_connections', { state: 'max' })).toBeGreaterThan(0);
  });

  it('counts sign-in failures apart from successes', async () => {
    const { app, services, text } = await appWithMetrics();
    const email = uniqueEmail('metrics');
    await createUser(services, email, 'correct horse battery');
    const browser = new TestBrowser(app);
    await browser.submit('post', '/login', { email, password: 'wrong password!' });
    await browser.submit('post', '/login', {
      email: uniqueEmail('nobody'),
      password: 'x'.repeat(9),
    });
    await browser.submit('post', '/login', { email, password: 'correct horse battery' });
    expect(await browser.signedInAs()).toBe(email);
    const body = await text();
    expect(sample(body, 'tessera_sign_ins_total', { outcome: 'rejected' })).toBe(2);
    expect(sample(body, 'tessera_sign_ins_total', { outcome: 'success' })).toBe(1);
    expect(sample(body, 'tessera_sign_ins_total', { outcome: 'rate_limited' })).toBe(0);
  });

  it('reports the backlog hooks and webhook outcomes others fill', async () => {
    const metrics = createMetrics({
      poolStats: () => ({ total: 3, idle: 1, waiting: 2, max: 10 }),
    });
    metrics.observeQueue('mail', () => ({ depth: 4, oldestAgeSeconds: 12.5 }));
    metrics.observeQueue('webhooks', async () => {
      throw new Error('the database is away');
    });
    metrics.webhookOutcome('sandbox', 'fulfilled');
    metrics.webhookOutcome('sandbox', 'fulfilled');
    metrics.webhookOutcome('sandbox', 'duplicate');
    const body = await metrics.registry.metrics();
    expect(sample(body, 'tessera_queue_depth', { queue: 'mail' })).toBe(4);
    expect(sample(body, 'tessera_queue_oldest_age_seconds', { queue: 'mail' })).toBe(12.5);
    // A queue that cannot be read says so (NaN), rather than an empty backlog.
    expect(sample(body, 'tessera_queue_depth', { queue: 'webhooks' })).toBeNaN();
    expect(
      sample(body, 'tessera_webhook_outcomes_total', { provider: 'sandbox', outcome: 'fulfilled' }),
    ).toBe(2);
    expect(sample(body, 'tessera_db_pool_connections', { state: 'waiting' })).toBe(2);
    expect(sample(body, 'tessera_process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('answers only GET /metrics, and only with the bearer token when one is set', async () => {
    const metrics = createMetrics({ poolStats: () => ({ total: 0, idle: 0, waiting: 0, max: 1 }) });
    const token = 'a-metrics-token-0123456789';
    const url = await serve(metricsHandler(metrics, { token }));
    expect((await fetch(`${url}/metrics`)).status).toBe(404);
    const wrong = await fetch(`${url}/metrics`, { headers: { Authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(404);
    const right = await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${token}` } });
    expect(right.status).toBe(200);
    expect(right.headers.get('content-type')).toContain('text/plain');
    expect(await right.text()).toContain('tessera_http_requests_total');
    const other = await fetch(`${url}/healthz`, { headers: { Authorization: `Bearer ${token}` } });
    expect(other.status).toBe(404);
    const open = await serve(metricsHandler(metrics, {}));
    expect((await fetch(`${open}/metrics`)).status).toBe(200);
  });

  it('is not served on the public port', async () => {
    const { app } = await appWithMetrics();
    expect((await request(app).get('/metrics')).status).toBe(404);
  });
});
