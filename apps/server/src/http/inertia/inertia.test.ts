import express, { type Express } from 'express';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  captureLogger,
  createStorefrontDist,
  INERTIA,
  oneSessionFlashStore,
  pageFrom,
  pageFromHtml,
  testApp,
  type LogLine,
} from '../../../test/helpers.ts';
import { renderAnyPage } from '../../../test/any-page.ts';
import { createReactSsr, importInertiaCore } from '../../../test/inertia-react-ssr.ts';
import { flash, type FlashData, type FlashStore } from '../session/flash.ts';
import { loadClientAssets } from '../ssr/assets.ts';
import { loadSsrRenderer } from '../ssr/ssr.ts';
import type { SsrRenderer } from '../ssr/types.ts';
import { clientRenderedBody } from './document.ts';
import { createInertia, type SharedPropsFactory } from './inertia.ts';
import { always, once, optional } from './props.ts';

const VERSION = 'build-1';
const ASSET_TAGS = '<script type="module" src="/build/assets/main-3f9a1c.js"></script>';

interface TinyAppOptions {
  ssr?: SsrRenderer | null;
  flashData?: FlashData;
  shared?: SharedPropsFactory;
  routes: (app: Express) => void;
}

/** Only the Inertia middleware (plus body parsing) in front of the given routes. */
function tinyApp({ ssr = null, flashData, shared, routes }: TinyAppOptions) {
  const { logger, lines } = captureLogger();
  const app = express();
  app.use(express.json());
  const inertia = createInertia({
    appUrl: 'https://store.test',
    assets: { version: VERSION, headTags: () => ASSET_TAGS },
    ssr,
    logger,
    title: 'Test Store',
    flash: () => flashData ?? null,
  });
  if (shared) inertia.share(shared);
  app.use(inertia.middleware);
  routes(app);
  return { app, lines };
}

function inertiaGet(app: Express, url: string, headers: Record<string, string> = {}) {
  return request(app)
    .get(url)
    .set({ ...INERTIA, 'X-Inertia-Version': VERSION, ...headers });
}

