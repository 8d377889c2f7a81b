import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { TestBrowser } from '../../test/browser.ts';
import { INERTIA, testApp } from '../../test/helpers.ts';
import { TEST_DATABASE, TEST_SESSION_STORE } from '../../test/services.ts';
import { createUser, uniqueEmail } from '../../test/users.ts';
import { PRIVATE_NO_STORE } from './cache-control.ts';

const PASSWORD = 'correct horse battery staple';

describe(`responses that depend on who is asking are private, no-store (${TEST_DATABASE}, ${TEST_SESSION_STORE})`, () => {
  it('for a signed-in user: page HTML, Inertia JSON, redirects and errors', async () => {
    const { app, services } = await testApp();
    const email = uniqueEmail();
    await createUser(services, email, PASSWORD);
    const browser = new TestBrowser(app);
    const signIn = await browser.submit('post', '/login', { email, password: PASSWORD });
    expect(signIn.headers['cache-control']).toBe(PRIVATE_NO_STORE);

    for (const url of ['/account-settings', '/', '/components', '/templates/salient', '/login']) {
      const json = await browser.visit(url);
      expect([url, json.status, json.headers['cache-control']]).toEqual([
        url,
        json.status,
        PRIVATE_NO_STORE,
      ]);
      const html = await browser.agent.get(url).set('Accept', 'text/html');
      expect([url, html.headers['cache-control']]).toEqual([url, PRIVATE_NO_STORE]);
    }
    const account = await browser.agent.get('/account-settings').set('Accept', 'text/html');
    expect(account.status).toBe(200);
    expect(account.text).toContain(email);
    const missing = await browser.agent.get('/no/such/page').set('Accept', 'text/html');
    expect(missing.headers['cache-control']).toBe(PRIVATE_NO_STORE);
  });

  it('for a visitor too: pages carry their flash, CSRF cookie and remembered language', async () => {
    const { app } = await testApp();
    const page = await request(app).get('/').set(INERTIA).set('X-Inertia-Version', '');
    expect(page.headers['cache-control']).toBe(PRIVATE_NO_STORE);
    const redirect = await request(app).get('/account-settings').set('Accept', 'text/html');
    expect(redirect.status).toBe(302);
    expect(redirect.headers['cache-control']).toBe(PRIVATE_NO_STORE);
  });

  it('keeps a route’s own policy for what is the same for everyone', async () => {
    const { app } = await testApp();
    const sitemap = await request(app).get('/sitemap.xml').expect(200);
    expect(sitemap.headers['cache-control']).toBe('public, max-age=3600');
  });
});
