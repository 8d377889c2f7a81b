import { Redis } from 'ioredis';
import { once } from 'node:events';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/sign-in.ts';
import { TestBrowser } from '../../test/browser.ts';
import { INERTIA, pageFrom, pageFromHtml, testApp } from '../../test/helpers.ts';
import { TEST_DATABASE, TEST_REDIS_URL, TEST_SESSION_STORE } from '../../test/services.ts';
import { createUser, uniqueEmail } from '../../test/users.ts';
import { openDatabase } from '../db/database.ts';
import { boundedLimiter, checkHealth, type Services } from '../services.ts';
import { ServiceUnavailableError } from './errors.ts';
import { createRateLimiter, SIGN_IN_LIMIT } from './rate-limit.ts';
import { BoundedSessionStore } from './session/bounded-session-store.ts';
import { RedisSessionStore } from './session/redis-session-store.ts';
import { withStoreTimeout } from './store-timeout.ts';

const TIMEOUT_MS = 200;
const PASSWORD = 'correct horse battery staple';

const clients: Redis[] = [];
const silent = createServer((socket) => sockets.push(socket));
const sockets: Socket[] = [];
afterAll(() => {
  for (const client of clients) client.disconnect();
  for (const socket of sockets) socket.destroy();
  silent.close();
});

/** Accepts the connection and never answers: a Redis behind a cut network link. */
async function silentRedis(): Promise<Redis> {
  if (!silent.listening) {
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
  }
  const { port } = silent.address() as AddressInfo;
  const client = new Redis(`redis://127.0.0.1:${port}`, {
    lazyConnect: true,
    maxRetriesPerRequest: 2,
  });
  client.on('error', () => undefined);
  clients.push(client);
  return client;
}

/** Nothing listens on port 1: the client retries and queues, as when Redis is cut at run time. */
function deadPortRedis(): Redis {
  const client = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 2 });
  client.on('error', () => undefined);
  clients.push(client);
  return client;
}

/** A client that was connected, then its connection stopped (the machine's Redis keeps running). */
async function stoppedRedis(): Promise<Redis> {
  const client = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
  client.on('error', () => undefined);
  await client.connect();
  await client.ping();
  client.disconnect();
  clients.push(client);
  return client;
}

/** The file's services with the session store and the limiters on a Redis that does not answer. */
async function withRedis(services: Services, redis: Redis): Promise<Services> {
  const sessionStore = new BoundedSessionStore(new RedisSessionStore(redis), TIMEOUT_MS);
  const backend = { kind: 'redis' as const, redis, prefix: 'tessera-dead:' };
  const limiter = async () =>
    boundedLimiter(await createRateLimiter(backend, SIGN_IN_LIMIT), TIMEOUT_MS);
  return {
    ...services,
    sessionStore,
    limiters: {
      signIn: await limiter(),
      signInAccount: await limiter(),
      passwordReset: await limiter(),
      passwordCheck: await limiter(),
      secondFactor: await limiter(),
      pageViews: await limiter(),
      secretGuesses: await limiter(),
      purchaseStatus: await limiter(),
      registryTokens: await limiter(),
      downloads: await limiter(),
      licenseApiAddress: await limiter(),
      licenseApiKey: await limiter(),
      componentCopies: await limiter(),
    },
    health: () => checkHealth(services.database, sessionStore, TIMEOUT_MS),
  };
}

async function signedInCookie() {
  const healthy = await testApp();
  const email = uniqueEmail();
  await createUser(healthy.services, email, PASSWORD);
  const browser = await signIn(healthy.app, email, PASSWORD, { confirm: true });
  return { healthy, browser };
}

const outages = [
  ['Redis on a dead port', deadPortRedis] as const,
  ['a Redis that never answers', silentRedis] as const,
  ...(TEST_SESSION_STORE === 'redis'
    ? ([['a stopped Redis connection', stoppedRedis]] as const)
    : []),
];