describe('Inertia protocol: first load (HTML)', () => {
  let ssr: Awaited<ReturnType<typeof createReactSsr>>;
  beforeAll(async () => {
    ssr = await createReactSsr();
  });

  it('answers a document with the page object script and the server-rendered markup', async () => {
    const { app } = tinyApp({
      ssr,
      routes: (a) =>
        a.get('/components', (_req, res) =>
          renderAnyPage(res, 'Components', { message: 'All of them' }),
        ),
    });

    const response = await request(app).get('/components?page=2').expect(200);

    expect(response.type).toBe('text/html');
    expect(response.headers.vary).toContain('X-Inertia');
    const html = response.text;
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('<title data-inertia="">Components - Test Store</title>');
    expect(html).not.toContain('<title>Test Store</title>');
    expect(html).toContain(ASSET_TAGS);
    expect(html).toContain(
      '<div data-server-rendered="true" id="app"><main><h1>Components</h1><p>All of them</p></main></div>',
    );
    const head = html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
    expect(head).toContain(ASSET_TAGS);

    expect(pageFromHtml(html)).toEqual({
      component: 'Components',
      props: { errors: {}, message: 'All of them' },
      url: '/components?page=2',
      version: VERSION,
      clearHistory: false,
      encryptHistory: false,
      flash: {},
    });
  });

  it('uses the original URL, mount path and query included', async () => {
    const { app } = tinyApp({
      routes: (a) => {
        const router = express.Router();
        router.get('/:id', (_req, res) => renderAnyPage(res, 'Team'));
        a.use('/teams', router);
      },
    });
    const response = await inertiaGet(app, '/teams/12?tab=members').expect(200);
    expect(pageFrom(response).url).toBe('/teams/12?tab=members');
  });

  it('renders on the client when there is no SSR: the body @inertiajs/core builds, without markup', async () => {
    const { app } = tinyApp({
      routes: (a) => a.get('/', (_req, res) => renderAnyPage(res, 'Home')),
    });
    const html = (await request(app).get('/').expect(200)).text;

    const page = pageFromHtml(html);
    expect(html).toContain(clientRenderedBody(page));
    expect(html).toContain('<title>Test Store</title>');

    // Same elements and attributes as the official SSR body, minus data-server-rendered.
    const { buildSSRBody } = await importInertiaCore();
    const withoutJson = (body: string) =>
      body.replace(/(<script[^>]*>)[\s\S]*?(<\/script>)/, '$1JSON$2');
    expect(withoutJson(clientRenderedBody(page))).toBe(
      withoutJson(buildSSRBody('app', page, '')).replace(' data-server-rendered="true"', ''),
    );
  });

  it('escapes the page JSON so nothing in a prop can leave the script element', async () => {
    const hostile = '</script><script>alert(1)</script><!-- & \u2028\u2029 --> <b>';
    const scriptOf = (html: string) =>
      /<script data-page="app" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';

    // Client-rendered documents: our own escaping.
    const csr = tinyApp({
      routes: (a) => a.get('/', (_req, res) => renderAnyPage(res, 'Home', { hostile })),
    });
    const csrHtml = (await request(csr.app).get('/').expect(200)).text;
    expect(scriptOf(csrHtml)).not.toMatch(/[<>&\u2028\u2029]/);
    expect(pageFromHtml(csrHtml).props.hostile).toBe(hostile);
    expect(csrHtml).not.toContain('<script>alert(1)');

    // Server-rendered documents carry @inertiajs/core's escaping, which is safe too.
    const withSsr = tinyApp({
      ssr,
      routes: (a) => a.get('/', (_req, res) => renderAnyPage(res, 'Home', { hostile })),
    });
    const ssrHtml = (await request(withSsr.app).get('/').expect(200)).text;
    expect(scriptOf(ssrHtml)).not.toContain('<');
    expect(pageFromHtml(ssrHtml).props.hostile).toBe(hostile);
    expect(ssrHtml).not.toContain('<script>alert(1)');
  });

  it('falls back to client rendering when SSR throws, logs it with the component, and still answers 200', async () => {
    const { app, lines } = tinyApp({
      ssr,
      routes: (a) =>
        a.get('/broken', (_req, res) => renderAnyPage(res, 'Broken', { message: 'still here' })),
    });
    const html = (await request(app).get('/broken').expect(200)).text;

    const page = pageFromHtml(html);
    expect(page.component).toBe('Broken');
    expect(html).toContain('<div id="app"></div>');
    expect(html).not.toContain('data-server-rendered');
    expect(html).toContain(ASSET_TAGS);
    const logged = lines.find((line: LogLine) => line.level === 50);
    expect(logged).toMatchObject({ component: 'Broken', url: '/broken' });
    expect(logged?.msg).toContain('SSR failed for Broken');
    expect(JSON.stringify(logged?.err)).toContain('Broken component exploded');
  });

  it('keeps the documents of public pages, never of pages that may show a secret', async () => {
    const { app } = tinyApp({
      ssr,
      routes: (a) => {
        a.get('/home', (_req, res) => renderAnyPage(res, 'Home', { message: 'public' }));
        a.get('/key', (_req, res) => renderAnyPage(res, 'RedeemLicense', { message: 'K3Y' }));
      },
    });
    const before = ssr.calls;
    await request(app).get('/home').expect(200);
    await request(app).get('/home').expect(200);
    expect(ssr.calls).toBe(before + 1);
    await request(app).get('/key').expect(200);
    const second = (await request(app).get('/key').expect(200)).text;
    expect(ssr.calls).toBe(before + 3);
    expect(second).toContain('K3Y');
  });

  it('does not call SSR for Inertia visits', async () => {
    const before = ssr.calls;
    const { app } = tinyApp({
      ssr,
      routes: (a) => a.get('/', (_req, res) => renderAnyPage(res, 'Home')),
    });
    await inertiaGet(app, '/').expect(200);
    expect(ssr.calls).toBe(before);
  });
});

