import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import {
  IMPERSONATION_REAUTH_MINUTES,
  PASSKEY_ADDED,
  PASSKEY_CHALLENGE_MINUTES,
  PASSKEY_REMOVED,
  PASSKEY_RENAMED,
  SECOND_STEP_MINUTES,
} from '@tessera/pages/constants';
import { beforeEach, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../test/browser.ts';
import { testApp } from '../../../test/helpers.ts';
import { TestAuthenticator } from '../../../test/passkeys.ts';
import { TEST_DATABASE, TEST_SESSION_STORE } from '../../../test/services.ts';
import { uniqueEmail } from '../../../test/users.ts';
import { IMPERSONATION_REFUSED } from './middleware.ts';
import { hashPassword, PASSKEY_REFUSED, relyingParty, usersRepository } from './index.ts';
import { NO_PASSKEY, SECOND_STEP_EXPIRED } from './second-step.ts';

const PASSWORD = 'a-long-password-for-tests';
const clock = { now: Date.parse('2025-06-15T12:00:00Z') };
const store = await testApp({ now: () => new Date(clock.now) });
const { db } = store.services.database;
const passwordHash = await hashPassword(PASSWORD, 10);
const { origin } = relyingParty(store.config.appUrl);

type Page = { component: string; props: Record<string, unknown>; flash: Record<string, string> };
type Passkey = { id: number; name: string; createdAt: string; lastUsedAt: string | null };

async function person(options: { admin?: boolean } = {}) {
  const email = uniqueEmail('passkey');
  const id = await usersRepository(db).create({
    email,
    passwordHash,
    isAdmin: options.admin,
    now: clock.now,
  });
  return { id, email };
}

async function passwordStep(email: string, browser = new TestBrowser(store.app)) {
  const response = await browser.submit('post', '/login', { email, password: PASSWORD });
  return { browser, response };
}

async function registrationOptions(browser: TestBrowser) {
  const answer = await browser.submit('post', '/account-settings/passkeys/registration-options');
  expect(answer.status).toBe(200);
  return answer.body as PublicKeyCredentialCreationOptionsJSON;
}

/** Signs `who` in (no second factor yet) and registers `authenticator` as a passkey. */
async function withPasskey(
  who: { email: string },
  authenticator = new TestAuthenticator(),
  name = 'Laptop',
) {
  const { browser } = await passwordStep(who.email);
  const options = await registrationOptions(browser);
  const added = await browser.submit('post', '/account-settings/passkeys', {
    name,
    response: authenticator.attest(options, origin),
  });
  expect(added.status).toBe(302);
  expect(added.headers.location).toBe('/account-settings');
  return { browser, authenticator };
}

async function assertionOptions(browser: TestBrowser) {
  const answer = await browser.submit('post', '/login/second-factor/passkey-options');
  expect(answer.status).toBe(200);
  return answer.body as PublicKeyCredentialRequestOptionsJSON;
}

async function passkeysOf(browser: TestBrowser): Promise<Passkey[]> {
  const page = (await browser.visit('/account-settings')).body as Page;
  return page.props.passkeys as Passkey[];
}

async function events(userId: number) {
  const rows = await db
    .selectFrom('security_events')
    .select('event')
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.event);
}

async function credentialRow(credentialId: string) {
  return db
    .selectFrom('webauthn_credentials')
    .selectAll()
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
}

/** Every test browser comes from this machine: its address's failures add up across tests. */
async function forgetAddressGuesses() {
  for (const ip of ['127.0.0.1', '::ffff:127.0.0.1', '::1'])
    await store.services.limiters.secondFactor.reset(`ip:${ip}`);
}

