// Issue 14 #3: an error is a page in the site's chrome, on a first load (an HTML document) and on
// an in-app visit (an Inertia page object, status kept), so the Inertia client never opens its
// developer overlay over a raw response. Static mounts are the exception: a missing asset is a
// line of plain text that costs no render, so a flood of them is cheap.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStorefrontDist,
  INERTIA,
  pageFrom,
  pageFromHtml,
  testApp,
  testConfig,
  type StorefrontDist,
} from '../../test/helpers.ts';
import { TEST_DATABASE, TEST_SESSION_STORE, testServicesEnv } from '../../test/services.ts';
import { TestBrowser } from '../../test/browser.ts';
import { createTeam } from '../../test/teams.ts';
import { createUser, uniqueEmail } from '../../test/users.ts';
import type { Services } from '../services.ts';
import type { Page } from './inertia/page.ts';
import { HttpError, ServiceUnavailableError, TooManyRequestsError } from './errors.ts';
import type { FlashStore } from './session/flash.ts';
import { loadClientAssets } from './ssr/assets.ts';
import { loadSsrRenderer } from './ssr/ssr.ts';
import type { SsrRenderer } from './ssr/types.ts';

const PASSWORD = 'correct horse battery staple';

let dist: StorefrontDist;
/** The components the SSR renderer was asked for, in order. */
const rendered: string[] = [];
let ssr: SsrRenderer;
let assets: NonNullable<Awaited<ReturnType<typeof loadClientAssets>>>;

beforeAll(async () => {
  dist = await createStorefrontDist();
  assets = (await loadClientAssets(dist.dir))!;
  const real = (await loadSsrRenderer(dist.dir))!;
  ssr = {
    render(page) {
      rendered.push(page.component);
      return real.render(page);
    },
  };
});

afterAll(() => dist?.cleanup());

/** The real app with a built client and a server renderer that counts what it renders. */
function storeApp(overrides: Parameters<typeof testApp>[0] = {}) {
  return testApp({ assets, ssr, ...overrides, env: { STOREFRONT_DIST: dist.dir } });
}

const PRODUCTION = { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40) };

async function productionApp(flashStore: FlashStore) {
  const env = {
    ...(await testServicesEnv()),
    ...PRODUCTION,
    PASSWORD_HASH_COST: '17',
    STOREFRONT_DIST: dist.dir,
  };
  return testApp({ assets, ssr, flashStore, config: testConfig(env) });
}

/** A flash store that fails the page's own render with `error`, then reads like an empty one. */
function failingOnce(error: unknown): FlashStore {
  let reads = 0;
  return {
    read: () => {
      reads += 1;
      if (reads % 2 === 1) throw error;
      return null;
    },
    write: () => undefined,
  };
}

/** A signed-in browser (cookies kept), signed in the way the login form does it. */
async function signedIn(app: Parameters<typeof request.agent>[0], services: Services) {
  const email = uniqueEmail('customer');
  await createUser(services, email, PASSWORD);
  const browser = request.agent(app);
  const login = await browser.get('/login').set('Accept', 'text/html').expect(200);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(String(login.headers['set-cookie']))![1]!;
  await browser
    .post('/login')
    .set('X-XSRF-TOKEN', decodeURIComponent(xsrf))
    .send({ email, password: PASSWORD })
    .expect(302);
  return { browser, email };
}

/** An ErrorPage with the shared data the header and footer are drawn from. */
function expectErrorPageInChrome(page: Page, status: number) {
  expect(page.component).toBe('ErrorPage');
  expect(page.props.status).toBe(status);
  expect(page.props).toMatchObject({ brandName: 'Tessera UI', copyrightYear: 2025 });
  expect(page.props.can).toEqual({ purchaseAllAccess: expect.any(Boolean) });
  expect(page.props).toHaveProperty('auth');
  expect(page.props).toHaveProperty('seo');
  expect(page.props).not.toHaveProperty('stack');
}

