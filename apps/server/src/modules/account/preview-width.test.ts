import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { sharedProp, TestBrowser } from '../../../test/browser.ts';
import { testApp } from '../../../test/helpers.ts';
import { TEST_DATABASE } from '../../../test/services.ts';
import { createUser, uniqueEmail } from '../../../test/users.ts';

const PASSWORD = 'correct horse battery staple';
/** The remembered value, as the next page shares it. */
const shared = (browser: TestBrowser) => sharedProp(browser, 'previewWidth');

describe(`PUT /preview-width (${TEST_DATABASE})`, () => {
  it('remembers a visitor’s preset in the session and shares it on the next page', async () => {
    const app = await testApp();
    const visitor = new TestBrowser(app.app);
    expect(await shared(visitor)).toBe('full');
    const response = await visitor.submit('put', '/preview-width', { preview_width: 'md' });
    expect(response.status).toBe(303);
    expect(await shared(visitor)).toBe('md');
    await visitor.submit('put', '/preview-width', { preview_width: 'phone' });
    expect(await shared(visitor)).toBe('phone');
    // Another visitor is not affected.
    expect(await shared(new TestBrowser(app.app))).toBe('full');
  });

  it('keeps a signed-in user’s preset on the account, across sessions', async () => {
    const app = await testApp();
    const email = uniqueEmail();
    await createUser(app.services, email, PASSWORD);
    const user = new TestBrowser(app.app);
    await user.submit('post', '/login', { email, password: PASSWORD });
    await user.submit('put', '/preview-width', { preview_width: 'xl' });
    const again = new TestBrowser(app.app);
    await again.submit('post', '/login', { email, password: PASSWORD });
    expect(await shared(again)).toBe('xl');
    const row = await app.services.database.db
      .selectFrom('users')
      .select('preview_width')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.preview_width).toBe('xl');
  });

  it.each([
    ['an unknown preset', '2xl'],
    ['a pixel width', '768'],
    ['a number', 768],
    ['a different case', 'MD'],
    ['padding', ' md'],
    ['percent-encoding', 'm%64'],
    ['a right-to-left override', '\u202emd'],
    ['a NUL byte', 'md\u0000'],
    ['a lone surrogate', 'md\ud800'],
    ['a long value', 'md'.repeat(50_000)],
    ['an array', ['md']],
    ['an object', { $ne: 'full' }],
    ['null', null],
    ['nothing', undefined],
  ])('refuses %s with 422 and keeps the preset', async (_name, value) => {
    const app = await testApp();
    const visitor = new TestBrowser(app.app);
    await visitor.submit('put', '/preview-width', { preview_width: 'lg' });
    await visitor.visit('/');
    const response = await visitor.agent
      .put('/preview-width')
      .set('Accept', 'application/json')
      .set('X-XSRF-TOKEN', visitor.xsrf)
      .send({ preview_width: value });
    expect(response.status).toBe(422);
    // NUL bytes and lone surrogates are stopped earlier, by the input guard, with its own words.
    const guarded =
      typeof value === 'string' && (value.includes('\u0000') || /\p{Cs}/u.test(value));
    expect(response.body.errors.preview_width).toMatch(
      guarded
        ? /not allowed \(a NUL byte or an unpaired UTF-16 surrogate\)/
        : /^Choose Phone, sm, md, lg, xl or Full\.$/,
    );
    expect(await shared(visitor)).toBe('lg');
  });

  it('refuses a request without the CSRF token', async () => {
    const app = await testApp();
    const visitor = new TestBrowser(app.app);
    const response = await request(app.app)
      .put('/preview-width')
      .set('Accept', 'application/json')
      .send({ preview_width: 'md' });
    expect(response.status).toBe(419);
    expect(await shared(visitor)).toBe('full');
  });
});