describe(`passkeys (${TEST_DATABASE}, ${TEST_SESSION_STORE} sessions)`, () => {
  beforeEach(async () => {
    clock.now += 60_000;
    await forgetAddressGuesses();
  });

  it('registers a passkey from the account page, then signs in with it as the second step', async () => {
    const who = await person();
    const { browser, authenticator } = await withPasskey(who);
    const settings = (await browser.visit('/account-settings')).body as Page;
    expect(settings.flash.status).toBe(PASSKEY_ADDED);
    const list = settings.props.passkeys as Passkey[];
    expect(list).toEqual([
      {
        id: expect.any(Number),
        name: 'Laptop',
        createdAt: new Date(clock.now).toISOString(),
        lastUsedAt: null,
      },
    ]);
    const stored = await credentialRow(authenticator.id);
    expect(stored).toMatchObject({ user_id: who.id, name: 'Laptop', transports: 'internal' });
    // The public key is kept, never a private one (the authenticator keeps that).
    expect(stored?.public_key).toMatch(/^[\w-]+$/);

    // The passkey is now a second factor: the password alone signs nobody in.
    const { browser: next, response } = await passwordStep(who.email);
    expect(response.headers.location).toBe('/login/second-factor');
    const step = (await next.visit('/login/second-factor')).body as Page;
    expect(step.props).toMatchObject({ totp: false, passkey: true });
    const options = await assertionOptions(next);
    expect(options.rpId).toBe(new URL(store.config.appUrl).hostname);
    expect(options.allowCredentials).toEqual([
      { id: authenticator.id, type: 'public-key', transports: ['internal'] },
    ]);
    const before = next.cookies.get('tessera_session');
    const done = await next.submit('post', '/login/second-factor/passkey', {
      response: authenticator.assert(options, origin),
    });
    expect(done.status).toBe(302);
    expect(done.headers.location).toBe('/');
    expect(next.cookies.get('tessera_session')).not.toBe(before);
    expect(await next.signedInAs()).toBe(who.email);
    expect((await credentialRow(authenticator.id))?.last_used_at).toBe(clock.now);
    const signIns = await db
      .selectFrom('sign_ins')
      .select('method')
      .where('user_id', '=', who.id)
      .execute();
    expect(signIns).toEqual([{ method: 'password' }, { method: 'passkey' }]);
    expect(await events(who.id)).toEqual(['passkey.added', 'second-step.passed']);
  });

  it('refuses a replayed challenge and an answer to a challenge already spent', async () => {
    const who = await person();
    const { authenticator } = await withPasskey(who);
    const { browser } = await passwordStep(who.email);
    const options = await assertionOptions(browser);
    const answer = authenticator.assert(options, origin);
    // Spent by a wrong answer (another challenge signed): the right one after it is too late.
    await browser.submit('post', '/login/second-factor/passkey', {
      response: authenticator.assert({ ...options, challenge: 'c29tZXRoaW5nLWVsc2U' }, origin),
    });
    expect(await browser.errorsAfterRedirect('/login/second-factor')).toEqual({
      passkey: PASSKEY_REFUSED.invalid,
    });
    await browser.submit('post', '/login/second-factor/passkey', { response: answer });
    expect(await browser.errorsAfterRedirect('/login/second-factor')).toEqual({
      passkey: PASSKEY_REFUSED.expired,
    });
    expect(await browser.signedInAs()).toBeNull();

    // A good sign-in, then its answer sent again on a new challenge: refused.
    const fresh = await assertionOptions(browser);
    const good = authenticator.assert(fresh, origin);
    expect(
      (await browser.submit('post', '/login/second-factor/passkey', { response: good })).headers
        .location,
    ).toBe('/');
    const other = await passwordStep(who.email);
    await assertionOptions(other.browser);
    await other.browser.submit('post', '/login/second-factor/passkey', { response: good });
    expect(await other.browser.errorsAfterRedirect('/login/second-factor')).toEqual({
      passkey: PASSKEY_REFUSED.invalid,
    });
    expect(await other.browser.signedInAs()).toBeNull();
  });

  it('lets a challenge expire, and binds it to the pending sign-in', async () => {
    const who = await person();
    const { authenticator } = await withPasskey(who);
    const { browser } = await passwordStep(who.email);
    const options = await assertionOptions(browser);
    clock.now += PASSKEY_CHALLENGE_MINUTES * 60_000 + 1000;
    expect(PASSKEY_CHALLENGE_MINUTES).toBeLessThan(SECOND_STEP_MINUTES);
    await browser.submit('post', '/login/second-factor/passkey', {
      response: authenticator.assert(options, origin),
    });
    expect(await browser.errorsAfterRedirect('/login/second-factor')).toEqual({
      passkey: PASSKEY_REFUSED.expired,
    });
    // Without a pending sign-in there is nothing to ask for.
    const stranger = new TestBrowser(store.app);
    await stranger.visit('/login');
    const asked = await stranger.submit('post', '/login/second-factor/passkey-options');
    expect(asked.status).toBe(409);
  });

  it('refuses an answer made for another origin or another relying party', async () => {
    const who = await person();
    const { authenticator } = await withPasskey(who);
    for (const bend of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }]) {
      const { browser } = await passwordStep(who.email);
      const options = await assertionOptions(browser);
      await browser.submit('post', '/login/second-factor/passkey', {
        response: authenticator.assert(options, bend.origin ?? origin, bend),
      });
      expect(await browser.errorsAfterRedirect('/login/second-factor')).toEqual({
        passkey: PASSKEY_REFUSED.invalid,
      });
      expect(await browser.signedInAs()).toBeNull();
    }
    // Registration too.
    const someone = await person();
    const { browser } = await passwordStep(someone.email);
    const options = await registrationOptions(browser);
    await browser.submit('post', '/account-settings/passkeys', {
      name: 'Phished',
      response: new TestAuthenticator().attest(options, 'https://evil.example'),
    });
    const page = (await browser.visit('/account-settings')).body as Page;
    expect(page.props.errors).toEqual({ passkey: PASSKEY_REFUSED.invalid });
    expect(page.props.passkeys).toEqual([]);
  });

  it('refuses a signature counter that went backwards (a cloned authenticator)', async () => {
    const who = await person();
    const { authenticator } = await withPasskey(who, new TestAuthenticator({ counter: 5 }));
    const first = await passwordStep(who.email);
    const ok = authenticator.assert(await assertionOptions(first.browser), origin);
    await first.browser.submit('post', '/login/second-factor/passkey', { response: ok });
    expect(await first.browser.signedInAs()).toBe(who.email);
    expect(Number((await credentialRow(authenticator.id))?.counter)).toBe(6);

    const clone = await passwordStep(who.email);
    const options = await assertionOptions(clone.browser);
    await clone.browser.submit('post', '/login/second-factor/passkey', {
      response: authenticator.assert(options, origin, { counter: 4 }),
    });
    expect(await clone.browser.errorsAfterRedirect('/login/second-factor')).toEqual({
      passkey: PASSKEY_REFUSED.invalid,
    });
    expect(await clone.browser.signedInAs()).toBeNull();
  });

  it("refuses another account's passkey, to sign in and to register", async () => {
    const owner = await person();
    const { authenticator } = await withPasskey(owner);
    const other = await person();
    await withPasskey(other);
    const { browser } = await passwordStep(other.email);
    const options = await assertionOptions(browser);
    await browser.submit('post', '/login/second-factor/passkey', {
      response: authenticator.assert(options, origin),
    });
    expect(await browser.errorsAfterRedirect('/login/second-factor')).toEqual({
      passkey: PASSKEY_REFUSED.foreign,
    });
    expect(await browser.signedInAs()).toBeNull();

    // The same credential id offered to a third account: the unique key says no.
    const third = await person();
    const signedIn = await passwordStep(third.email);
    const register = await registrationOptions(signedIn.browser);
    await signedIn.browser.submit('post', '/account-settings/passkeys', {
      name: 'Borrowed',
      response: authenticator.attest(register, origin),
    });
    expect(await signedIn.browser.errorsAfterRedirect('/account-settings')).toEqual({
      passkey: PASSKEY_REFUSED.taken,
    });
    expect((await credentialRow(authenticator.id))?.user_id).toBe(owner.id);
  });

  it('lets one assertion sent twice at once sign in once', async () => {
    const who = await person();
    // Counter 0, like many synced passkeys: the challenge alone makes the answer single-use.
    const { authenticator } = await withPasskey(who);
    const { browser } = await passwordStep(who.email);
    const answer = authenticator.assert(await assertionOptions(browser), origin);
    const results = await Promise.all([
      browser.submit('post', '/login/second-factor/passkey', { response: answer }),
      browser.submit('post', '/login/second-factor/passkey', { response: answer }),
    ]);
    expect(results.filter((r) => r.headers.location === '/')).toHaveLength(1);
    const signIns = await db
      .selectFrom('sign_ins')
      .select('method')
      .where('user_id', '=', who.id)
      .where('method', '=', 'passkey')
      .execute();
    expect(signIns).toHaveLength(1);
  });

  it('limits wrong passkey answers with the second-factor limiter', async () => {
    const who = await person();
    const { authenticator } = await withPasskey(who);
    const { browser } = await passwordStep(who.email);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const options = await assertionOptions(browser);
      const answer = await browser.submit('post', '/login/second-factor/passkey', {
        response: authenticator.assert(options, 'https://evil.example'),
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 5)).toEqual([302, 302, 302, 302, 302]);
    expect(statuses[5]).toBe(429);
    // Even the right answer waits now.
    const options = await assertionOptions(browser);
    const right = await browser.submit('post', '/login/second-factor/passkey', {
      response: authenticator.assert(options, origin),
    });
    expect(right.status).toBe(429);
    await store.services.limiters.secondFactor.reset(`user:${who.id}`);
  });

  it('renames, and removes only after the password', async () => {
    const who = await person();
    const { browser } = await withPasskey(who);
    const [passkey] = await passkeysOf(browser);
    const url = `/account-settings/passkeys/${passkey!.id}`;
    expect((await browser.submit('put', url, { name: '  ' })).status).toBe(303);
    expect(await browser.errorsAfterRedirect('/account-settings')).toEqual({
      name: 'The name field is required.',
    });
    await browser.submit('put', url, { name: 'Phone' });
    const renamed = (await browser.visit('/account-settings')).body as Page;
    expect(renamed.flash.status).toBe(PASSKEY_RENAMED);
    expect((renamed.props.passkeys as Passkey[])[0]?.name).toBe('Phone');

    await browser.submit('delete', url, {});
    expect(await browser.errorsAfterRedirect('/account-settings')).toEqual({
      password: 'Enter your password, or a code from your authenticator app.',
    });
    await browser.submit('delete', url, { password: 'not-the-password' });
    expect((await passkeysOf(browser)).length).toBe(1);
    const removed = await browser.submit('delete', url, { password: PASSWORD });
    expect(removed.headers.location).toBe('/account-settings');
    const after = (await browser.visit('/account-settings')).body as Page;
    expect(after.flash.status).toBe(PASSKEY_REMOVED);
    expect(after.props.passkeys).toEqual([]);
    // Someone else's (or a gone) passkey: 404, nothing changes.
    expect((await browser.submit('delete', url, { password: PASSWORD })).status).toBe(404);
    expect(await events(who.id)).toEqual(['passkey.added', 'passkey.renamed', 'passkey.removed']);
  });

  it('refuses every passkey change to an impersonating operator', async () => {
    const customer = await person();
    const { authenticator } = await withPasskey(customer);
    const admin = await person({ admin: true });
    // The operator's own second factor is a passkey: it opens the back office (decision 045).
    const { browser: operator } = await withPasskey(admin, new TestAuthenticator(), 'Key');
    expect((await operator.visit('/admin')).status).toBe(200);
    const start = await operator.submit('post', `/admin/users/${customer.id}/impersonate`);
    expect(start.headers.location).toBe('/');
    const [passkey] = await db
      .selectFrom('webauthn_credentials')
      .select('id')
      .where('user_id', '=', customer.id)
      .execute();
    const tries: [string, string, object][] = [
      ['post', '/account-settings/passkeys/registration-options', {}],
      ['post', '/account-settings/passkeys', { name: 'Mine', response: {} }],
      ['post', '/account-settings/passkeys/authentication-options', {}],
      ['put', `/account-settings/passkeys/${passkey!.id}`, { name: 'Mine' }],
      ['delete', `/account-settings/passkeys/${passkey!.id}`, { password: PASSWORD }],
    ];
    for (const [method, url, body] of tries) {
      const answer = await operator.submit(method as 'post', url, body);
      expect(answer.status, url).toBe(403);
      expect(JSON.stringify(answer.body)).toContain(IMPERSONATION_REFUSED);
    }
    expect((await credentialRow(authenticator.id))?.name).toBe('Laptop');
  });

  it("accepts the operator's passkey at impersonation's step-up", async () => {
    const customer = await person();
    const admin = await person({ admin: true });
    const { browser: operator, authenticator } = await withPasskey(admin);
    // The step-up is asked for once the last proof is older than the window.
    clock.now += (IMPERSONATION_REAUTH_MINUTES + 1) * 60_000;
    const url = `/admin/users/${customer.id}/impersonate`;
    const record = (await operator.visit(`/admin/users/${customer.id}`)).body as Page;
    // The page offers the passkey beside the code (decision 052).
    expect(record.props.impersonation).toEqual({
      allowed: true,
      needsPassword: true,
      passkey: true,
    });
    const asked = await operator.submit(
      'post',
      '/account-settings/passkeys/authentication-options',
    );
    const options = asked.body as PublicKeyCredentialRequestOptionsJSON;
    // A wrong origin is refused like a wrong code.
    await operator.submit('post', url, {
      password: PASSWORD,
      passkey: authenticator.assert(options, 'https://evil.example'),
    });
    const refused = (await operator.visit(`/admin/users/${customer.id}`)).body as Page;
    expect(refused.props.errors).toEqual({ code: PASSKEY_REFUSED.invalid });
    const again = (
      await operator.submit('post', '/account-settings/passkeys/authentication-options')
    ).body as PublicKeyCredentialRequestOptionsJSON;
    const start = await operator.submit('post', url, {
      password: PASSWORD,
      passkey: authenticator.assert(again, origin),
    });
    expect(start.headers.location).toBe('/');
    expect(await operator.signedInAs()).toBe(customer.email);
  });

  it('offers an administrator without any second factor a passkey on the enrolment page', async () => {
    const admin = await person({ admin: true });
    const { browser } = await passwordStep(admin.email);
    expect((await browser.visit('/admin')).headers.location).toBe('/account-settings');
    const page = (await browser.visit('/account-settings')).body as Page;
    expect(page.props.twoFactor).toMatchObject({ required: true });
    expect(page.props.passkeys).toEqual([]);
    await registrationOptions(browser);
  });

  it('answers the second step’s edges: no sign-in waiting, one already done, an account without passkeys, a challenge of an earlier sign-in', async () => {
    // Nobody waiting: no passkey options, and a finish goes back to the sign-in with a message.
    const visitor = new TestBrowser(store.app);
    const none = await visitor.submit('post', '/login/second-factor/passkey-options');
    expect([none.status, none.body]).toEqual([409, { message: SECOND_STEP_EXPIRED }]);
    const finish = await visitor.submit('post', '/login/second-factor', { code: '123456' });
    expect(finish.headers.location).toBe('/login');
    const login = (await visitor.visit('/login')).body as Page;
    expect(login.flash.status).toBe(SECOND_STEP_EXPIRED);

    // An account with a passkey: options are not cached; an earlier sign-in's challenge is
    // refused as expired in the later one.
    const who = await person();
    const { authenticator } = await withPasskey(who);
    const { browser } = await passwordStep(who.email);
    const options = await browser.submit('post', '/login/second-factor/passkey-options');
    expect(options.status).toBe(200);
    expect(options.headers['cache-control']).toBe('no-store');
    const answer = authenticator.assert(
      options.body as PublicKeyCredentialRequestOptionsJSON,
      origin,
    );
    clock.now += 1000;
    await passwordStep(who.email, browser);
    await browser.submit('post', '/login/second-factor/passkey', { response: answer });
    expect(await browser.errorsAfterRedirect('/login/second-factor')).toEqual({
      passkey: PASSKEY_REFUSED.expired,
    });
    expect(await browser.signedInAs()).toBeNull();

    // Signed in: the second step's page sends home, its options are refused.
    const fresh = await assertionOptions(browser);
    await browser.submit('post', '/login/second-factor/passkey', {
      response: authenticator.assert(fresh, origin),
    });
    expect(await browser.signedInAs()).toBe(who.email);
    expect((await browser.visit('/login/second-factor')).headers.location).toBe('/');
    const after = await browser.submit('post', '/login/second-factor/passkey-options');
    expect([after.status, after.body]).toEqual([409, { message: SECOND_STEP_EXPIRED }]);

    // An account with TOTP only: no passkey to offer.
    const totpOnly = await person();
    const { enrolSecondFactor } = await import('../../../test/second-factor.ts');
    await enrolSecondFactor(
      store.services.database,
      store.config.sessionSecret,
      totpOnly.id,
      () => clock.now,
    );
    const step = await passwordStep(totpOnly.email);
    const noPasskey = await step.browser.submit('post', '/login/second-factor/passkey-options');
    expect([noPasskey.status, noPasskey.body]).toEqual([409, { message: NO_PASSKEY }]);
  });

  it(`keeps a waiting sign-in exactly ${SECOND_STEP_MINUTES} minutes, and never one dated after now`, async () => {
    const who = await person();
    await withPasskey(who);
    const { browser } = await passwordStep(who.email);
    clock.now += SECOND_STEP_MINUTES * 60 * 1000;
    expect((await browser.visit('/login/second-factor')).status).toBe(200);
    // The clock set back before the password step: not a sign-in this session can finish.
    clock.now -= SECOND_STEP_MINUTES * 60 * 1000 + 1;
    expect((await browser.visit('/login/second-factor')).headers.location).toBe('/login');
    clock.now += 1;
  });
});
