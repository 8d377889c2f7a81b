import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/sign-in.ts';
import { TestBrowser } from '../../../test/browser.ts';
import { INERTIA, testApp } from '../../../test/helpers.ts';
import { TEST_DATABASE, TEST_SESSION_STORE } from '../../../test/services.ts';
import { createUser, uniqueEmail } from '../../../test/users.ts';
import { newLicenseKey } from '../shared/index.ts';

// The sign-in, sign-out and password-reset pages as a browser meets them: which page is drawn,
// where each answer leads, what a refusal for rate draws, and what signing out takes away.
const PASSWORD = 'correct horse battery staple';
let app: Awaited<ReturnType<typeof testApp>>;

beforeAll(async () => {
  app = await testApp();
});

async function account() {
  const email = uniqueEmail('pages');
  await createUser(app.services, email, PASSWORD);
  return email;
}

/** The Set-Cookie line of one cookie in a response. */
function setCookie(response: request.Response, name: string): string | undefined {
  const lines = (response.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
  return lines.find((line) => line.startsWith(`${name}=`));
}

describe(`the sign-in and reset pages (${TEST_DATABASE}, ${TEST_SESSION_STORE} sessions)`, () => {
  it('draws each form as its own page; the reset link’s page has an empty address unless given', async () => {
    const browser = new TestBrowser(app.app);
    expect((await browser.visit('/login')).body.component).toBe('Login');
    expect((await browser.visit('/password/reset')).body.component).toBe('ForgotPassword');
    const link = await browser.visit('/password/reset/abc_DEF-1');
    expect(link.body).toMatchObject({
      component: 'ResetPassword',
      props: { token: 'abc_DEF-1', email: '' },
    });
    const given = await browser.visit('/password/reset/abc?email=a%40example.com');
    expect(given.body.props.email).toBe('a@example.com');
  });

  it('sends someone already signed in home from the sign-in page, or to the licence page asked for', async () => {
    const browser = await signIn(app.app, await account(), PASSWORD, { remember: false });
    const home = await browser.visit('/login');
    expect(home.status).toBe(302);
    expect(home.headers.location).toBe('/');
    const key = newLicenseKey();
    const licence = await browser.visit(
      `/login?intended_url=${encodeURIComponent(`/licenses/${key}`)}`,
    );
    expect(licence.headers.location).toBe(`/licenses/${key}`);
    const elsewhere = await browser.visit('/login?intended_url=%2F%2Fevil.example');
    expect(elsewhere.headers.location).toBe('/');
  });

  it('brings a visitor from a licence page back to it after signing in', async () => {
    const email = await account();
    const key = newLicenseKey();
    const browser = new TestBrowser(app.app);
    await browser.visit(`/login?intended_url=${encodeURIComponent(`/licenses/${key}`)}`);
    const signedIn = await browser.submit('post', '/login', { email, password: PASSWORD });
    expect(signedIn.headers.location).toBe(`/licenses/${key}`);
  });

  it('forgets the failed attempts once the right password is given', async () => {
    const email = await account();
    const browser = new TestBrowser(app.app);
    const attempts = async () => {
      for (let i = 0; i < 4; i += 1) {
        const wrong = await browser.submit('post', '/login', { email, password: `wrong-${i}` });
        expect(wrong.status).toBe(302);
      }
      const right = await browser.submit('post', '/login', { email, password: PASSWORD });
      expect(right.status, 'the fifth attempt, the right one').toBe(302);
      expect(right.headers.location).toBe('/');
    };
    await attempts();
    await browser.submit('post', '/logout');
    // Ten attempts in all, over the limit of five, but never five failures in a row.
    await attempts();
  });

  it('draws a refused reset request again at 429, on the request page', async () => {
    const email = await account();
    const browser = new TestBrowser(app.app);
    for (let i = 0; i < 5; i += 1) await browser.submit('post', '/password/email', { email });
    const refused = await browser.submit('post', '/password/email', { email });
    expect(refused.status).toBe(429);
    expect(refused.body.component).toBe('ForgotPassword');
    expect(refused.body.url).toBe('/password/reset');
    expect(refused.body.props.errors.email).toMatch(/^Too many reset requests\./);
    // A request that was let through lands on the same page with the same words for everyone.
    const other = new TestBrowser(app.app);
    const sent = await other.submit('post', '/password/email', { email: uniqueEmail('nobody') });
    expect(sent.headers.location).toBe('/password/reset');
  });

  it('draws refused reset attempts again at 429 on the link’s page, with its token and address', async () => {
    const email = await account();
    const browser = new TestBrowser(app.app);
    const attempt = { token: 'not-a-real-token', email, password: 'a-long-new-password-1' };
    for (let i = 0; i < 5; i += 1) await browser.submit('post', '/password/reset', attempt);
    const refused = await browser.submit('post', '/password/reset', attempt);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      component: 'ResetPassword',
      url: '/password/reset/not-a-real-token',
      props: { token: 'not-a-real-token', email },
    });
    expect(refused.body.props.errors.email).toMatch(/^Too many reset attempts\./);
  });

  it('sends a new password the store refuses back to the link’s page', async () => {
    const browser = new TestBrowser(app.app);
    const weak = await browser.submit('post', '/password/reset', {
      token: 'some-token',
      email: await account(),
      password: 'short',
    });
    expect(weak.status).toBe(302);
    expect(weak.headers.location).toBe('/password/reset/some-token');
    expect((await browser.errorsAfterRedirect('/password/reset/some-token')).password).toBeTruthy();
  });
});