describe.each(outages)(
  `with %s, requests fail fast with a 503 (${TEST_DATABASE})`,
  (_name, makeRedis) => {
    it('a signed-in page answers the maintenance page, to a document and an Inertia visit', async () => {
      const { healthy, browser } = await signedInCookie();
      const broken = await testApp({
        services: await withRedis(healthy.services, await makeRedis()),
      });
      const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

      // The session store fails before the session exists: the ErrorPage comes in the chrome a
      // visitor sees, which needs no store.
      const html = await request(broken.app)
        .get('/account-settings')
        .set('Cookie', cookie)
        .set('Accept', 'text/html');
      expect(html.status).toBe(503);
      expect(html.headers['retry-after']).toBe('30');
      const document = pageFromHtml(html.text);
      expect(document).toMatchObject({
        component: 'ErrorPage',
        props: { status: 503, retryAfterSeconds: 30, auth: null },
      });
      expect(document.props.message).toMatch(/cannot reach its session store/);
      // The palette still works without the stores: its document needs neither.
      const palette = await request(broken.app).get(document.props.commandPaletteUrl as string);
      expect(palette.status).toBe(200);
      expect(palette.body).not.toHaveLength(0);

      const json = await request(broken.app)
        .get('/account-settings')
        .set(INERTIA)
        .set('X-Inertia-Version', '')
        .set('Cookie', cookie);
      expect(json.status).toBe(503);
      expect(json.headers['retry-after']).toBe('30');
      expect(json.headers['x-inertia']).toBe('true');
      expect(pageFrom(json)).toMatchObject({
        component: 'ErrorPage',
        url: '/account-settings',
        props: { status: 503, retryAfterSeconds: 30, auth: null },
      });
      expect(broken.lines.some((line) => line.msg === 'Unavailable')).toBe(true);
      expect(broken.lines.some((line) => line.msg === 'Unhandled error')).toBe(false);
    });

    it('signing in answers 503 instead of hanging on the limiter', async () => {
      const { healthy } = await signedInCookie();
      const broken = await testApp({
        services: await withRedis(healthy.services, await makeRedis()),
      });
      const visitor = new TestBrowser(broken.app);
      const response = await visitor.submit('post', '/login', {
        email: 'ada@example.com',
        password: PASSWORD,
      });
      expect(response.status).toBe(503);
    });

    it('/healthz answers 503 naming the session store', async () => {
      const { healthy } = await signedInCookie();
      const broken = await testApp({
        services: await withRedis(healthy.services, await makeRedis()),
      });
      const response = await request(broken.app).get('/healthz');
      expect(response.status).toBe(503);
      expect(response.body).toEqual({
        status: 'unavailable',
        database: 'ok',
        sessionStore: 'down',
      });
    });
  },
);

describe(`with the database down (${TEST_DATABASE}, ${TEST_SESSION_STORE} sessions)`, () => {
  it('/healthz answers 503 naming the database', async () => {
    const { app, services } = await testApp();
    const dead =
      TEST_DATABASE === 'postgres'
        ? openDatabase({ databaseUrl: 'postgres://root@127.0.0.1:1/tessera', sqliteFile: '' })
        : openDatabase({ sqliteFile: ':memory:' });
    if (dead.raw.engine === 'sqlite') dead.raw.sqlite.close();
    const broken = await testApp({
      services: { ...services, health: () => checkHealth(dead, services.sessionStore, TIMEOUT_MS) },
    });
    expect((await request(app).get('/healthz')).status).toBe(200);
    const response = await request(broken.app).get('/healthz');
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({ status: 'unavailable', database: 'down' });
    if (dead.raw.engine === 'postgres') await dead.close();
  });

  it('the readiness check reports the database session store down with its database', async () => {
    const dead = openDatabase({ sqliteFile: ':memory:' });
    const { DatabaseSessionStore } = await import('./session/database-session-store.ts');
    const store = new BoundedSessionStore(new DatabaseSessionStore(dead.db), TIMEOUT_MS);
    if (dead.raw.engine === 'sqlite') dead.raw.sqlite.close();
    expect(await checkHealth(dead, store, TIMEOUT_MS)).toEqual({
      ok: false,
      checks: { database: 'down', sessionStore: 'down' },
    });
  });
});

describe('a bounded store call', () => {
  it('gives the answer, or a ServiceUnavailableError when the store fails or never answers', async () => {
    expect(await withStoreTimeout('Store', 50, async () => 'answer')).toBe('answer');
    const failed = withStoreTimeout('Store', 50, () => Promise.reject(new Error('ECONNREFUSED')));
    await expect(failed).rejects.toBeInstanceOf(ServiceUnavailableError);
    await expect(failed).rejects.toMatchObject({ status: 503, cause: new Error('ECONNREFUSED') });
    const hung = withStoreTimeout('Store', 50, () => new Promise<never>(() => undefined));
    await expect(hung).rejects.toBeInstanceOf(ServiceUnavailableError);
    await expect(hung).rejects.toMatchObject({
      cause: new Error('Store did not answer within 50 ms'),
    });
  });
});
