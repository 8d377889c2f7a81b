import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../test/browser.ts';
import { captureLogger, INERTIA, testApp, testConfig } from '../../test/helpers.ts';
import { TEST_DATABASE, TEST_REDIS_URL, testServicesEnv } from '../../test/services.ts';
import { stallProxy, type StallProxy } from '../../test/stall-proxy.ts';
import { createUser, uniqueEmail } from '../../test/users.ts';
import { createServices, type Services } from '../services.ts';

// Outages of stores that really stop: a Redis of this file's own (the machine's shared one is
// never touched) and PostgreSQL behind a relay that can stall or refuse like a stopped server.

const PASSWORD = 'correct horse battery staple';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A redis-server of our own that can be paused, stopped (saving its data) and started again. */
class OwnRedis {
  readonly dir = mkdtempSync(path.join(tmpdir(), 'tessera-redis-'));
  readonly port: number;
  constructor(port: number) {
    this.port = port;
  }
  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }
  start() {
    execFileSync('redis-server', [
      ...['--port', String(this.port), '--bind', '127.0.0.1', '--dir', this.dir],
      ...['--save', '', '--daemonize', 'yes', '--logfile', path.join(this.dir, 'log')],
    ]);
  }
  async waitReady() {
    for (let i = 0; i < 100; i += 1) {
      try {
        execFileSync('redis-cli', ['-p', String(this.port), 'ping'], { stdio: 'pipe' });
        return;
      } catch {
        await sleep(50);
      }
    }
    throw new Error('redis-server did not start');
  }
  /** Stops it the way an operator's restart does: the data is written and read back on start. */
  stop() {
    execFileSync('redis-cli', ['-p', String(this.port), 'shutdown', 'save'], { stdio: 'pipe' });
  }
  async pause(ms: number) {
    const client = new Redis(this.url);
    await client.call('CLIENT', 'PAUSE', String(ms), 'ALL');
    client.disconnect();
  }
  remove() {
    try {
      this.stop();
    } catch {
      // already stopped
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

async function signedIn(app: Parameters<typeof request>[0] & object, email: string) {
  const browser = new TestBrowser(app as never);
  const response = await browser.submit('post', '/login', { email, password: PASSWORD });
  expect(response.status).toBe(302);
  expect(await browser.signedInAs()).toBe(email);
  return browser;
}

describe(`a Redis outage keeps every session (${TEST_DATABASE})`, () => {
  let redis: OwnRedis;
  let services: Services | undefined;
  beforeAll(async () => {
    redis = new OwnRedis(await freePort());
    redis.start();
    await redis.waitReady();
  });
  afterAll(async () => {
    await services?.close();
    redis.remove();
  });

  it('a blip or a restart answers 503 meanwhile, and the person is still signed in after', async () => {
    // Services of this test's own, closed before its Redis goes.
    const config = testConfig({
      ...(await testServicesEnv()),
      REDIS_URL: redis.url,
      STORE_TIMEOUT_MS: '250',
    });
    services = await createServices(config, captureLogger().logger);
    const { app } = await testApp({ config, services });
    const email = uniqueEmail();
    await createUser(services, email, PASSWORD);
    const browser = await signedIn(app, email);

    // A blip: Redis holds every command for 1.5 s.
    await redis.pause(1500);
    const during = await browser.visit('/account-settings');
    expect(during.status).toBe(503);
    expect(during.headers['retry-after']).toBe('30');
    await sleep(1800);
    expect(await browser.signedInAs()).toBe(email);

    // A stop and a start: requests meanwhile fail fast, and the session outlives it.
    redis.stop();
    for (const url of ['/account-settings', '/']) {
      const stopped = await browser.visit(url);
      expect(stopped.status).toBe(503);
    }
    const signIn = await new TestBrowser(app).submit('post', '/login', {
      email,
      password: PASSWORD,
    });
    expect(signIn.status).toBe(503);
    redis.start();
    await redis.waitReady();
    let back: string | null = null;
    for (let i = 0; i < 40 && back === null; i += 1) {
      await sleep(250);
      back = await browser.signedInAs().catch(() => null);
    }
    expect(back).toBe(email);
    expect((await browser.visit('/account-settings')).status).toBe(200);
  }, 30_000);
});

describe.runIf(TEST_DATABASE === 'postgres')(
  'a stalled or stopped PostgreSQL gives the 503 page, never a 500, and costs nobody a sign-in',
  () => {
    let proxy: StallProxy;
    afterAll(async () => {
      proxy.resume();
      await proxy.close();
    });

    async function appThroughRelay() {
      const env = await testServicesEnv();
      const target = new URL(env.DATABASE_URL!);
      proxy = await stallProxy(target.hostname, Number(target.port));
      return testApp({
        env: {
          DATABASE_URL: proxy.url(env.DATABASE_URL!),
          // The production shape: sessions and sign-in limits in Redis, which stays up.
          REDIS_URL: TEST_REDIS_URL,
          DB_STATEMENT_TIMEOUT_MS: '300',
          DB_LOCK_TIMEOUT_MS: '200',
          DB_ACQUIRE_TIMEOUT_MS: '300',
        },
      });
    }

    it('pages, sign-in and checkout answer 503 with Retry-After; the account is not locked after', async () => {
      const { app, services, lines } = await appThroughRelay();
      const email = uniqueEmail();
      await createUser(services, email, PASSWORD);
      const browser = await signedIn(app, email);
      const visitor = new TestBrowser(app);
      await visitor.visit('/');

      for (const outage of ['stall', 'stop'] as const) {
        if (outage === 'stall') proxy.stall();
        else await proxy.stop();

        const page = await browser.visit('/account-settings');
        expect(page.status, `${outage}: a signed-in page`).toBe(503);
        expect(page.headers['retry-after']).toBe('30');
        expect(page.body).toMatchObject({ component: 'ErrorPage', props: { status: 503 } });

        const html = await request(app).get('/checkout/marketing').set('Accept', 'text/html');
        expect(html.status, `${outage}: checkout`).toBe(503);
        expect(html.headers['retry-after']).toBe('30');
        expect(html.text).toContain('cannot reach its database');

        // More failed sign-ins than both limits allow (5 per address, 10 per account).
        for (let i = 0; i < 12; i += 1) {
          const attempt = await visitor.submit('post', '/login', { email, password: PASSWORD });
          expect(attempt.status, `${outage}: sign-in ${i}`).toBe(503);
          expect(attempt.headers['retry-after']).toBe('30');
        }
        proxy.resume();
        await sleep(200);

        // Back: still signed in, and the account signs in at once (no 429 from the outage).
        let page2 = await browser.visit('/account-settings');
        for (let i = 0; i < 20 && page2.status !== 200; i += 1) {
          await sleep(200);
          page2 = await browser.visit('/account-settings');
        }
        expect(page2.status).toBe(200);
        const again = await new TestBrowser(app).submit('post', '/login', {
          email,
          password: PASSWORD,
        });
        expect(again.status, `${outage}: sign-in after the outage`).toBe(302);
      }
      expect(lines.some((line) => line.msg === 'Unhandled error')).toBe(false);
      const json = await request(app).get('/healthz').set(INERTIA);
      expect(json.status).toBe(200);
    }, 120_000);
  },
);
