import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { INERTIA, pageFrom, pageFromHtml, testApp, testConfig } from '../test/helpers.ts';
import { ServiceUnavailableError } from './http/errors.ts';
import type { FlashStore } from './http/session/flash.ts';

function inertiaGet(app: Awaited<ReturnType<typeof testApp>>['app'], url: string) {
  return request(app).get(url).set(INERTIA).set('X-Inertia-Version', '');
}

describe('buildApp', () => {
  it('answers GET /healthz with ok for the database and the session store', async () => {
    const { app } = await testApp();
    const response = await request(app).get('/healthz').expect(200);
    expect(response.type).toBe('application/json');
    expect(response.body).toEqual({ status: 'ok', database: 'ok', sessionStore: 'ok' });
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('denies camera, microphone, geolocation and more; payment only for the checkout', async () => {
    const { app } = await testApp();
    for (const url of ['/', '/healthz', '/no/such/page']) {
      const policy = (await request(app).get(url)).headers['permissions-policy'] ?? '';
      const directives = Object.fromEntries(
        policy.split(', ').map((directive) => directive.split('=') as [string, string]),
      );
      expect(directives).toMatchObject({
        camera: '()',
        microphone: '()',
        geolocation: '()',
        usb: '()',
        'display-capture': '()',
        payment: '(self "https://buy.paddle.com" "https://sandbox-buy.paddle.com")',
      });
    }
  });

  it('builds X-Inertia-Location from APP_URL, never from a hostile Host header', async () => {
    const { app } = await testApp({ env: { APP_URL: 'http://store.test:8080' } });
    for (const host of ['evil.example', 'store.test:8080@evil.example', 'evil.example:443']) {
      const response = await request(app)
        .get('/components?page=2')
        .set(INERTIA)
        .set('X-Inertia-Version', 'stale')
        .set('Host', host)
        .set('X-Forwarded-Host', 'evil.example')
        .set('X-Forwarded-Proto', 'https')
        .expect(409);
      expect(response.headers['x-inertia-location']).toBe(
        'http://store.test:8080/components?page=2',
      );
    }
  });

  it('sends the security headers and a CSP that fits the app', async () => {
    const { app } = await testApp();
    const response = await request(app).get('/').expect(200);
    const csp = response.headers['content-security-policy'];
    expect(csp?.split(';')).toEqual([
      "default-src 'self'",
      "script-src 'self'",
      "script-src-attr 'none'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "font-src 'self' data:",
      "frame-src 'self'",
      "connect-src 'self'",
      "form-action 'self'",
      "frame-ancestors 'self'",
      "object-src 'none'",
      "base-uri 'self'",
    ]);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['x-request-id']).toMatch(/^[\w-]+$/);
    // Plain http (a laptop, CI): no HSTS and no upgrade of requests to https.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('adds HSTS and upgrade-insecure-requests when the store is served over https', async () => {
    const { app } = await testApp({
      env: { APP_URL: 'https://store.example.com', TRUST_PROXY: 'loopback' },
    });
    const response = await request(app).get('/healthz').expect(200);
    expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
    expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it('relaxes the CSP for the Vite dev server only', async () => {
    const { app } = await testApp({ vite: (_req, _res, next) => next() });
    const csp = (await request(app).get('/healthz')).headers['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self' 'unsafe-inline'");
    expect(csp).toContain("connect-src 'self' ws: wss:");
  });

  it('echoes a well-formed X-Request-Id and replaces a malformed one', async () => {
    const { app } = await testApp();
    const given = await request(app).get('/healthz').set('X-Request-Id', 'abc-123');
    expect(given.headers['x-request-id']).toBe('abc-123');
    const bad = await request(app).get('/healthz').set('X-Request-Id', 'x'.repeat(300));
    expect(bad.headers['x-request-id']).not.toBe('x'.repeat(300));
  });
});

describe('pages of the first issue', () => {
  it.each([
    ['/', 'Home'],
    ['/login', 'Login'],
    ['/password/reset', 'ForgotPassword'],
  ])('GET %s renders %s', async (url, component) => {
    const { app } = await testApp();
    const response = await inertiaGet(app, url).expect(200);
    expect(pageFrom(response).component).toBe(component);
    expect(pageFrom(response).url).toBe(url);
  });

  it('GET /password/reset/:token renders ResetPassword with the token and the e-mail from the query', async () => {
    const { app } = await testApp();
    const response = await inertiaGet(
      app,
      '/password/reset/f00d?email=jordan%40example.com',
    ).expect(200);
    expect(pageFrom(response)).toMatchObject({
      component: 'ResetPassword',
      props: { token: 'f00d', email: 'jordan@example.com' },
    });

    const withoutEmail = await inertiaGet(app, '/password/reset/f00d?email=a&email=b').expect(200);
    expect(pageFrom(withoutEmail).props).toMatchObject({ token: 'f00d', email: '' });
  });

  it('shares the common page data (auth, products, flash) with every page', async () => {
    const { app } = await testApp();
    const html = (await request(app).get('/login').expect(200)).text;
    const { props } = pageFromHtml(html);
    expect(props).toMatchObject({
      errors: {},
      auth: null,
      isImpersonating: false,
      versionPrefix: '',
      copyrightYear: 2025,
      preferredLanguage: 'en-US',
      snippetLang: 'html',
      previewColorScheme: 'light',
      previewWidth: 'full',
      colorScheme: 'system',
      can: { purchaseAllAccess: true },
      // The component packages, none licensed to a visitor.
      products: [
        {
          id: expect.any(Number),
          name: 'Marketing',
          url: '/components#product-marketing',
          isLicensed: false,
        },
        {
          id: expect.any(Number),
          name: 'Application UI',
          url: '/components#product-application-ui',
          isLicensed: false,
        },
        {
          id: expect.any(Number),
          name: 'Ecommerce',
          url: '/components#product-ecommerce',
          isLicensed: false,
        },
      ],
      // The all-access list price from the products table.
      allAccessPricing: { currency: 'USD', amount: 29900, advertised: 29900 },
      tailwindVersion: '4.3',
      brandName: 'Tessera UI',
      seo: { canonicalUrl: 'http://127.0.0.1:3000/login', description: expect.any(String) },
    });
    // The palette's items load on its first open, from a document named by its content hash.
    expect(props.commandPaletteUrl).toMatch(/^\/command-palette\/[0-9a-f]{16}\.json$/);
    const palette = (
      await request(app)
        .get(props.commandPaletteUrl as string)
        .expect(200)
    ).body as Array<{ name: string; url: string; category: string }>;
    expect(palette).toContainEqual({
      name: 'FAQ Sections',
      keywords: ['marketing', 'page', 'sections'],
      category: 'Marketing',
      url: '/components/marketing/sections/faq-sections',
    });
    expect(palette.map((item) => item.url)).toEqual(
      expect.arrayContaining([
        '/templates/catalyst',
        '/all-access',
        '/documentation/getting-started',
        '/changelog',
      ]),
    );
  });

  it('uses the configured brand', async () => {
    const { app } = await testApp({ env: { BRAND_NAME: 'Mosaic' } });
    const html = (await request(app).get('/').expect(200)).text;
    expect(html).toContain('<title>Mosaic</title>');
    expect(pageFromHtml(html).props.brandName).toBe('Mosaic');
  });

  it('names the command palette’s items on every page, never carries them (decision 020)', async () => {
    const { app } = await testApp();
    const html = pageFromHtml((await request(app).get('/').expect(200)).text);
    const visit = pageFrom(await inertiaGet(app, '/login').expect(200));
    expect(visit.props.commandPaletteUrl).toBe(html.props.commandPaletteUrl);
    expect(html.props).not.toHaveProperty('commandPalette');
    expect(visit.onceProps ?? {}).not.toHaveProperty('commandPalette');
  });

  it('sends what a previous request flashed in the page object, not in the props', async () => {
    const store: FlashStore = {
      read: () => ({ messages: { status: 'Your password has been reset.', success: 'Done.' } }),
      write: () => undefined,
    };
    const { app } = await testApp({ flashStore: store });
    const response = await inertiaGet(app, '/login').expect(200);
    expect(pageFrom(response).flash).toEqual({
      status: 'Your password has been reset.',
      success: 'Done.',
    });
    expect(pageFrom(response).props).not.toHaveProperty('flash');
    expect(pageFrom(response).props).not.toHaveProperty('status');
  });
});

describe('errors', () => {
  it('answers an unknown route visited as a document with the ErrorPage in the site document', async () => {
    const { app } = await testApp();
    const response = await request(app).get('/no/such/page').set('Accept', 'text/html').expect(404);
    expect(response.type).toBe('text/html');
    expect(response.text).toMatch(/^<!DOCTYPE html>/i);
    const page = pageFromHtml(response.text);
    expect(page.component).toBe('ErrorPage');
    expect(page.url).toBe('/no/such/page');
    expect(page.props).toMatchObject({ status: 404, message: 'No page at /no/such/page' });
    // The shared page data the header and footer need comes with it.
    expect(page.props.brandName).toBeTypeOf('string');
    expect(response.text).not.toContain('<h1>404 Not Found</h1>');
  });

  it('answers an unknown route visited in the app with a 404 Inertia ErrorPage', async () => {
    const { app } = await testApp();
    const response = await inertiaGet(app, '/no/such/page').expect(404);
    expect(response.headers['x-inertia']).toBe('true');
    expect(pageFrom(response)).toMatchObject({
      component: 'ErrorPage',
      url: '/no/such/page',
      props: { status: 404, message: 'No page at /no/such/page', errors: {} },
    });
  });

  it('keeps JSON for API and XHR clients that are not Inertia visits', async () => {
    const { app } = await testApp();
    const fetchClient = await request(app)
      .get('/nope')
      .set('Accept', 'application/json')
      .expect(404);
    expect(fetchClient.type).toBe('application/json');
    expect(fetchClient.body).toMatchObject({ status: 404, message: 'No page at /nope' });
    const xhr = await request(app)
      .get('/nope')
      .set('X-Requested-With', 'XMLHttpRequest')
      .expect(404);
    expect(xhr.body).toMatchObject({ status: 404 });
  });

  it('logs a 500 with the request id and shows no internals in production', async () => {
    let reads = 0;
    // Fails the page's own render, then lets the error page render.
    const failing: FlashStore = {
      read: () => {
        reads += 1;
        if (reads % 2 === 1) throw new Error('database password=hunter2 exploded');
        return null;
      },
      write: () => undefined,
    };
    const { app, lines } = await testApp({
      flashStore: failing,
      config: testConfig({ NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40) }),
    });

    const html = await request(app).get('/').set('Accept', 'text/html').expect(500);
    expect(html.text).not.toContain('exploded');
    expect(html.text).not.toContain('hunter2');
    const requestId = String(html.headers['x-request-id']);
    const page = pageFromHtml(html.text);
    expect(page.component).toBe('ErrorPage');
    expect(page.props).toMatchObject({ status: 500, requestId });
    expect(page.props).not.toHaveProperty('message');
    expect(page.props).not.toHaveProperty('stack');

    const inertia = await inertiaGet(app, '/').expect(500);
    expect(inertia.text).not.toContain('exploded');
    expect(pageFrom(inertia)).toMatchObject({
      component: 'ErrorPage',
      props: { status: 500, requestId: inertia.headers['x-request-id'] },
    });

    const json = await request(app).get('/').set('Accept', 'application/json').expect(500);
    expect(json.body).toEqual({
      status: 500,
      message: 'Internal Server Error',
      requestId: json.headers['x-request-id'],
    });

    const logged = lines.find(
      (line) => line.msg === 'Unhandled error' && line.requestId === requestId,
    );
    expect(logged).toBeDefined();
    expect(JSON.stringify(logged?.err)).toContain('exploded');
  });

  it('renders the 503 maintenance page in a visitor’s chrome when the shared data cannot be had', async () => {
    const down: FlashStore = {
      read: () => {
        throw new ServiceUnavailableError('The store is down for a minute.', {
          retryAfterSeconds: 45,
        });
      },
      write: () => undefined,
    };
    const { app, lines } = await testApp({
      flashStore: down,
      config: testConfig({ NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40) }),
    });
    const html = await request(app).get('/').set('Accept', 'text/html').expect(503);
    const inertia = await inertiaGet(app, '/').expect(503);
    for (const [response, page] of [
      [html, pageFromHtml(html.text)],
      [inertia, pageFrom(inertia)],
    ] as const) {
      expect(response.headers['retry-after']).toBe('45');
      expect(page).toMatchObject({
        component: 'ErrorPage',
        props: {
          status: 503,
          message: 'The store is down for a minute.',
          retryAfterSeconds: 45,
          requestId: String(response.headers['x-request-id']),
          auth: null,
          brandName: 'Tessera UI',
        },
      });
    }
    // An outage, not a bug: one warning per request, and the store is not asked again.
    expect(lines.filter((line) => line.msg === 'Unavailable')).toHaveLength(2);
    expect(lines.some((line) => /^Cannot render|^Unhandled/.test(line.msg))).toBe(false);
  });

  it('answers a stale CSRF token with the "Page expired" ErrorPage (419) and a fresh token', async () => {
    const { app } = await testApp();
    const form = { email: 'ada@example.com', password: 'whatever' };
    const inertia = await request(app).post('/login').set(INERTIA).send(form).expect(419);
    expect(pageFrom(inertia)).toMatchObject({ component: 'ErrorPage', props: { status: 419 } });
    expect(String(inertia.headers['set-cookie'])).toContain('XSRF-TOKEN=');
    const html = await request(app)
      .post('/login')
      .set('Accept', 'text/html')
      .type('form')
      .send(form)
      .expect(419);
    expect(pageFromHtml(html.text)).toMatchObject({
      component: 'ErrorPage',
      props: { status: 419 },
    });
    const json = await request(app)
      .post('/login')
      .set('Accept', 'application/json')
      .send(form)
      .expect(419);
    expect(json.body).toMatchObject({ status: 419, message: expect.stringMatching(/expired/) });
  });

  it('answers malformed JSON bodies with 400', async () => {
    const { app } = await testApp();
    await request(app)
      .post('/login')
      .set('Content-Type', 'application/json')
      .set('Accept', 'application/json')
      .send('{"email":')
      .expect(400);
  });
});
