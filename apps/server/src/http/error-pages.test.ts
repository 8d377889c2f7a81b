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
  type StorefrontDist,
} from '../../test/helpers.ts';
import { TEST_DATABASE, TEST_SESSION_STORE } from '../../test/services.ts';
import type { Page } from './inertia/page.ts';
import { loadClientAssets } from './ssr/assets.ts';
import { loadSsrRenderer } from './ssr/ssr.ts';
import type { SsrRenderer } from './ssr/types.ts';

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
    // The palette comes with a first load, as on every page.
    expect((first.props.commandPalette as unknown[]).length).toBeGreaterThan(10);
    const inApp = visitPage(await visit(app, '/no/such/page'), 404);
    expect(inApp.url).toBe('/no/such/page');
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
});