describe('Inertia protocol: Inertia visits (JSON)', () => {
  it('answers the page object as JSON with X-Inertia and Vary: X-Inertia', async () => {
    const { app } = tinyApp({
      routes: (a) =>
        a.get('/login', (_req, res) => renderAnyPage(res, 'Login', { status: 'Welcome back' })),
    });
    const response = await inertiaGet(app, '/login?intended=%2Flicense').expect(200);

    expect(response.type).toBe('application/json');
    expect(response.headers['x-inertia']).toBe('true');
    expect(response.headers.vary).toContain('X-Inertia');
    expect(response.body).toEqual({
      component: 'Login',
      props: { errors: {}, status: 'Welcome back' },
      url: '/login?intended=%2Flicense',
      version: VERSION,
      clearHistory: false,
      encryptHistory: false,
      flash: {},
    });
  });

  it('honours status, clearHistory and encryptHistory options', async () => {
    const { app } = tinyApp({
      routes: (a) =>
        a.get('/gone', (_req, res) =>
          renderAnyPage(res, 'Home', {}, { status: 410, clearHistory: true, encryptHistory: true }),
        ),
    });
    const response = await inertiaGet(app, '/gone').expect(410);
    expect(pageFrom(response)).toMatchObject({ clearHistory: true, encryptHistory: true });
  });

  it('answers a form with a page: its own url, and one-time flash beside the flashed messages', async () => {
    const { app } = tinyApp({
      flashData: { messages: { success: 'Saved.' } },
      routes: (a) =>
        a.get('/form', (_req, res) =>
          renderAnyPage(
            res,
            'Home',
            {},
            { url: '/settings', flash: { accessTokenSecret: 'once' } },
          ),
        ),
    });
    const page = pageFrom(await inertiaGet(app, '/form?x=1').expect(200));
    expect(page.url).toBe('/settings');
    expect(page.flash).toEqual({ success: 'Saved.', accessTokenSecret: 'once' });
    expect(JSON.stringify(page.props)).not.toContain('once');
  });
});

describe('Inertia protocol: asset version', () => {
  const routes = (a: Express) => {
    a.get('/components', (_req, res) => renderAnyPage(res, 'Components'));
    a.post('/login', (_req, res) => res.redirect('/'));
  };

  it('answers 409 with X-Inertia-Location (the full URL) when a GET carries a stale version', async () => {
    const { app } = tinyApp({ routes });
    const response = await request(app)
      .get('/components?page=2')
      .set({ ...INERTIA, 'X-Inertia-Version': 'build-0' })
      .expect(409);
    expect(response.headers['x-inertia-location']).toBe('https://store.test/components?page=2');
    expect(response.headers['x-inertia']).toBeUndefined();
    expect(response.text).toBe('');
  });

  it('treats a missing version header as stale', async () => {
    const { app } = tinyApp({ routes });
    await request(app).get('/components').set(INERTIA).expect(409);
  });

  it('serves the page when the version matches', async () => {
    const { app } = tinyApp({ routes });
    await inertiaGet(app, '/components').expect(200);
  });

  it('does not check the version on non-GET requests', async () => {
    const { app } = tinyApp({ routes });
    await request(app)
      .post('/login')
      .set({ ...INERTIA, 'X-Inertia-Version': 'build-0' })
      .expect(302);
  });

  it('does not check the version of first loads (no X-Inertia)', async () => {
    const { app } = tinyApp({ routes });
    await request(app).get('/components').set('X-Inertia-Version', 'build-0').expect(200);
  });
});

