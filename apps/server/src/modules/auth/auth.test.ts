import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../test/sign-in.ts';
import { TestBrowser } from '../../../test/browser.ts';
import { INERTIA, testApp } from '../../../test/helpers.ts';
import { TEST_DATABASE, TEST_SESSION_STORE } from '../../../test/services.ts';
import { createUser, uniqueEmail } from '../../../test/users.ts';
import { OTHER_SESSIONS_LOGGED_OUT } from '@tessera/pages/constants';
import { WRONG_PASSWORD } from './controller.ts';
import { BAD_CREDENTIALS } from './controller.ts';

const PASSWORD = 'correct horse battery staple';

describe(`sign-in (${TEST_DATABASE}, ${TEST_SESSION_STORE} sessions)`, () => {
  it('signs in, regenerating the session id and the CSRF token', async () => {
    const app = await testApp();
    const email = uniqueEmail();
    await createUser(app.services, email, PASSWORD);
    const browser = new TestBrowser(app.app);
    await browser.visit('/login');
    // A failed attempt leaves its errors in a (visitor's) session: the id a fixation would plant.
    await browser.submit('post', '/login', { email, password: 'not the password' });
    const sessionBefore = browser.cookies.get('tessera_session');
    const xsrfBefore = browser.xsrf;
    expect(sessionBefore).toBeTruthy();

    const response = await browser.submit('post', '/login', {
      email: email.toUpperCase(),
      password: PASSWORD,
    });
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe('/');
    expect(browser.cookies.get('tessera_session')).not.toBe(sessionBefore);
    expect(browser.xsrf).not.toBe(xsrfBefore);
    expect(await browser.signedInAs()).toBe(email);

    // The pre-login session id (a fixation attempt) is worth nothing afterwards.
    const fixated = await request(app.app)
      .get('/')
      .set(INERTIA)
      .set('Cookie', `tessera_session=${encodeURIComponent(sessionBefore!)}`);
    expect(fixated.body.props.auth).toBeNull();
  });

  it('answers a wrong password and an unknown address with the same single message', async () => {
    const app = await testApp();
    const email = uniqueEmail();
    await createUser(app.services, email, PASSWORD);
    for (const attempt of [
      { email, password: 'not the password' },
      { email: uniqueEmail('nobody'), password: PASSWORD },
    ]) {
      const browser = new TestBrowser(app.app);
      await browser.visit('/login');
      const response = await browser.submit('post', '/login', attempt);
      expect(response.headers.location).toBe('/login');
      expect(await browser.errorsAfterRedirect('/login')).toEqual({ email: BAD_CREDENTIALS });
      expect(await browser.signedInAs()).toBeNull();
    }
  });

  it('refuses a state change without the CSRF token (419) and changes nothing', async () => {
    const app = await testApp();
    const email = uniqueEmail();
    await createUser(app.services, email, PASSWORD);
    const browser = new TestBrowser(app.app);
    await browser.visit('/login');
    const missing = await browser.agent
      .post('/login')
      .set(INERTIA)
      .send({ email, password: PASSWORD });
    expect(missing.status).toBe(419);
    const wrong = await browser.agent
      .post('/login')
      .set(INERTIA)
      .set('X-XSRF-TOKEN', `${browser.xsrf}x`)
      .send({ email, password: PASSWORD });
    expect(wrong.status).toBe(419);
    expect(await browser.signedInAs()).toBeNull();

    const victim = await signIn(app.app, email, PASSWORD, { via: '/login', remember: false });
    const forged = await victim.agent
      .put('/account-settings/email')
      .set(INERTIA)
      .send({ email: 'attacker@example.com' });
    expect(forged.status).toBe(419);
    expect(await victim.signedInAs()).toBe(email);
  });

  it('limits sign-in to 5 attempts a minute per e-mail and IP, naming the wait', async () => {
    const app = await testApp();
    const email = uniqueEmail();
    await createUser(app.services, email, PASSWORD);
    const browser = new TestBrowser(app.app);
    await browser.visit('/login');
    for (let i = 0; i < 5; i += 1) {
      await browser.submit('post', '/login', { email, password: `wrong-${i}` });
    }
    const refused = await browser.submit('post', '/login', { email, password: PASSWORD });
    expect(refused.status).toBe(429);
    const errors = refused.body.props.errors;
    expect(errors.email).toMatch(
      /^Too many sign-in attempts\. Please try again in \d+ seconds?\.$/,
    );
    expect(await browser.signedInAs()).toBeNull();

    // Another address from the same IP is not locked out.
    const other = uniqueEmail();
    await createUser(app.services, other, PASSWORD);
    expect(
      await (
        await signIn(app.app, other, PASSWORD, { via: '/login', remember: false })
      ).signedInAs(),
    ).toBe(other);
  });

  it('sends the visitor back to the page that asked for a sign-in', async () => {
    const app = await testApp();
    const email = uniqueEmail();
    await createUser(app.services, email, PASSWORD);
    const browser = new TestBrowser(app.app);
    const gate = await browser.visit('/account-settings');
    expect(gate.status).toBe(302);
    expect(gate.headers.location).toBe('/login');
    const response = await browser.submit('post', '/login', { email, password: PASSWORD });
    expect(response.headers.location).toBe('/account-settings');
  });

  it('never redirects off-site after sign-in or sign-out', async () => {
    const app = await testApp();
    const email = uniqueEmail();
    await createUser(app.services, email, PASSWORD);
    const browser = new TestBrowser(app.app);
    await browser.visit('/login');
    const login = await browser.submit('post', '/login', {
      email,
      password: PASSWORD,
      intended_url: '//evil.example.com/phish',
    });
    expect(login.headers.location).toBe('/');
    for (const target of [
      'https://evil.example.com',
      '/\\evil.example.com',
      'javascript:alert(1)',
    ]) {
      const again = await signIn(app.app, email, PASSWORD, { via: '/login', remember: false });
      const out = await again.submit('post', '/logout', { redirect_url: target });
      expect(out.headers.location).toBe('/');
    }
    const last = await signIn(app.app, email, PASSWORD, { via: '/login', remember: false });
    expect(
      (await last.submit('post', '/logout', { redirect_url: '/templates?x=1' })).headers.location,
    ).toBe('/templates?x=1');
  });

  it('signs out: the session is destroyed on the server, not just forgotten by the browser', async () => {
    const app = await testApp();
    const email = uniqueEmail();
    await createUser(app.services, email, PASSWORD);
    const browser = await signIn(app.app, email, PASSWORD, { via: '/login', remember: false });
    const cookie = browser.cookies.get('tessera_session')!;
    await browser.submit('post', '/logout');
    const replay = await request(app.app)
      .get('/')
      .set(INERTIA)
      .set('Cookie', `tessera_session=${encodeURIComponent(cookie)}`);
    expect(replay.body.props.auth).toBeNull();
  });

  it('remembers a browser with a rotating token, revoked at sign-out', async () => {
    const app = await testApp();
    const email = uniqueEmail();
    await createUser(app.services, email, PASSWORD);
    const forgetful = await signIn(app.app, email, PASSWORD, { via: '/login', remember: false });
    expect(forgetful.cookies.has('tessera_remember')).toBe(false);

    const browser = await signIn(app.app, email, PASSWORD, { via: '/login', remember: true });
    const token = browser.cookies.get('tessera_remember')!;
    expect(token).toMatch(/^[\w-]+:[\w-]+$/);
    // A new browser session (the session cookie ended) with the remember cookie only.
    const back = await request(app.app)
      .get('/')
      .set(INERTIA)
      .set('Cookie', `tessera_remember=${encodeURIComponent(token)}`);
    expect(back.body.props.auth.user.email).toBe(email);
    const rotated = String(back.headers['set-cookie']).match(/tessera_remember=([^;]+)/)?.[1];
    expect(rotated && decodeURIComponent(rotated)).not.toBe(token);
    // The used token is spent.
    const replay = await request(app.app)
      .get('/')
      .set(INERTIA)
      .set('Cookie', `tessera_remember=${encodeURIComponent(token)}`);
    expect(replay.body.props.auth).toBeNull();

    // Sign-out revokes the current token on the server.
    const other = await signIn(app.app, email, PASSWORD, { via: '/login', remember: true });
    const otherToken = other.cookies.get('tessera_remember')!;
    await other.submit('post', '/logout');
    const afterLogout = await request(app.app)
      .get('/')
      .set(INERTIA)
      .set('Cookie', `tessera_remember=${encodeURIComponent(otherToken)}`);
    expect(afterLogout.body.props.auth).toBeNull();
  });

  it('logs out other sessions, only with the password, and keeps this one', async () => {
    const app = await testApp();
    const email = uniqueEmail();
    await createUser(app.services, email, PASSWORD);
    const here = await signIn(app.app, email, PASSWORD, { via: '/login', remember: true });
    const laptop = await signIn(app.app, email, PASSWORD, { via: '/login', remember: true });
    const laptopRemember = laptop.cookies.get('tessera_remember')!;

    await here.submit('post', '/logout/other', { password: 'wrong password' });
    expect(await here.errorsAfterRedirect('/account-settings')).toEqual({
      password: WRONG_PASSWORD,
    });
    expect(await laptop.signedInAs()).toBe(email);

    const done = await here.submit('post', '/logout/other', { password: PASSWORD });
    expect(done.headers.location).toBe('/account-settings');
    const page = await here.visit('/account-settings');
    expect(page.body.flash).toEqual({ status: OTHER_SESSIONS_LOGGED_OUT });
    expect(await here.signedInAs()).toBe(email);
    // The other browser is out, and its remember-me token no longer brings it back.
    const laptopAfter = await request(app.app)
      .get('/')
      .set(INERTIA)
      .set(
        'Cookie',
        `tessera_session=${encodeURIComponent(laptop.cookies.get('tessera_session')!)}; tessera_remember=${encodeURIComponent(laptopRemember)}`,
      );
    expect(laptopAfter.body.props.auth).toBeNull();
  });

  it('writes no session for a visitor who only reads pages, yet hands them a CSRF token', async () => {
    const app = await testApp();
    const response = await request(app.app).get('/login').set(INERTIA);
    const cookies = String(response.headers['set-cookie']);
    expect(cookies).toContain('XSRF-TOKEN=');
    expect(cookies).not.toContain('tessera_session=');
  });

  it('does not accept a visitor’s CSRF token once signed in', async () => {
    const app = await testApp();
    const email = uniqueEmail();
    await createUser(app.services, email, PASSWORD);
    const browser = new TestBrowser(app.app);
    await browser.visit('/login');
    const guestToken = browser.xsrf;
    await browser.submit('post', '/login', { email, password: PASSWORD });
    const stale = await browser.agent
      .post('/logout')
      .set(INERTIA)
      .set('X-XSRF-TOKEN', guestToken)
      .set('Cookie', `XSRF-TOKEN=${guestToken}`)
      .send({});
    expect(stale.status).toBe(419);
  });

  it('requires a signed-in user for /logout/other', async () => {
    const app = await testApp();
    const browser = new TestBrowser(app.app);
    const response = await browser.submit('post', '/logout/other', { password: PASSWORD });
    expect(response.status).toBe(401);
  });

  it('rejects hostile input with field errors or 413, never a crash', async () => {
    const app = await testApp();
    const browser = new TestBrowser(app.app);
    await browser.visit('/login');
    const typed = await browser.agent
      .post('/login')
      .set('Accept', 'application/json')
      .set('X-XSRF-TOKEN', browser.xsrf)
      .send({ email: { $ne: '' }, password: ['a'] });
    expect(typed.status).toBe(422);
    expect(Object.keys(typed.body.errors).sort()).toEqual(['email', 'password']);

    const huge = await browser.agent
      .post('/login')
      .set('X-XSRF-TOKEN', browser.xsrf)
      .send({ email: 'a@example.com', password: 'x'.repeat(200_000) });
    expect(huge.status).toBe(413);

    const long = await browser.agent
      .post('/login')
      .set('Accept', 'application/json')
      .set('X-XSRF-TOKEN', browser.xsrf)
      .send({ email: 'a@example.com', password: 'x'.repeat(5_000) });
    expect(long.status).toBe(422);
    expect(long.body.errors.password).toMatch(/too long/);
  });
});
