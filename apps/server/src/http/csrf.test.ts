import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../test/sign-in.ts';
import { TestBrowser } from '../../test/browser.ts';
import { INERTIA, testApp } from '../../test/helpers.ts';
import { TEST_DATABASE, TEST_SESSION_STORE } from '../../test/services.ts';
import { createUser, uniqueEmail } from '../../test/users.ts';
import { CSRF_STATUS, XSRF_COOKIE, XSRF_HEADER } from './csrf.ts';

const PASSWORD = 'correct horse battery staple';
type App = Awaited<ReturnType<typeof testApp>>;

/**
 * A sign-out sent with exactly these cookies and header, outside any cookie jar: a forged or
 * replayed request. Sign-out is the probe because its effect (the session gone) is easy to see.
 */
function logout(app: App, cookies: Record<string, string>, header: string) {
  return request(app.app)
    .post('/logout')
    .set(INERTIA)
    .set(
      'Cookie',
      Object.entries(cookies)
        .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
        .join('; '),
    )
    .set(XSRF_HEADER, header)
    .send({});
}

async function stillSignedIn(app: App, session: string): Promise<string | null> {
  const page = await request(app.app)
    .get('/')
    .set(INERTIA)
    .set('Cookie', `tessera_session=${encodeURIComponent(session)}`);
  return (
    (page.body as { props: { auth: { user: { email: string } } | null } }).props.auth?.user.email ??
    null
  );
}

describe(`CSRF tokens (${TEST_DATABASE}, ${TEST_SESSION_STORE} sessions)`, () => {
  it('refuses a valid token in the header that is not the one in the cookie', async () => {
    const app = await testApp();
    // Two visitors, two valid visitor tokens.
    const one = new TestBrowser(app.app);
    const two = new TestBrowser(app.app);
    await one.visit('/login');
    await two.visit('/login');
    expect(one.xsrf).not.toBe(two.xsrf);
    const mixed = await request(app.app)
      .post('/password/email')
      .set(INERTIA)
      .set('Cookie', `${XSRF_COOKIE}=${encodeURIComponent(one.xsrf)}`)
      .set(XSRF_HEADER, two.xsrf)
      .send({ email: uniqueEmail() });
    expect(mixed.status).toBe(CSRF_STATUS);

    // The same for a signed-in user with two browsers: each token is valid, but not together.
    const email = uniqueEmail();
    await createUser(app.services, email, PASSWORD);
    const laptop = await signIn(app.app, email, PASSWORD, { via: '/login' });
    const phone = await signIn(app.app, email, PASSWORD, { via: '/login' });
    const session = laptop.cookies.get('tessera_session')!;
    const refused = await logout(
      app,
      { tessera_session: session, [XSRF_COOKIE]: laptop.xsrf },
      phone.xsrf,
    );
    expect(refused.status).toBe(CSRF_STATUS);
    expect(await stillSignedIn(app, session)).toBe(email);

    // Control: the matching pair is accepted, so the refusals above are about the mismatch.
    const accepted = await logout(
      app,
      { tessera_session: session, [XSRF_COOKIE]: laptop.xsrf },
      laptop.xsrf,
    );
    expect(accepted.status).toBe(302);
    expect(await stillSignedIn(app, session)).toBeNull();
  });

  it('refuses the token a browser had as a visitor once it has signed in', async () => {
    const app = await testApp();
    const email = uniqueEmail();
    await createUser(app.services, email, PASSWORD);
    const browser = new TestBrowser(app.app);
    await browser.visit('/login');
    const visitorToken = browser.xsrf;
    await browser.submit('post', '/login', { email, password: PASSWORD });
    expect(browser.xsrf).not.toBe(visitorToken);
    const session = browser.cookies.get('tessera_session')!;

    const stale = await logout(
      app,
      { tessera_session: session, [XSRF_COOKIE]: visitorToken },
      visitorToken,
    );
    expect(stale.status).toBe(CSRF_STATUS);
    expect(await stillSignedIn(app, session)).toBe(email);

    const fresh = await logout(
      app,
      { tessera_session: session, [XSRF_COOKIE]: browser.xsrf },
      browser.xsrf,
    );
    expect(fresh.status).toBe(302);
    expect(await stillSignedIn(app, session)).toBeNull();
  });

  it('refuses another user’s token, even as a matching cookie and header pair', async () => {
    const app = await testApp();
    const victimEmail = uniqueEmail('victim');
    const attackerEmail = uniqueEmail('attacker');
    await createUser(app.services, victimEmail, PASSWORD);
    await createUser(app.services, attackerEmail, PASSWORD);
    const victim = await signIn(app.app, victimEmail, PASSWORD, { via: '/login' });
    const attacker = await signIn(app.app, attackerEmail, PASSWORD, { via: '/login' });
    const session = victim.cookies.get('tessera_session')!;

    const forged = await logout(
      app,
      { tessera_session: session, [XSRF_COOKIE]: attacker.xsrf },
      attacker.xsrf,
    );
    expect(forged.status).toBe(CSRF_STATUS);
    expect(await stillSignedIn(app, session)).toBe(victimEmail);

    // A state change with the victim's session and the attacker's token changes nothing either.
    const email = await request(app.app)
      .put('/account-settings/email')
      .set(INERTIA)
      .set(
        'Cookie',
        `tessera_session=${encodeURIComponent(session)}; ${XSRF_COOKIE}=${encodeURIComponent(attacker.xsrf)}`,
      )
      .set(XSRF_HEADER, attacker.xsrf)
      .send({ email: uniqueEmail('stolen'), password: PASSWORD });
    expect(email.status).toBe(CSRF_STATUS);
    expect((await victim.visit('/account-settings')).body.props.email).toBe(victimEmail);

    const own = await logout(
      app,
      { tessera_session: session, [XSRF_COOKIE]: victim.xsrf },
      victim.xsrf,
    );
    expect(own.status).toBe(302);
  });
});