/** A first load: a server-rendered document carrying the ErrorPage. */
function documentPage(response: request.Response, status: number): Page {
  expect(response.status).toBe(status);
  expect(response.type).toBe('text/html');
  expect(response.text).toMatch(/^<!DOCTYPE html>/i);
  expect(response.text).toContain('<div data-server-rendered="true" id="app"><h1>ErrorPage</h1>');
  expect(response.text).toContain('<script type="module" src="/build/assets/main-3f9a1c.js">');
  const page = pageFromHtml(response.text);
  expectErrorPageInChrome(page, status);
  return page;
}

/** An in-app visit: the page object, at the error's status, marked as an Inertia response. */
function visitPage(response: request.Response, status: number): Page {
  expect(response.status).toBe(status);
  expect(response.type).toBe('application/json');
  expect(response.headers['x-inertia']).toBe('true');
  expect(response.headers.vary).toMatch(/X-Inertia/);
  const page = pageFrom(response);
  expectErrorPageInChrome(page, status);
  return page;
}

const visit = (app: Parameters<typeof request>[0], url: string) =>
  request(app).get(url).set(INERTIA).set('X-Inertia-Version', assets.version);
const load = (app: Parameters<typeof request>[0], url: string) =>
  request(app).get(url).set('Accept', 'text/html').set('Sec-Fetch-Dest', 'document');

