import { beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../test/browser.ts';
import { testApp } from '../../test/helpers.ts';
import { TEST_DATABASE } from '../../test/services.ts';
import { HOST, HOSTILE_REFERERS } from '../../test/hostile-referers.ts';

/** Every redirect-back of the store, through the app, for the Referers safePath refuses. */
describe(`going back (${TEST_DATABASE})`, () => {
  let app: Awaited<ReturnType<typeof testApp>>['app'];
  beforeAll(async () => {
    ({ app } = await testApp());
  });

  async function submitWithReferer(
    method: 'put' | 'post',
    url: string,
    body: object,
    referer: string,
  ) {
    const browser = new TestBrowser(app);
    await browser.visit('/');
    return browser.agent[method](url)
      .set('Host', HOST)
      .set('Referer', referer)
      .set('X-XSRF-TOKEN', browser.xsrf)
      .send(body);
  }

  const FORMS: [string, 'put' | 'post', string, object][] = [
    ['a display choice', 'put', '/snippet-language', { snippet_lang: 'vue' }],
    ['the colour scheme', 'put', '/preview-color-scheme', { preview_color_scheme: 'dark' }],
    ['the preview width', 'put', '/preview-width', { preview_width: 'md' }],
    ['the store’s colour scheme', 'put', '/color-scheme', { color_scheme: 'dark' }],
    ['a form that fails validation', 'post', '/newsletter', { email: 'not-an-address' }],
  ];

  it.each(FORMS)(
    'sends %s back home, never off the site, for a hostile Referer',
    async (_, method, url, body) => {
      for (const referer of HOSTILE_REFERERS) {
        const response = await submitWithReferer(method, url, body, referer);
        expect([302, 303], referer).toContain(response.status);
        expect([referer, response.headers.location]).toEqual([referer, '/']);
      }
    },
  );

  it.each(FORMS)(
    'sends %s back to the page it came from on this site',
    async (_, method, url, body) => {
      const referer = `http://${HOST}/components/marketing?lang=vue`;
      const response = await submitWithReferer(method, url, body, referer);
      expect(response.headers.location).toBe('/components/marketing?lang=vue');
    },
  );

  it('links the checkout\'s "Packages" only to a safe page of this site', async () => {
    const checkout = async (referer: string) => {
      const response = await new TestBrowser(app).agent
        .get('/checkout/marketing')
        .set('Host', HOST)
        .set('Referer', referer)
        .set({ 'X-Inertia': 'true', 'X-Inertia-Version': '' });
      expect(response.status).toBe(200);
      return (response.body as { props: { product: { backUrl: string | null } } }).props.product
        .backUrl;
    };
    for (const referer of HOSTILE_REFERERS) expect(await checkout(referer), referer).toBeNull();
    expect(await checkout(`http://${HOST}/components`)).toBe('/components');
  });

  it('signs in and lands only on a safe page, whatever `intended_url` says', async () => {
    for (const intended of ['//evil.example', '/%2F%2Fevil.example', '/\\evil.example']) {
      const browser = new TestBrowser(app);
      const response = await browser.submit('post', '/login', {
        email: 'nobody@example.com',
        password: 'wrong-password-123',
        intended_url: intended,
      });
      expect(response.headers.location ?? '/login').not.toContain('evil');
    }
  });
});
