import type session from 'express-session';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../test/browser.ts';
import { INERTIA, testApp } from '../../../test/helpers.ts';
import { TEST_DATABASE, TEST_SESSION_STORE } from '../../../test/services.ts';
import { createUser, uniqueEmail } from '../../../test/users.ts';
import { ServiceUnavailableError } from '../../http/errors.ts';
import { PAGE_VIEW_LIMIT } from '../../http/rate-limit.ts';
import { AppSessionStore, type UserSessionsSummary } from '../../http/session/session-store.ts';

type Store = Awaited<ReturnType<typeof testApp>>;

let lastOctet = 0;
/** Each test beacons from its own address: the limit is per address. */
function newAddress() {
  lastOctet += 1;
  return `203.0.113.${lastOctet}`;
}

async function store() {
  // Behind a proxy on this machine, so X-Forwarded-For names the visitor.
  const app = await testApp({ env: { TRUST_PROXY: 'loopback' } });
  // The file's tests share one database.
  await app.services.database.db.deleteFrom('page_views').execute();
  return app;
}

function beacon({ app }: Store, body: object, from: string, host?: string) {
  const call = request(app).post('/page-views').set('X-Forwarded-For', from);
  if (host) call.set('Host', host);
  return call.send(body);
}

/** A session store that is down: every call fails as a timed-out one does. */
class DownSessionStore extends AppSessionStore {
  #down = <T>(): Promise<T> => Promise.reject(new ServiceUnavailableError());
  getSession = (_sid: string) => this.#down<session.SessionData | null>();
  setSession = (_sid: string, _data: session.SessionData) => this.#down<void>();
  destroySession = (_sid: string) => this.#down<void>();
  touchSession = (_sid: string, _data: session.SessionData) => this.#down<void>();
  destroyUserSessions = (_userId: number, _exceptSid?: string) => this.#down<number>();
  userSessions = (_userId: number) => this.#down<UserSessionsSummary>();
  prune = () => this.#down<number>();
  ping = () => this.#down<void>();
}

async function recorded({ services }: Store) {
  return services.database.db
    .selectFrom('page_views')
    .select(['path', 'referrer_host'])
    .orderBy('id')
    .execute();
}

describe(`POST /page-views is limited and counts only real pages (${TEST_DATABASE}, ${TEST_SESSION_STORE})`, () => {
  it('answers 429 with Retry-After past the per-address limit, without writing', async () => {
    const app = await store();
    const flooder = newAddress();
    for (let i = 0; i < PAGE_VIEW_LIMIT.points; i += 1) {
      expect((await beacon(app, { path: '/components' }, flooder)).status).toBe(204);
    }
    const refused = await beacon(app, { path: '/components' }, flooder);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another visitor is not held back by the flood.
    expect((await beacon(app, { path: '/templates' }, newAddress())).status).toBe(204);
    const rows = await recorded(app);
    expect(rows.filter((row) => row.path === '/components')).toHaveLength(PAGE_VIEW_LIMIT.points);
    expect(rows.filter((row) => row.path === '/templates')).toHaveLength(1);
  });

  it('records the store’s pages only; made-up, foreign and overlong paths are not written', async () => {
    const app = await store();
    const from = newAddress();
    const served = [
      '/',
      '/components',
      '/v1/components',
      '/templates/salient',
      '/documentation/getting-started',
      '/changelog',
      '/login',
      '/account-settings',
      '/password/reset/secret-token',
    ];
    const unserved = [
      '/no/such/page',
      '/templates/no-such-template',
      '/templates/salient/download',
      '/components/marketing/sections/no-such-subcategory',
      '/COMPONENTS',
      '/components/',
      '/catalog/previews/x.html',
      '/%63omponents',
      '/components/../admin',
      `/templates/${'x'.repeat(600)}`,
      `/${'a'.repeat(513)}`,
      'components',
      '//evil.example/components',
      'https://evil.example/components',
    ];
    for (const path of [...served, ...unserved]) {
      expect([path, (await beacon(app, { path }, from)).status]).toEqual([path, 204]);
    }
    // Past the body's cap the beacon is refused outright.
    const huge = await beacon(app, { path: `/${'a'.repeat(4096)}` }, from).set(
      'Accept',
      'application/json',
    );
    expect(huge.status).toBe(422);
    expect((await recorded(app)).map((row) => row.path)).toEqual([
      ...served.slice(0, -1),
      '/password/reset/:token',
    ]);
  });

  it('judges the referrer against APP_URL, not against a hostile Host header', async () => {
    const app = await store();
    const from = newAddress();
    // Our own address as referrer is an internal navigation, whatever Host says.
    await beacon(
      app,
      { path: '/templates', referrer: 'http://127.0.0.1:3000/' },
      from,
      'evil.example',
    );
    // A Host header naming the other site does not hide a real referral.
    await beacon(
      app,
      { path: '/changelog', referrer: 'https://news.example.org/item' },
      from,
      'news.example.org',
    );
    expect(await recorded(app)).toEqual([
      { path: '/templates', referrer_host: null },
      { path: '/changelog', referrer_host: 'news.example.org' },
    ]);
  });

  it('runs on its own stack: no session read, no token asked, no cookie set', async () => {
    const app = await store();
    const email = uniqueEmail('beacon');
    await createUser(app.services, email, 'correct horse battery staple');
    const browser = new TestBrowser(app.app);
    await browser.submit('post', '/login', { email, password: 'correct horse battery staple' });
    const cookie = `tessera_session=${encodeURIComponent(browser.cookies.get('tessera_session')!)}`;
    // The same store with its session store down: pages cannot be served, beacons still are.
    const { app: outage } = await testApp({
      config: app.config,
      services: { ...app.services, sessionStore: new DownSessionStore() },
    });
    const page = await request(outage).get('/').set(INERTIA).set('Cookie', cookie);
    expect(page.status).toBe(503);
    const from = newAddress();
    const served = await request(outage)
      .post('/page-views')
      .set('X-Forwarded-For', from)
      .set('Cookie', cookie)
      .send({ path: '/changelog' });
    expect(served.status).toBe(204);
    expect(served.headers['set-cookie']).toBeUndefined();
    expect(await recorded(app)).toEqual([{ path: '/changelog', referrer_host: null }]);
  });
});