describe(`error pages (${TEST_DATABASE}, ${TEST_SESSION_STORE} sessions)`, () => {
  it('404: a missing page, loaded or visited, with a way back', async () => {
    const { app } = await storeApp();
    const first = documentPage(await load(app, '/no/such/page'), 404);
    expect(first.props.message).toBe('No page at /no/such/page');
    expect(first.props.auth).toBeNull();
    // The palette's items are named on a first load, as on every page.
    expect(first.props.commandPaletteUrl).toMatch(/^\/command-palette\/[0-9a-f]{16}\.json$/);
    const inApp = visitPage(await visit(app, '/no/such/page'), 404);
    expect(inApp.url).toBe('/no/such/page');
  });

  it('403: a team member trying an owner’s action, in their own chrome', async () => {
    const { app, services } = await storeApp();
    const ownerId = await createUser(services, uniqueEmail('owner'), PASSWORD);
    const email = uniqueEmail('member');
    const memberId = await createUser(services, email, PASSWORD);
    const team = await createTeam(services, { owners: [ownerId], members: [memberId] });
    const browser = new TestBrowser(app);
    await browser.submit('post', '/login', { email, password: PASSWORD });
    const rename = () =>
      browser.agent
        .patch(`/teams/${team.id}`)
        .set('X-XSRF-TOKEN', browser.xsrf)
        .send({ name: 'Mine' });

    const first = documentPage(
      await rename().set('Accept', 'text/html').set('Sec-Fetch-Dest', 'document'),
      403,
    );
    expect(first.props).toMatchObject({
      message: 'Only the team’s owners can do that.',
      auth: { user: { email } },
    });
    const inApp = visitPage(
      await rename().set(INERTIA).set('X-Inertia-Version', assets.version),
      403,
    );
    expect(inApp.props).toMatchObject({ auth: { user: { email } } });
  });

  it('419: a form sent with a stale token is the Page expired page, with a fresh token', async () => {
    const { app } = await storeApp();
    const form = { email: 'ada@example.com', password: 'whatever' };
    const first = await request(app)
      .post('/login')
      .set('Accept', 'text/html')
      .type('form')
      .send(form);
    documentPage(first, 419);
    const inApp = await request(app).post('/login').set(INERTIA).send(form);
    visitPage(inApp, 419);
    expect(String(inApp.headers['set-cookie'])).toContain('XSRF-TOKEN=');
  });

  it('419 for a signed-in customer comes in their own chrome, and changes nothing', async () => {
    const { app, services } = await storeApp();
    const { browser, email } = await signedIn(app, services);
    const response = await browser
      .post('/logout/other')
      .set(INERTIA)
      .set('X-XSRF-TOKEN', 'stale')
      .send({ password: PASSWORD });
    expect(visitPage(response, 419).props).toMatchObject({ auth: { user: { email } } });
    const still = await browser.get('/account-settings').set('Accept', 'text/html').expect(200);
    expect(pageFromHtml(still.text).props).toMatchObject({ auth: { user: { email } } });
  });

  it('429: a refused request keeps Retry-After and shows the wait', async () => {
    const { app } = await productionApp(failingOnce(new TooManyRequestsError(90)));
    const first = await load(app, '/components');
    expect(first.headers['retry-after']).toBe('90');
    expect(documentPage(first, 429).props).toMatchObject({ retryAfterSeconds: 90 });
    const inApp = await visit(app, '/components');
    expect(inApp.headers['retry-after']).toBe('90');
    expect(visitPage(inApp, 429).props).toMatchObject({ retryAfterSeconds: 90 });
  });

  it('500: no message, no stack, only the request id, in production', async () => {
    const boom = new Error('database password=hunter2 exploded');
    const { app } = await productionApp(failingOnce(boom));
    for (const response of [await load(app, '/'), await visit(app, '/')]) {
      const page =
        response.type === 'text/html' ? documentPage(response, 500) : visitPage(response, 500);
      expect(page.props.requestId).toBe(String(response.headers['x-request-id']));
      expect(page.props).not.toHaveProperty('message');
      expect(response.text).not.toMatch(/hunter2|exploded|at .*\.ts:\d+/);
    }
  });

  it('503: a store that times out is the maintenance page in a visitor’s chrome, Retry-After kept', async () => {
    // The flash (the session store) times out: the page comes with the chrome that needs no
    // store, whoever asked (the real apps/server/src/http/store-outage.test.ts cuts Redis).
    let reads = 0;
    const down: FlashStore = {
      read: () => {
        reads += 1;
        throw new ServiceUnavailableError('The session store is down.', { retryAfterSeconds: 45 });
      },
      write: () => undefined,
    };
    const { app, lines } = await productionApp(down);
    for (const response of [await load(app, '/components'), await visit(app, '/components')]) {
      expect(response.headers['retry-after']).toBe('45');
      const page =
        response.type === 'text/html' ? documentPage(response, 503) : visitPage(response, 503);
      expect(page.props).toMatchObject({
        retryAfterSeconds: 45,
        message: 'The session store is down.',
        auth: null,
        products: [],
      });
      expect(page.flash).toEqual({});
    }
    // An outage, not a bug: one warning per request, and the store is not asked again.
    expect(reads).toBe(2);
    expect(lines.filter((line) => line.msg === 'Unavailable')).toHaveLength(2);
    expect(lines.some((line) => /^Cannot render|^Unhandled/.test(line.msg))).toBe(false);
  });

  it('an error whose page cannot have its shared data is still the page, in a visitor’s chrome', async () => {
    const broken: FlashStore = {
      read: () => {
        throw new Error('the flash table is gone');
      },
      write: () => undefined,
    };
    const { app, lines } = await productionApp(broken);
    for (const response of [await load(app, '/no/such/page'), await visit(app, '/no/such/page')]) {
      const page =
        response.type === 'text/html' ? documentPage(response, 404) : visitPage(response, 404);
      expect(page.props).toMatchObject({ auth: null, products: [] });
    }
    expect(lines.filter((line) => line.msg === 'Cannot render the error page')).toHaveLength(2);
  });

  it('answers JSON to JSON and XHR clients, and never renders a page for them', async () => {
    const { app } = await storeApp();
    const before = rendered.length;
    const json = await request(app).get('/nope').set('Accept', 'application/json').expect(404);
    expect(json.body).toMatchObject({ status: 404, message: 'No page at /nope' });
    const xhr = await request(app).get('/nope').set('X-Requested-With', 'XMLHttpRequest');
    expect(xhr.status).toBe(404);
    expect(xhr.body).toMatchObject({ status: 404 });
    expect(rendered.length).toBe(before);
  });
});