describe('Inertia protocol: props', () => {
  function counting() {
    const counts: Record<string, number> = {};
    const lazy =
      <T>(key: string, value: T) =>
      () => {
        counts[key] = (counts[key] ?? 0) + 1;
        return Promise.resolve(value);
      };
    return { counts, lazy };
  }

  function propsApp() {
    const { counts, lazy } = counting();
    const { app } = tinyApp({
      routes: (a) =>
        a.get('/account', (_req, res) =>
          renderAnyPage(res, 'AccountSettings', {
            user: { email: 'jordan@example.com' },
            purchases: lazy('purchases', [{ id: 1 }]),
            invoices: optional(lazy('invoices', ['inv-1'])),
            notice: always('Read me'),
            teams: lazy('teams', ['Northwind']),
          }),
        ),
    });
    return { app, counts };
  }

  it('evaluates lazy props and leaves optional ones out of a full visit, without evaluating them', async () => {
    const { app, counts } = propsApp();
    const response = await inertiaGet(app, '/account').expect(200);
    expect(pageFrom(response).props).toEqual({
      errors: {},
      user: { email: 'jordan@example.com' },
      purchases: [{ id: 1 }],
      notice: 'Read me',
      teams: ['Northwind'],
    });
    expect(counts).toEqual({ purchases: 1, teams: 1 });
  });

  it('leaves optional props out of first loads too', async () => {
    const { app, counts } = propsApp();
    const html = (await request(app).get('/account').expect(200)).text;
    expect(pageFromHtml(html).props).not.toHaveProperty('invoices');
    expect(counts.invoices).toBeUndefined();
  });

  it('limits a partial reload to X-Inertia-Partial-Data, plus errors and always-props', async () => {
    const { app, counts } = propsApp();
    const response = await inertiaGet(app, '/account', {
      'X-Inertia-Partial-Component': 'AccountSettings',
      'X-Inertia-Partial-Data': 'purchases, invoices',
    }).expect(200);
    expect(pageFrom(response).props).toEqual({
      errors: {},
      purchases: [{ id: 1 }],
      invoices: ['inv-1'],
      notice: 'Read me',
    });
    expect(counts).toEqual({ purchases: 1, invoices: 1 });
  });

  it('excludes X-Inertia-Partial-Except keys, and except wins over data', async () => {
    const { app, counts } = propsApp();
    const exceptOnly = await inertiaGet(app, '/account', {
      'X-Inertia-Partial-Component': 'AccountSettings',
      'X-Inertia-Partial-Except': 'purchases,notice',
    }).expect(200);
    expect(Object.keys(pageFrom(exceptOnly).props).sort()).toEqual([
      'errors',
      'notice',
      'teams',
      'user',
    ]);
    expect(counts.purchases).toBeUndefined();

    const both = await inertiaGet(app, '/account', {
      'X-Inertia-Partial-Component': 'AccountSettings',
      'X-Inertia-Partial-Data': 'purchases,teams',
      'X-Inertia-Partial-Except': 'purchases',
    }).expect(200);
    expect(pageFrom(both).props).toEqual({ errors: {}, teams: ['Northwind'], notice: 'Read me' });
    expect(counts.purchases).toBeUndefined();
  });

  it('ignores partial headers meant for another component (full props)', async () => {
    const { app, counts } = propsApp();
    const response = await inertiaGet(app, '/account', {
      'X-Inertia-Partial-Component': 'Login',
      'X-Inertia-Partial-Data': 'purchases',
    }).expect(200);
    expect(Object.keys(pageFrom(response).props).sort()).toEqual([
      'errors',
      'notice',
      'purchases',
      'teams',
      'user',
    ]);
    expect(counts.invoices).toBeUndefined();
  });

  it('sends once-props with metadata, and skips them when the client says it has them', async () => {
    const { counts, lazy } = counting();
    const { app } = tinyApp({
      routes: (a) =>
        a.get('/', (_req, res) =>
          renderAnyPage(res, 'Home', {
            plans: once(lazy('plans', ['personal', 'team'])),
            rates: once(lazy('rates', [1]), { expiresAt: 1_900_000_000_000 }),
          }),
        ),
    });

    const first = await inertiaGet(app, '/').expect(200);
    expect(pageFrom(first).props).toMatchObject({ plans: ['personal', 'team'], rates: [1] });
    expect(pageFrom(first).onceProps).toEqual({
      plans: { prop: 'plans', expiresAt: null },
      rates: { prop: 'rates', expiresAt: 1_900_000_000_000 },
    });

    const later = await inertiaGet(app, '/', { 'X-Inertia-Except-Once-Props': 'plans' }).expect(
      200,
    );
    expect(pageFrom(later).props).not.toHaveProperty('plans');
    expect(pageFrom(later).props).toHaveProperty('rates');
    expect(pageFrom(later).onceProps).toHaveProperty('plans');
    expect(counts.plans).toBe(1);

    const asked = await inertiaGet(app, '/', {
      'X-Inertia-Except-Once-Props': 'plans',
      'X-Inertia-Partial-Component': 'Home',
      'X-Inertia-Partial-Data': 'plans',
    }).expect(200);
    expect(pageFrom(asked).props).toEqual({ errors: {}, plans: ['personal', 'team'] });
    expect(pageFrom(asked).onceProps).toEqual({ plans: { prop: 'plans', expiresAt: null } });
  });

  it('always resolves once-props on first loads, whatever the headers say', async () => {
    const { app } = tinyApp({
      routes: (a) =>
        a.get('/', (_req, res) => renderAnyPage(res, 'Home', { plans: once(() => ['personal']) })),
    });
    const html = (
      await request(app).get('/').set('X-Inertia-Except-Once-Props', 'plans').expect(200)
    ).text;
    expect(pageFromHtml(html).props.plans).toEqual(['personal']);
  });
});

