import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { TestBrowser } from '../../test/browser.ts';
import { INERTIA, testApp } from '../../test/helpers.ts';
import { TEST_DATABASE, TEST_SESSION_STORE } from '../../test/services.ts';
import { signedInUser } from '../../test/sign-in.ts';
import { findMalformedText, isMalformedText, MALFORMED_TEXT_MESSAGE } from './input-guard.ts';

/** A JSON body refused for malformed text: a 422 naming the one rule, as the guard words it. */
function expectMalformedText(response: request.Response) {
  expect(response.status).toBe(422);
  expect(response.body.message).toBe('The given data was invalid.');
  expect(Object.values(response.body.errors)).toEqual([MALFORMED_TEXT_MESSAGE]);
}

// Each is refused wherever a string reaches the database or a URL.
const HOSTILE = {
  'a NUL byte': 'a\u0000b',
  'a lone high surrogate': 'a\uD800b',
  'a lone low surrogate': 'a\uDC00b',
  'a trailing high surrogate': 'abc\uDBFF',
  'a reversed pair': '\uDC00\uD800',
};
const HOSTILE_CASES = Object.entries(HOSTILE);

describe('malformed text', () => {
  it('is NUL or an unpaired surrogate; a proper pair (an emoji) and U+FFFD are fine', () => {
    for (const text of Object.values(HOSTILE)) expect(isMalformedText(text)).toBe(true);
    for (const text of ['', 'plain', 'é', '😀', '\uD83D\uDE00', '\uFFFD', '%00', '\\u0000']) {
      expect(isMalformedText(text)).toBe(false);
    }
  });

  it('is found in nested values and keys, without recursion', () => {
    expect(findMalformedText({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toBe('a.1.c');
    expect(findMalformedText({ ['k\uD800']: 'v' })).toBe('k\uD800');
    expect(findMalformedText({ a: 1, b: true, c: null, d: 'fine' })).toBeNull();
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(findMalformedText(deep)).toMatch(/^0(\.0)*$/);
  });
});

describe(`NUL bytes and lone surrogates are refused with 422, never a 500 (${TEST_DATABASE}, ${TEST_SESSION_STORE} sessions)`, () => {
  it.each(HOSTILE_CASES)('in a JSON body: POST /page-views with %s', async (_name, text) => {
    const { app, services } = await testApp();
    for (const body of [
      { path: `/components${text}` },
      { path: '/components', referrer: `https://example.org/${text}` },
      { path: '/components', [`x${text}`]: 1 },
      { path: '/components', nested: [{ deep: text }] },
    ]) {
      const response = await request(app)
        .post('/page-views')
        .set('Content-Type', 'application/json')
        .send(JSON.stringify(body));
      expectMalformedText(response);
    }
    const rows = await services.database.db.selectFrom('page_views').selectAll().execute();
    expect(rows).toEqual([]);
  });

  it.each(HOSTILE_CASES)(
    'in the copy call’s JSON body: POST /your-updates/copies with %s',
    async (_name, text) => {
      const { app, services } = await testApp();
      const { id, browser } = await signedInUser(services, app, 'guarded');
      const uuid = '00000000-0000-4000-8000-000000000000';
      for (const body of [
        { component: `${uuid.slice(0, 35)}${text}`, version: 1 },
        { component: uuid, version: 1, [`x${text}`]: 1 },
        { component: uuid, version: 1, nested: [{ deep: text }] },
      ]) {
        const response = await browser.agent
          .post('/your-updates/copies')
          .set('Accept', 'application/json')
          .set('Content-Type', 'application/json')
          .set('X-XSRF-TOKEN', browser.xsrf)
          .send(JSON.stringify(body));
        expectMalformedText(response);
      }
      const rows = await services.database.db
        .selectFrom('components_taken')
        .selectAll()
        .where('user_id', '=', id)
        .execute();
      expect(rows).toEqual([]);
    },
  );

  it.each(HOSTILE_CASES)(
    'in an Inertia form: back to the form with the field’s error (%s)',
    async (_name, text) => {
      const { app } = await testApp();
      const browser = new TestBrowser(app);
      const forms: ['post' | 'put', string, Record<string, string>, string][] = [
        ['post', '/login', { email: `ada${text}@example.com`, password: 'x'.repeat(12) }, 'email'],
        ['post', '/password/email', { email: `ada${text}@example.com` }, 'email'],
        [
          'post',
          '/password/reset',
          {
            token: `tok${text}`,
            email: 'ada@example.com',
            password: 'p'.repeat(12),
            password_confirmation: 'p'.repeat(12),
          },
          'token',
        ],
        ['post', '/newsletter', { email_address: `a${text}@example.com` }, 'email_address'],
        ['put', '/snippet-language', { snippet_lang: `vue${text}` }, 'snippet_lang'],
        ['put', '/preview-width', { preview_width: `md${text}` }, 'preview_width'],
        ['put', '/color-scheme', { color_scheme: `dark${text}` }, 'color_scheme'],
      ];
      for (const [method, url, body, field] of forms) {
        const response = await browser.submit(method, url, body);
        expect([url, response.status]).toEqual([url, method === 'put' ? 303 : 302]);
        const errors = await browser.errorsAfterRedirect('/');
        expect(errors).toEqual({ [field]: MALFORMED_TEXT_MESSAGE });
      }
    },
  );

  it('in an HTML form post (urlencoded %00)', async () => {
    const { app } = await testApp();
    const browser = new TestBrowser(app);
    await browser.visit('/login');
    const response = await browser.agent
      .post('/login')
      .set('Accept', 'text/html')
      .type('form')
      .send(`_token=${encodeURIComponent(browser.xsrf)}&email=a%00b%40example.com&password=x`);
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe('/');
    expect(await browser.errorsAfterRedirect('/login')).toEqual({ email: MALFORMED_TEXT_MESSAGE });
  });

  it('in the query string and in route parameters', async () => {
    const { app } = await testApp();
    const urls = [
      '/components?q=%00',
      '/components?include=archived%00',
      '/components?a%00=1',
      '/password/reset/tok?email=a%00b',
      '/password/reset/%00',
      '/password/reset/tok%00en',
      '/templates/salient%00',
      '/documentation/%00',
      '/components/marketing/sections/faq%00',
      '/preview?component=%00',
      '/%00',
    ];
    for (const url of urls) {
      const html = await request(app).get(url).set('Accept', 'text/html');
      expect([url, html.status]).toEqual([url, 422]);
      expect(html.text).toContain('NUL byte');
      const inertia = await request(app).get(url).set(INERTIA).set('X-Inertia-Version', '');
      expect([url, inertia.status]).toEqual([url, 422]);
      expect(inertia.body.props.message).toMatch(/not allowed \(a NUL byte or an unpaired UTF-16/);
    }
  });

  it('in cookies: a NUL in a remember-me cookie is no cookie at all', async () => {
    const { app } = await testApp();
    let tried = 0;
    for (const value of ['%00:validator', 'sel%00ector:validator', 'selector:%00', '%00']) {
      const response = await request(app)
        .get('/')
        .set(INERTIA)
        .set('X-Inertia-Version', '')
        .set('Cookie', `tessera_remember=${value}; XSRF-TOKEN=${value}`);
      tried += 1;
      expect([value, response.status]).toEqual([value, 200]);
      expect(response.body.props.auth).toBeNull();
    }
    expect(tried).toBe(4);
  });

  it('never answers 5xx to encoded surrogates, double encoding or bad escapes in the address', async () => {
    const { app } = await testApp();
    const urls = [
      '/components?q=%ED%A0%80',
      '/components?q=%uD800',
      '/password/reset/%ED%A0%80',
      '/password/reset/%2500',
      '/templates/%C0%80',
      '/documentation/%E0%80%80',
      '/password/reset/%',
      '/components?q=%',
    ];
    for (const url of urls) {
      const response = await request(app).get(url).set(INERTIA).set('X-Inertia-Version', '');
      expect([url, response.status < 500]).toEqual([url, true]);
    }
  });
});