describe(`static mounts answer errors in plain text, without a page (${TEST_DATABASE})`, () => {
  /** Paths under every static mount that name no file (or a refused one). */
  const MISSING = [
    '/build/assets/main-000000.js',
    '/build/nothing-here.css',
    '/build/',
    '/catalog/screenshots/00000000-0000-0000-0000-000000000000-sm.png',
    '/catalog/screenshots/not-a-screenshot.txt',
    '/catalog/previews/00000000-0000-0000-0000-000000000000.html',
    '/catalog/previews/nope',
    '/catalog/templates/no-such-template/demo.html',
    '/catalog/templates/salient/salient.zip',
    '/catalog/anything/else',
    '/catalog',
    '/images/catalog/nothing/here.svg',
    '/images/catalog/x/y.%2e%2e',
  ];

  it('a missing asset is a plain 404, however the client asks for it', async () => {
    const { app } = await storeApp();
    const before = rendered.length;
    for (const path of MISSING) {
      for (const headers of [
        { Accept: 'text/html', 'Sec-Fetch-Dest': 'document' },
        { ...INERTIA, 'X-Inertia-Version': assets.version },
        { Accept: 'application/json' },
        {},
      ]) {
        const response = await request(app).get(path).set(headers);
        expect([path, response.status]).toEqual([path, 404]);
        expect(response.type, path).toBe('text/plain');
        expect(response.text, path).toBe('Not Found\n');
        expect(response.headers['x-inertia'], path).toBeUndefined();
      }
    }
    expect(rendered.slice(before)).toEqual([]);
  });

  it('a refused asset request is plain text too: traversal, NUL, a write without a token', async () => {
    const { app, lines } = await storeApp();
    const before = rendered.length;
    const traversal = await request(app).get('/build/../package.json').set('Accept', 'text/html');
    expect(traversal.status).toBe(403);
    expect(traversal.text).toBe('Forbidden\n');
    const nul = await request(app).get('/images/catalog/a%00.png').set('Accept', 'text/html');
    expect(nul.status).toBe(422);
    expect(nul.type).toBe('text/plain');
    expect(nul.text).toMatch(/^The address contains a character that is not allowed/);
    const write = await request(app)
      .post('/catalog/screenshots/x.png')
      .set('Accept', 'text/html')
      .send({});
    expect(write.status).toBe(419);
    expect(write.type).toBe('text/plain');
    for (const response of [traversal, nul, write]) {
      expect(response.text).not.toContain('data-page');
      expect(response.text).not.toContain('ErrorPage');
    }
    expect(rendered.slice(before)).toEqual([]);
    expect(lines.some((line) => line.msg === 'Unhandled error')).toBe(false);
  });

  it('an image, script or stylesheet the browser fetches from a missing page address is plain', async () => {
    const { app } = await storeApp();
    const before = rendered.length;
    for (const destination of ['image', 'script', 'style', 'font', 'empty']) {
      const response = await request(app)
        .get('/favicon.ico')
        .set('Accept', '*/*')
        .set('Sec-Fetch-Dest', destination);
      expect([destination, response.status, response.type]).toEqual([
        destination,
        404,
        'text/plain',
      ]);
    }
    const image = await request(app).get('/apple-touch-icon.png').set('Accept', 'image/png');
    expect([image.status, image.type]).toEqual([404, 'text/plain']);
    expect(rendered.slice(before)).toEqual([]);
    // A navigation to the same address is the page.
    documentPage(await load(app, '/favicon.ico'), 404);
  });

  it('the files themselves are still served', async () => {
    const { app } = await storeApp();
    await request(app).get('/build/assets/main-3f9a1c.js').expect(200);
    await request(app).get('/build/favicon.svg').expect(200);
  });

  it('a page error keeps its status when the page cannot be drawn at all: plain HTML', async () => {
    const { app, lines } = await storeApp({
      catalogue: () => {
        throw new HttpError(500, 'The catalogue build is missing.');
      },
    });
    for (const headers of [
      { Accept: 'text/html' },
      { ...INERTIA, 'X-Inertia-Version': assets.version },
    ]) {
      const response = await request(app).get('/no/such/page').set(headers);
      expect(response.status).toBe(404);
      expect(response.type).toBe('text/html');
      expect(response.text).toContain('<h1>404 Not Found</h1>');
      expect(response.text).toContain('<a href="/">Back to the home page</a>');
    }
    expect(
      lines.some((line) => line.msg === 'Cannot render the error page without the stores'),
    ).toBe(true);
  });
});
