import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { sharedProp, TestBrowser } from '../../../test/browser.ts';
import { testApp } from '../../../test/helpers.ts';
import { TEST_DATABASE } from '../../../test/services.ts';
import { createUser, uniqueEmail } from '../../../test/users.ts';

const PASSWORD = 'correct horse battery staple';
/** The remembered value, as the next page shares it. */
const shared = (browser: TestBrowser) => sharedProp(browser, 'previewColorScheme');

describe(`PUT /preview-color-scheme (${TEST_DATABASE})`, () => {
  it('remembers a visitor’s choice in the session and shares it on the next page', async () => {
    const app = await testApp();
    const visitor = new TestBrowser(app.app);
    expect(await shared(visitor)).toBe('light');
    const response = await visitor.submit('put', '/preview-color-scheme', {
      preview_color_scheme: 'dark',
    });
    expect(response.status).toBe(303);
    expect(await shared(visitor)).toBe('dark');
    await visitor.submit('put', '/preview-color-scheme', { preview_color_scheme: 'system' });
    expect(await shared(visitor)).toBe('system');
    // Another visitor is not affected.
    expect(await shared(new TestBrowser(app.app))).toBe('light');
  });

  it('keeps a signed-in user’s choice on the account, across sessions', async () => {
    const app = await testApp();
    const email = uniqueEmail();
    await createUser(app.services, email, PASSWORD);
    const user = new TestBrowser(app.app);
    await user.submit('post', '/login', { email, password: PASSWORD });
    await user.submit('put', '/preview-color-scheme', { preview_color_scheme: 'dark' });
    const again = new TestBrowser(app.app);
    await again.submit('post', '/login', { email, password: PASSWORD });
    expect(await shared(again)).toBe('dark');
    const row = await app.services.database.db
      .selectFrom('users')
      .select('preview_color_scheme')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.preview_color_scheme).toBe('dark');
  });

  it.each([
    ['an unknown scheme', 'sepia'],
    ['a different case', 'Dark'],
    ['padding', ' dark'],
    ['percent-encoding', 'd%61rk'],
    ['a NUL byte', 'dark\u0000'],
    ['a lone surrogate', 'dark\ud800'],
    ['a long value', 'dark'.repeat(5_000)],
    ['an array', ['dark']],
    ['an object', { $ne: 'light' }],
    ['nothing', undefined],
  ])('refuses %s with 422 and keeps the choice', async (_name, value) => {
    const app = await testApp();
    const visitor = new TestBrowser(app.app);
    await visitor.submit('put', '/preview-color-scheme', { preview_color_scheme: 'dark' });
    await visitor.visit('/');
    const response = await visitor.agent
      .put('/preview-color-scheme')
      .set('Accept', 'application/json')
      .set('X-XSRF-TOKEN', visitor.xsrf)
      .send({ preview_color_scheme: value });
    expect(response.status).toBe(422);
    // NUL bytes and lone surrogates are stopped earlier, by the input guard, with its own words.
    const guarded =
      typeof value === 'string' && (value.includes('\u0000') || /\p{Cs}/u.test(value));
    expect(response.body.errors.preview_color_scheme).toMatch(
      guarded
        ? /not allowed \(a NUL byte or an unpaired UTF-16 surrogate\)/
        : /^Choose Light, Dark or System\.$/,
    );
    expect(await shared(visitor)).toBe('dark');
  });

  it('refuses a request without the CSRF token', async () => {
    const app = await testApp();
    const response = await request(app.app)
      .put('/preview-color-scheme')
      .set('Accept', 'application/json')
      .send({ preview_color_scheme: 'dark' });
    expect(response.status).toBe(419);
  });
});