describe('Inertia protocol: shared props', () => {
  it('merges shared props under page props (page props win) and lists the shared keys', async () => {
    let evaluated = 0;
    const { app } = tinyApp({
      shared: async (req) => ({
        brandName: 'Test Store',
        path: req.path,
        expensive: () => {
          evaluated += 1;
          return 'costly';
        },
        title: 'shared title',
      }),
      routes: (a) =>
        a.get('/docs', (_req, res) => renderAnyPage(res, 'Documentation', { title: 'Docs' })),
    });

    const response = await inertiaGet(app, '/docs').expect(200);
    const page = pageFrom(response);
    expect(page.props).toEqual({
      errors: {},
      brandName: 'Test Store',
      path: '/docs',
      expensive: 'costly',
      title: 'Docs',
    });
    expect(page.sharedProps).toEqual(['brandName', 'path', 'expensive']);

    await inertiaGet(app, '/docs', {
      'X-Inertia-Partial-Component': 'Documentation',
      'X-Inertia-Partial-Data': 'title',
    }).expect(200);
    expect(evaluated).toBe(1);
  });
});

describe('Inertia protocol: validation errors and error bags', () => {
  const routes = (a: Express) =>
    a.get('/account', (_req, res) => renderAnyPage(res, 'AccountSettings', { x: 1 }));

  it('always sends errors, an empty object when there are none', async () => {
    const { app } = tinyApp({ routes });
    const response = await inertiaGet(app, '/account', {
      'X-Inertia-Partial-Component': 'AccountSettings',
      'X-Inertia-Partial-Data': 'x',
      'X-Inertia-Partial-Except': 'errors',
    }).expect(200);
    expect(pageFrom(response).props).toEqual({ x: 1, errors: {} });
  });

  it('takes errors from the flash', async () => {
    const { app } = tinyApp({ routes, flashData: { errors: { email: 'The email is taken.' } } });
    const response = await inertiaGet(app, '/account').expect(200);
    expect(pageFrom(response).props.errors).toEqual({ email: 'The email is taken.' });
  });

  it('nests errors under the bag named by X-Inertia-Error-Bag', async () => {
    const { app } = tinyApp({ routes, flashData: { errors: { email: 'The email is taken.' } } });
    const response = await inertiaGet(app, '/account', {
      'X-Inertia-Error-Bag': 'updateEmail',
    }).expect(200);
    expect(pageFrom(response).props.errors).toEqual({
      updateEmail: { email: 'The email is taken.' },
    });
  });

  it('nests errors under the bag the failed request asked for', async () => {
    const { app } = tinyApp({
      routes,
      flashData: { errors: { password: 'Wrong password.' }, errorBag: 'logoutOthers' },
    });
    const response = await inertiaGet(app, '/account').expect(200);
    expect(pageFrom(response).props.errors).toEqual({
      logoutOthers: { password: 'Wrong password.' },
    });
  });

  it('puts flash messages in the page object flash', async () => {
    const { app } = tinyApp({
      routes,
      flashData: { messages: { success: 'Email updated successfully.' } },
    });
    const response = await inertiaGet(app, '/account').expect(200);
    expect(pageFrom(response).flash).toEqual({ success: 'Email updated successfully.' });
  });
});

describe('Inertia protocol: redirects', () => {
  const routes = (a: Express) => {
    for (const method of ['post', 'put', 'patch', 'delete'] as const) {
      a[method]('/account-settings/email', (_req, res) => res.redirect('/account-settings'));
    }
    a.put('/moved', (_req, res) => res.redirect(301, '/elsewhere'));
    a.get('/checkout', (_req, res) => res.inertiaLocation('https://pay.example.com/checkout/123'));
    a.delete('/impersonate', (_req, res) => res.inertiaLocation('https://pay.example.com/out'));
  };

  it.each(['put', 'patch', 'delete'] as const)(
    'turns a 302 after an Inertia %s into a 303',
    async (method) => {
      const { app } = tinyApp({ routes });
      const agent = request(app);
      const response = await agent[method]('/account-settings/email').set(INERTIA).expect(303);
      expect(response.headers.location).toBe('/account-settings');
    },
  );

  it('leaves a 302 after POST, other statuses, and non-Inertia requests alone', async () => {
    const { app } = tinyApp({ routes });
    await request(app).post('/account-settings/email').set(INERTIA).expect(302);
    await request(app).put('/account-settings/email').expect(302);
    await request(app).put('/moved').set(INERTIA).expect(301);
  });

  it('answers an external redirect with 409 + X-Inertia-Location for Inertia visits', async () => {
    const { app } = tinyApp({ routes });
    const response = await inertiaGet(app, '/checkout').expect(409);
    expect(response.headers['x-inertia-location']).toBe('https://pay.example.com/checkout/123');
    expect(response.headers['x-inertia']).toBeUndefined();
    const afterDelete = await request(app).delete('/impersonate').set(INERTIA).expect(409);
    expect(afterDelete.headers['x-inertia-location']).toBe('https://pay.example.com/out');
  });

  it('answers an external redirect with a plain 302 otherwise', async () => {
    const { app } = tinyApp({ routes });
    const response = await request(app).get('/checkout').expect(302);
    expect(response.headers.location).toBe('https://pay.example.com/checkout/123');
  });
});