describe(`the auth routes (${TEST_DATABASE})`, () => {
  // The app is made inside the test (not in beforeAll), so a mutation run sees each route built.
  it('answers every sign-in and reset address where the pages and forms call it', async () => {
    const fresh = await testApp();
    const browser = new TestBrowser(fresh.app);
    expect((await browser.visit('/login')).body.component).toBe('Login');
    expect((await browser.visit('/password/reset')).body.component).toBe('ForgotPassword');
    expect((await browser.visit('/password/reset/abc')).body.component).toBe('ResetPassword');
    // With no sign-in waiting, the second step sends the visitor back to the first.
    expect((await browser.visit('/login/second-factor')).headers.location).toBe('/login');
    const expired = await browser.submit('post', '/login/second-factor', { code: '123456' });
    expect(expired.status).toBe(302);
    expect(expired.headers.location).toBe('/login');
    const options = await browser.submit('post', '/login/second-factor/passkey-options');
    expect(options.status).toBe(409);
    const passkey = await browser.submit('post', '/login/second-factor/passkey', {});
    // An empty answer is refused as a form (back, with the error), not a missing address.
    expect(passkey.status).toBe(302);
    expect(
      (await browser.submit('post', '/password/email', { email: uniqueEmail('r') })).headers
        .location,
    ).toBe('/password/reset');
    const wrong = await browser.submit('post', '/login', {
      email: uniqueEmail('w'),
      password: 'x',
    });
    expect(wrong.headers.location).toBe('/login');
    const reset = await browser.submit('post', '/password/reset', {
      token: 'some-token',
      email: uniqueEmail('r'),
      password: 'short',
    });
    expect(reset.headers.location).toBe('/password/reset/some-token');
    expect((await browser.submit('post', '/logout')).status).toBe(302);
  });
});

describe(`signing out (${TEST_DATABASE}, ${TEST_SESSION_STORE} sessions)`, () => {
  it('clears the remember-me cookie and hands the browser a visitor’s CSRF token', async () => {
    const browser = await signIn(app.app, await account(), PASSWORD, { remember: true });
    const before = browser.xsrf;
    const out = await browser.submit('post', '/logout');
    expect(setCookie(out, 'tessera_remember')).toMatch(/^tessera_remember=;.*Max-Age=0/);
    const xsrf = setCookie(out, 'XSRF-TOKEN');
    expect(xsrf).toBeDefined();
    expect(browser.xsrf).not.toBe(before);
    // The new token works for a visitor's form at once.
    const next = await browser.submit('post', '/password/email', { email: uniqueEmail('x') });
    expect(next.status).toBe(302);
  });

  it('revokes the remembered token even when the browser no longer sends its cookie', async () => {
    const browser = await signIn(app.app, await account(), PASSWORD, { remember: true });
    const token = browser.cookies.get('tessera_remember')!;
    const session = browser.cookies.get('tessera_session')!;
    // Sign out with the session cookie alone (the remember cookie lost or blocked).
    const out = await request(app.app)
      .post('/logout')
      .set(INERTIA)
      .set('X-XSRF-TOKEN', browser.xsrf)
      .set(
        'Cookie',
        `tessera_session=${encodeURIComponent(session)}; XSRF-TOKEN=${encodeURIComponent(browser.xsrf)}`,
      )
      .send({});
    expect(out.status).toBe(302);
    const later = await request(app.app)
      .get('/')
      .set(INERTIA)
      .set('Cookie', `tessera_remember=${encodeURIComponent(token)}`);
    expect(later.body.props.auth).toBeNull();
  });
});
