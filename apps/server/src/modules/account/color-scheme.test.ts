import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { sharedProp, TestBrowser } from '../../../test/browser.ts';
import { testApp } from '../../../test/helpers.ts';
import { TEST_DATABASE } from '../../../test/services.ts';
import { createUser, uniqueEmail } from '../../../test/users.ts';

const PASSWORD = 'correct horse battery staple';
/** The remembered value, as the next page shares it. */
const shared = (browser: TestBrowser) => sharedProp(browser, 'colorScheme');

/** The `<html>` start tag of a page loaded as a browser loads it first (no Inertia header). */
async function htmlTag(browser: TestBrowser, url = '/components'): Promise<string> {
  const response = await browser.agent.get(url).set('Accept', 'text/html');
  return /<html[^>]*>/.exec(response.text)?.[0] ?? '';
}

/** A new account, and a way to sign a browser in to it (a new one unless given). */
async function account(app: Awaited<ReturnType<typeof testApp>>) {
  const email = uniqueEmail();
  await createUser(app.services, email, PASSWORD);
  const signIn = async (browser = new TestBrowser(app.app)) => {
    await browser.submit('post', '/login', { email, password: PASSWORD });
    return browser;
  };
  return { email, signIn };
}

describe(`PUT /color-scheme (${TEST_DATABASE})`, () => {
  it('follows the device until a visitor chooses, then keeps the choice in the session', async () => {
    const app = await testApp();
    const visitor = new TestBrowser(app.app);
    expect(await shared(visitor)).toBe('system');
    expect(await htmlTag(visitor)).toBe('<html lang="en">');
    const response = await visitor.submit('put', '/color-scheme', { color_scheme: 'dark' });
    expect(response.status).toBe(303);
    expect(await shared(visitor)).toBe('dark');
    expect(await htmlTag(visitor)).toBe('<html lang="en" data-color-scheme="dark">');
    await visitor.submit('put', '/color-scheme', { color_scheme: 'light' });
    expect(await htmlTag(visitor)).toBe('<html lang="en" data-color-scheme="light">');
    await visitor.submit('put', '/color-scheme', { color_scheme: 'system' });
    expect(await shared(visitor)).toBe('system');
    expect(await htmlTag(visitor)).toBe('<html lang="en">');
    // Another visitor is not affected.
    await visitor.submit('put', '/color-scheme', { color_scheme: 'dark' });
    expect(await shared(new TestBrowser(app.app))).toBe('system');
  });

  it('draws the scheme on error pages too', async () => {
    const app = await testApp();
    const visitor = new TestBrowser(app.app);
    await visitor.submit('put', '/color-scheme', { color_scheme: 'dark' });
    expect(await htmlTag(visitor, '/no-such-page')).toBe(
      '<html lang="en" data-color-scheme="dark">',
    );
  });

  it('keeps a signed-in user’s choice on the account, across sessions', async () => {
    const app = await testApp();
    const { email, signIn } = await account(app);
    await (await signIn()).submit('put', '/color-scheme', { color_scheme: 'light' });
    const again = await signIn();
    expect(await shared(again)).toBe('light');
    expect(await htmlTag(again)).toBe('<html lang="en" data-color-scheme="light">');
    const row = await app.services.database.db
      .selectFrom('users')
      .select('color_scheme')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.color_scheme).toBe('light');
  });

  it('keeps a visitor’s choice over signing in until the account has its own', async () => {
    const app = await testApp();
    const { email, signIn } = await account(app);
    const visitor = new TestBrowser(app.app);
    await visitor.submit('put', '/color-scheme', { color_scheme: 'dark' });
    const before = visitor.cookies.get('tessera_session');
    await signIn(visitor);
    expect(await visitor.signedInAs()).toBe(email);
    // A new session (no fixation), the same scheme.
    expect(visitor.cookies.get('tessera_session')).not.toBe(before);
    expect(await shared(visitor)).toBe('dark');
    await visitor.submit('put', '/color-scheme', { color_scheme: 'light' });
    expect(await shared(visitor)).toBe('light');
    // Signed out, the visitor's own session starts afresh: the device decides again.
    await visitor.submit('post', '/logout');
    expect(await shared(visitor)).toBe('system');
  });

  it.each([
    ['an unknown scheme', 'sepia'],
    ['the previews’ default', 'auto'],
    ['a different case', 'Dark'],
    ['padding', ' dark'],
    ['percent-encoding', 'd%61rk'],
    ['markup', '"><script>alert(1)</script>'],
    ['a right-to-left override', '\u202edark'],
    ['a NUL byte', 'dark\u0000'],
    ['a lone surrogate', 'dark\ud800'],
    ['a long value', 'dark'.repeat(20_000)],
    ['a boolean', true],
    ['an array', ['dark']],
    ['an object', { $ne: 'light' }],
    ['null', null],
    ['nothing', undefined],
  ])('refuses %s with 422 and keeps the choice', async (_name, value) => {
    const app = await testApp();
    const visitor = new TestBrowser(app.app);
    await visitor.submit('put', '/color-scheme', { color_scheme: 'dark' });
    await visitor.visit('/');
    const response = await visitor.agent
      .put('/color-scheme')
      .set('Accept', 'application/json')
      .set('X-XSRF-TOKEN', visitor.xsrf)
      .send({ color_scheme: value });
    expect(response.status).toBe(422);
    // NUL bytes and lone surrogates are stopped earlier, by the input guard, with its own words.
    const guarded =
      typeof value === 'string' && (value.includes('\u0000') || /\p{Cs}/u.test(value));
    expect(response.body.errors.color_scheme).toMatch(
      guarded
        ? /not allowed \(a NUL byte or an unpaired UTF-16 surrogate\)/
        : /^Choose System, Light or Dark\.$/,
    );
    expect(await shared(visitor)).toBe('dark');
  });

  it('refuses a request without the CSRF token', async () => {
    const app = await testApp();
    const visitor = new TestBrowser(app.app);
    const response = await request(app.app)
      .put('/color-scheme')
      .set('Accept', 'application/json')
      .send({ color_scheme: 'dark' });
    expect(response.status).toBe(419);
    expect(await shared(visitor)).toBe('system');
  });
});