describe('Inertia protocol: flash through the signed cookie', () => {
  function flashApp(store: FlashStore) {
    const { logger } = captureLogger();
    const app = express();
    app.use(express.json());
    app.use(flash(store));
    const inertia = createInertia({
      appUrl: 'http://127.0.0.1:3000',
      assets: { version: VERSION, headTags: () => '' },
      logger,
      title: 'Test Store',
      flash: (req) => req.readFlash(),
    });
    app.use(inertia.middleware);
    app.put('/account-settings/email', async (_req, res) => {
      await res.flash({ errors: { email: 'The email is taken.' }, errorBag: 'updateEmail' });
      res.redirect('/account-settings');
    });
    app.get('/account-settings', (_req, res) => renderAnyPage(res, 'AccountSettings'));
    return app;
  }

  it('shows flashed errors once after the 303, then forgets them', async () => {
    const app = flashApp(oneSessionFlashStore());
    const agent = request.agent(app);
    await agent.put('/account-settings/email').set(INERTIA).expect(303);

    const after = await agent
      .get('/account-settings')
      .set({ ...INERTIA, 'X-Inertia-Version': VERSION });
    expect(pageFrom(after).props.errors).toEqual({ updateEmail: { email: 'The email is taken.' } });

    const again = await agent
      .get('/account-settings')
      .set({ ...INERTIA, 'X-Inertia-Version': VERSION });
    expect(pageFrom(again).props.errors).toEqual({});
  });

  it('keeps the flash across a 409 version reload', async () => {
    const app = flashApp(oneSessionFlashStore());
    const agent = request.agent(app);
    await agent.put('/account-settings/email').set(INERTIA).expect(303);
    await agent
      .get('/account-settings')
      .set({ ...INERTIA, 'X-Inertia-Version': 'old' })
      .expect(409);
    const html = (await agent.get('/account-settings').expect(200)).text;
    expect(pageFromHtml(html).props.errors).toHaveProperty('updateEmail');
  });
});

describe('Inertia protocol through buildApp', () => {
  it('renders with the built SSR bundle and manifest, and checks the manifest version', async () => {
    const dist = await createStorefrontDist();
    try {
      const assets = await loadClientAssets(dist.dir);
      const ssr = await loadSsrRenderer(dist.dir);
      expect(assets).not.toBeNull();
      const { app } = await testApp({ assets: assets!, ssr });

      const html = (await request(app).get('/login').expect(200)).text;
      expect(html).toContain('<div data-server-rendered="true" id="app"><h1>Login</h1></div>');
      expect(html).toContain('<title data-inertia="">Login - SSR</title>');
      expect(html).toContain('<script type="module" src="/build/assets/main-3f9a1c.js"></script>');
      expect(pageFromHtml(html).version).toBe(assets!.version);

      await request(app).get('/login').set(INERTIA).set('X-Inertia-Version', 'stale').expect(409);
      const json = await request(app)
        .get('/login')
        .set(INERTIA)
        .set('X-Inertia-Version', assets!.version);
      expect(json.status).toBe(200);
      expect(pageFrom(json).component).toBe('Login');
    } finally {
      await dist.cleanup();
    }
  });

  it('sends Vary: X-Inertia on HTML documents too', async () => {
    const { app } = await testApp();
    const response = await request(app).get('/').expect(200);
    expect(response.headers.vary).toContain('X-Inertia');
  });
});
