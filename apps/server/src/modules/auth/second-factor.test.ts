import {
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_REQUIRED_FOR_ADMINS,
  SECOND_STEP_MINUTES,
  TOTP_DISABLED,
} from '@tessera/pages/constants';
import { generate } from 'otplib';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../test/browser.ts';
import { INERTIA, testApp } from '../../../test/helpers.ts';
import { enrolSecondFactor, totpCode, TEST_TOTP_SECRET } from '../../../test/second-factor.ts';
import { TEST_DATABASE, TEST_SESSION_STORE } from '../../../test/services.ts';
import { uniqueEmail } from '../../../test/users.ts';
import { hashPassword, secondFactorService, usersRepository, WRONG_CODE } from './index.ts';

const PASSWORD = 'a-long-password-for-tests';
/** The account page's answer to a wrong setup code (modules/account). */
const WRONG_SETUP_CODE =
  'That code does not match. Check the time on your device and enter the current code.';
const clock = { now: Date.parse('2025-06-15T12:00:00Z') };
const store = await testApp({ now: () => new Date(clock.now) });
const { db } = store.services.database;
const passwordHash = await hashPassword(PASSWORD, 10);

type Page = { component: string; props: Record<string, unknown>; flash: Record<string, string> };
type TwoFactor = {
  totp: boolean;
  recoveryCodesLeft: number;
  required: boolean;
  enrolment: { qrCode: string; secret: string } | null;
};

async function person(options: { admin?: boolean; totp?: boolean } = {}) {
  const email = uniqueEmail('factor');
  const id = await usersRepository(db).create({
    email,
    passwordHash,
    isAdmin: options.admin,
    now: clock.now,
  });
  const recoveryCodes = options.totp
    ? await enrolSecondFactor(
        store.services.database,
        store.config.sessionSecret,
        id,
        () => clock.now,
      )
    : [];
  return { id, email, recoveryCodes };
}

async function passwordStep(email: string, browser = new TestBrowser(store.app)) {
  const response = await browser.submit('post', '/login', { email, password: PASSWORD });
  return { browser, response };
}

async function twoFactorOf(browser: TestBrowser): Promise<TwoFactor> {
  const page = (await browser.visit('/account-settings')).body as Page;
  return page.props.twoFactor as TwoFactor;
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

/** Moves the clock to a new TOTP step, so each test's codes are fresh. */
function nextStep() {
  clock.now += 30_000;
}

/** Every test browser comes from this machine: its address's wrong codes add up across tests. */
async function forgetAddressGuesses() {
  for (const ip of ['127.0.0.1', '::ffff:127.0.0.1', '::1'])
    await store.services.limiters.secondFactor.reset(`ip:${ip}`);
}

describe(`second factor (${TEST_DATABASE}, ${TEST_SESSION_STORE} sessions)`, () => {
  beforeEach(forgetAddressGuesses);

  it('enrols from the account page: QR code and key, a wrong code refused, ten recovery codes once', async () => {
    nextStep();
    const who = await person();
    const { browser } = await passwordStep(who.email);
    expect(await twoFactorOf(browser)).toEqual({
      totp: false,
      recoveryCodesLeft: 0,
      required: false,
      enrolment: null,
    });
    expect((await browser.submit('post', '/account-settings/two-factor')).status).toBe(302);
    const { enrolment } = await twoFactorOf(browser);
    expect(enrolment?.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(enrolment!.qrCode.split(',')[1]!, 'base64').toString('utf8');
    expect(svg).toContain('<svg');
    const secret = enrolment!.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // Kept encrypted in the session meanwhile: the reload shows the same secret.
    expect((await twoFactorOf(browser)).enrolment?.secret).toBe(secret);

    await browser.submit('post', '/account-settings/two-factor/confirm', { code: '000000' });
    expect(await browser.errorsAfterRedirect('/account-settings')).toEqual({
      code: WRONG_SETUP_CODE,
    });
    const code = await generate({ secret, epoch: Math.floor(clock.now / 1000) });
    const done = await browser.submit('post', '/account-settings/two-factor/confirm', { code });
    expect(done.status).toBe(200);
    const page = done.body as Page;
    const codes = page.flash.recoveryCodes!.split('\n');
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(page.props.twoFactor).toMatchObject({ totp: true, recoveryCodesLeft: 10 });
    // Shown once: the next visit has no codes and no secret.
    const again = (await browser.visit('/account-settings')).body as Page;
    expect(again.flash.recoveryCodes).toBeUndefined();
    expect(JSON.stringify(again)).not.toContain(secret);

    // At rest: the secret encrypted, the codes hashed.
    const stored = await db
      .selectFrom('totp_credentials')
      .selectAll()
      .where('user_id', '=', who.id)
      .executeTakeFirstOrThrow();
    expect(stored.secret_encrypted).not.toContain(secret);
    expect(stored.secret_encrypted).toMatch(/^v1\./);
    const hashes = await db
      .selectFrom('recovery_codes')
      .select('code_hash')
      .where('user_id', '=', who.id)
      .execute();
    expect(hashes).toHaveLength(10);
    for (const { code_hash } of hashes) {
      expect(code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(codes.map((c) => c.replace('-', ''))).not.toContain(code_hash);
    }
    // The setup code's step is spent: it cannot sign in too.
    const second = await passwordStep(who.email);
    await second.browser.submit('post', '/login/second-factor', { code });
    expect(await second.browser.signedInAs()).toBeNull();
    expect(await events(who.id)).toEqual(['totp.enabled', 'second-step.failed']);
  });

  it('signs in only after the second step, under a new session id, and refuses a replayed code', async () => {
    nextStep();
    const who = await person({ totp: true });
    const { browser, response } = await passwordStep(who.email);
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe('/login/second-factor');
    // The password alone signs nobody in.
    expect(await browser.signedInAs()).toBeNull();
    expect((await browser.visit('/account-settings')).headers.location).toBe('/login');
    const step = (await browser.visit('/login/second-factor')).body as Page;
    expect(step.component).toBe('SecondFactor');

    await browser.submit('post', '/login/second-factor', { code: '123456' });
    expect(await browser.errorsAfterRedirect('/login/second-factor')).toEqual({ code: WRONG_CODE });
    const before = browser.cookies.get('tessera_session');
    const code = await totpCode(clock.now);
    const done = await browser.submit('post', '/login/second-factor', { code });
    expect(done.status).toBe(302);
    expect(done.headers.location).toBe('/');
    expect(browser.cookies.get('tessera_session')).not.toBe(before);
    expect(await browser.signedInAs()).toBe(who.email);

    // The same code again (another browser, the same 30 s step): refused.
    const other = await passwordStep(who.email);
    await other.browser.submit('post', '/login/second-factor', { code });
    expect(await other.browser.signedInAs()).toBeNull();
    const signIns = await db
      .selectFrom('sign_ins')
      .select('method')
      .where('user_id', '=', who.id)
      .execute();
    expect(signIns).toEqual([{ method: 'totp' }]);
    expect(await events(who.id)).toEqual([
      'totp.enabled',
      'second-step.failed',
      'second-step.passed',
      'second-step.failed',
    ]);
  });

  it('takes a recovery code once, however it is typed, and records it', async () => {
    nextStep();
    const who = await person({ totp: true });
    const [first] = who.recoveryCodes;
    const { browser } = await passwordStep(who.email);
    const typed = ` ${first!.toUpperCase().replace('-', ' ')} `;
    expect((await browser.submit('post', '/login/second-factor', { code: typed })).status).toBe(
      302,
    );
    expect(await browser.signedInAs()).toBe(who.email);
    expect((await twoFactorOf(browser)).recoveryCodesLeft).toBe(9);

    const again = await passwordStep(who.email);
    await again.browser.submit('post', '/login/second-factor', { code: first });
    expect(await again.browser.signedInAs()).toBeNull();
    const signIns = await db
      .selectFrom('sign_ins')
      .select('method')
      .where('user_id', '=', who.id)
      .execute();
    expect(signIns).toEqual([{ method: 'recovery-code' }]);
    expect(await events(who.id)).toContain('recovery-code.used');
  });

  it('limits the code check per account: 429 with Retry-After, then even the right code waits', async () => {
    nextStep();
    const who = await person({ totp: true });
    const { browser } = await passwordStep(who.email);
    for (let i = 0; i < 5; i += 1) {
      const wrong = await browser.submit('post', '/login/second-factor', { code: '000000' });
      expect(wrong.status).toBe(302);
    }
    const limited = await browser.submit('post', '/login/second-factor', {
      code: await totpCode(clock.now),
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The form is drawn again with the refusal on the code field.
    const drawn = limited.body as Page;
    expect(drawn.component).toBe('SecondFactor');
    const wait = String(limited.headers['retry-after']);
    expect(drawn.props.errors).toEqual({
      code: expect.stringMatching(
        new RegExp(`^Too many code attempts\\. Please try again in ${wait} seconds?\\.$`),
      ),
    });
    expect(await browser.signedInAs()).toBeNull();
    // Forgetting the address's wrong codes does not free the account: its own key holds.
    await forgetAddressGuesses();
    const still = await browser.submit('post', '/login/second-factor', {
      code: await totpCode(clock.now),
    });
    expect(still.status).toBe(429);
    await store.services.limiters.secondFactor.reset(`user:${who.id}`);
  });

  it('limits wrong codes per source address too, across accounts', async () => {
    nextStep();
    for (let i = 0; i < 5; i += 1) {
      const who = await person({ totp: true });
      const { browser } = await passwordStep(who.email);
      expect(
        (await browser.submit('post', '/login/second-factor', { code: '000000' })).status,
      ).toBe(302);
    }
    const fresh = await person({ totp: true });
    const { browser } = await passwordStep(fresh.email);
    const refused = await browser.submit('post', '/login/second-factor', {
      code: await totpCode(clock.now),
    });
    expect(refused.status).toBe(429);
    expect(await browser.signedInAs()).toBeNull();
    await forgetAddressGuesses();
  });

  it(`forgets the password step after ${SECOND_STEP_MINUTES} minutes`, async () => {
    nextStep();
    const who = await person({ totp: true });
    const { browser } = await passwordStep(who.email);
    expect((await browser.visit('/login/second-factor')).status).toBe(200);
    clock.now += SECOND_STEP_MINUTES * 60 * 1000 + 1;
    expect((await browser.visit('/login/second-factor')).headers.location).toBe('/login');
    const late = await browser.submit('post', '/login/second-factor', {
      code: await totpCode(clock.now),
    });
    expect(late.headers.location).toBe('/login');
    expect(await browser.signedInAs()).toBeNull();
    // Without any password step, the page is not there either.
    const stranger = new TestBrowser(store.app);
    expect((await stranger.visit('/login/second-factor')).headers.location).toBe('/login');
  });

  it('turns off only with the password and a code, and then signs in with the password alone', async () => {
    nextStep();
    const who = await person({ totp: true });
    const { browser } = await passwordStep(who.email);
    await browser.submit('post', '/login/second-factor', { code: await totpCode(clock.now) });
    nextStep();
    await browser.submit('post', '/account-settings/two-factor/disable', {
      password: 'not-the-password',
      code: await totpCode(clock.now),
    });
    expect(await browser.errorsAfterRedirect('/account-settings')).toEqual({
      password: 'The password is incorrect.',
    });
    await browser.submit('post', '/account-settings/two-factor/disable', {
      password: PASSWORD,
      code: '999999',
    });
    expect(await browser.errorsAfterRedirect('/account-settings')).toEqual({ code: WRONG_CODE });
    expect((await twoFactorOf(browser)).totp).toBe(true);
    const off = await browser.submit('post', '/account-settings/two-factor/disable', {
      password: PASSWORD,
      code: await totpCode(clock.now),
    });
    expect(off.headers.location).toBe('/account-settings');
    const page = (await browser.visit('/account-settings')).body as Page;
    expect(page.flash.status).toBe(TOTP_DISABLED);
    expect(page.props.twoFactor).toMatchObject({ totp: false, recoveryCodesLeft: 0 });
    const left = await db
      .selectFrom('recovery_codes')
      .select('id')
      .where('user_id', '=', who.id)
      .execute();
    expect(left).toEqual([]);
    expect(await events(who.id)).toContain('totp.disabled');
    const plain = await passwordStep(who.email);
    expect(plain.response.headers.location).toBe('/');
  });

  it('makes new recovery codes after the password, and the old ones stop working', async () => {
    nextStep();
    const who = await person({ totp: true });
    const { browser } = await passwordStep(who.email);
    await browser.submit('post', '/login/second-factor', { code: who.recoveryCodes[0] });
    const made = await browser.submit('post', '/account-settings/two-factor/recovery-codes', {
      password: PASSWORD,
    });
    expect(made.status).toBe(200);
    const fresh = (made.body as Page).flash.recoveryCodes!.split('\n');
    expect(fresh).toHaveLength(10);
    expect((await twoFactorOf(browser)).recoveryCodesLeft).toBe(10);
    const old = await passwordStep(who.email);
    await old.browser.submit('post', '/login/second-factor', { code: who.recoveryCodes[1] });
    expect(await old.browser.signedInAs()).toBeNull();
    const next = await passwordStep(who.email);
    await next.browser.submit('post', '/login/second-factor', { code: fresh[0] });
    expect(await next.browser.signedInAs()).toBe(who.email);
  });

  it('gives an administrator without a second factor only the enrolment', async () => {
    nextStep();
    const admin = await person({ admin: true });
    const customer = await person();
    const { browser } = await passwordStep(admin.email);
    expect(await browser.signedInAs()).toBe(admin.email);
    for (const url of ['/admin', `/admin/users/${customer.id}`, '/admin/audit']) {
      const response = await browser.visit(url);
      expect(response.status, url).toBe(302);
      expect(response.headers.location, url).toBe('/account-settings');
    }
    const impersonate = await browser.submit('post', `/admin/users/${customer.id}/impersonate`, {
      password: PASSWORD,
    });
    expect(impersonate.status).toBe(403);
    expect(await browser.signedInAs()).toBe(admin.email);
    const starts = await db
      .selectFrom('audit_entries')
      .select('id')
      .where('actor_id', '=', admin.id)
      .execute();
    expect(starts).toEqual([]);
    expect(await twoFactorOf(browser)).toMatchObject({ required: true, totp: false });
    const page = (await browser.visit('/account-settings')).body as Page;
    expect(JSON.stringify(page.props.twoFactor)).not.toContain(SECOND_FACTOR_REQUIRED_FOR_ADMINS);

    // Once enrolled, the back office opens.
    await browser.submit('post', '/account-settings/two-factor');
    const { enrolment } = await twoFactorOf(browser);
    const code = await generate({ secret: enrolment!.secret, epoch: Math.floor(clock.now / 1000) });
    await browser.submit('post', '/account-settings/two-factor/confirm', { code });
    expect((await browser.visit('/admin')).status).toBe(200);
  });

  it('lets an impersonating operator neither set up, confirm, turn off nor renew the customer’s second factor', async () => {
    nextStep();
    const admin = await person({ admin: true, totp: true });
    const customer = await person({ totp: true });
    const { browser } = await passwordStep(admin.email);
    await browser.submit('post', '/login/second-factor', { code: await totpCode(clock.now) });
    const start = await browser.submit('post', `/admin/users/${customer.id}/impersonate`);
    expect(start.headers.location).toBe('/');
    expect(await browser.signedInAs()).toBe(customer.email);
    const attempts = [
      ['/account-settings/two-factor', {}],
      ['/account-settings/two-factor/confirm', { code: '000000' }],
      [
        '/account-settings/two-factor/disable',
        { password: PASSWORD, code: customer.recoveryCodes[0] },
      ],
      ['/account-settings/two-factor/recovery-codes', { password: PASSWORD }],
    ] as const;
    for (const [url, body] of attempts) {
      expect((await browser.submit('post', url, body)).status, url).toBe(403);
    }
    const left = await db
      .selectFrom('recovery_codes')
      .select('id')
      .where('user_id', '=', customer.id)
      .where('used_at', 'is', null)
      .execute();
    expect(left).toHaveLength(10);
    expect(await twoFactorOf(browser)).toMatchObject({ totp: true, required: false });
  });

  it('refuses hostile codes with 422 before any check: huge, NUL, arrays, objects', async () => {
    nextStep();
    const who = await person({ totp: true });
    const { browser } = await passwordStep(who.email);
    for (const code of ['1'.repeat(65), ['123456'], { $ne: '' }, 123456, '']) {
      const response = await browser.agent
        .post('/login/second-factor')
        .set('X-XSRF-TOKEN', browser.xsrf)
        .set('Accept', 'application/json')
        .send({ code });
      expect(response.status, JSON.stringify(code)).toBe(422);
    }
    const nul = await browser.submit('post', '/login/second-factor', { code: '123\u0000456' });
    expect([302, 400, 422]).toContain(nul.status);
    expect(await browser.signedInAs()).toBeNull();
    const encoded = await browser.submit('post', '/login/second-factor', {
      code: encodeURIComponent(await totpCode(clock.now)).replace(/\d/, '%3'),
    });
    expect(encoded.status).toBe(302);
    expect(await browser.signedInAs()).toBeNull();
    // None of it was a real guess at the secret beyond the last two: the right code still works.
    await browser.submit('post', '/login/second-factor', { code: await totpCode(clock.now) });
    expect(await browser.signedInAs()).toBe(who.email);
    expect(TEST_TOTP_SECRET).toHaveLength(32);
  });

  // Hostile cases (issue 22, item 8): what an attacker with the password, or a stolen code, tries.
  describe('hostile', () => {
    /** The same code from several browsers at once, each past the password step. */
    async function race(email: string, code: string, tries = 4) {
      const steps = await Promise.all(Array.from({ length: tries }, () => passwordStep(email)));
      await Promise.all(
        steps.map(({ browser }) => browser.submit('post', '/login/second-factor', { code })),
      );
      const who = await Promise.all(steps.map(({ browser }) => browser.signedInAs()));
      return who.filter((email) => email !== null);
    }

    /**
     * The same code checked many times at once below HTTP (no rate limit, no session store in
     * between), so the checks interleave: what stops a second use is the database's conditional
     * update, not the order requests happen to arrive in.
     */
    async function checksAtOnce(userId: number, code: string, tries = 12) {
      const factors = secondFactorService({
        database: store.services.database,
        secret: store.config.sessionSecret,
        issuer: 'Test',
        now: () => clock.now,
      });
      const results = await Promise.all(
        Array.from({ length: tries }, () => factors.check(userId, code)),
      );
      return results.filter((method) => method !== null);
    }

    it('spends a recovery code once when several sign-ins send it at the same moment', async () => {
      nextStep();
      const who = await person({ totp: true });
      expect(await race(who.email, who.recoveryCodes[0]!)).toEqual([who.email]);
      const used = await db
        .selectFrom('recovery_codes')
        .select('id')
        .where('user_id', '=', who.id)
        .where('used_at', 'is not', null)
        .execute();
      expect(used).toHaveLength(1);
      const signIns = await db
        .selectFrom('sign_ins')
        .select('method')
        .where('user_id', '=', who.id)
        .execute();
      expect(signIns).toEqual([{ method: 'recovery-code' }]);
      expect((await events(who.id)).filter((e) => e === 'recovery-code.used')).toHaveLength(1);
      expect(await checksAtOnce(who.id, who.recoveryCodes[1]!)).toEqual(['recovery-code']);
    });

    it('takes a TOTP code once when several sign-ins send it in the same step at the same moment', async () => {
      nextStep();
      const who = await person({ totp: true });
      expect(await race(who.email, await totpCode(clock.now))).toEqual([who.email]);
      // The step is spent: the same code later in its 30 s is refused too.
      const late = await passwordStep(who.email);
      await late.browser.submit('post', '/login/second-factor', {
        code: await totpCode(clock.now),
      });
      expect(await late.browser.signedInAs()).toBeNull();
      nextStep();
      expect(await checksAtOnce(who.id, await totpCode(clock.now))).toEqual(['totp']);
    });

    it('cannot be skipped by going elsewhere: the password step alone reaches nothing signed in', async () => {
      nextStep();
      const who = await person({ admin: true, totp: true });
      const { browser } = await passwordStep(who.email);
      for (const url of ['/account-settings', '/upgrade-team', '/licenses', '/teams/1']) {
        const page = await browser.visit(url);
        expect(page.status, url).not.toBe(200);
        if (page.status === 302) expect(page.headers.location, url).toMatch(/^\/login/);
      }
      // The back office answers as to any visitor: it does not exist.
      expect((await browser.visit('/admin')).status).toBe(404);
      for (const [method, url, body] of [
        ['post', '/account/tokens', { name: 'Skip', expires_in: '30' }],
        [
          'put',
          '/account-settings/password',
          { old_password: PASSWORD, new_password: 'x'.repeat(20) },
        ],
        ['post', '/account-settings/two-factor/disable', { password: PASSWORD, code: '000000' }],
      ] as const) {
        const response = await browser.submit(method, url, body);
        expect(response.status, url).toBe(401);
      }
      expect(await browser.signedInAs()).toBeNull();
      // The step is still waiting: the code finishes it, and nothing else had.
      await browser.submit('post', '/login/second-factor', { code: await totpCode(clock.now) });
      expect(await browser.signedInAs()).toBe(who.email);
      expect(
        await db.selectFrom('access_tokens').select('id').where('user_id', '=', who.id).execute(),
      ).toEqual([]);
    });

    it('gives the signed-in session a new id: neither the visitor’s nor the waiting session’s cookie signs anyone in', async () => {
      nextStep();
      const who = await person({ totp: true });
      const browser = new TestBrowser(store.app);
      await browser.visit('/login');
      const visitor = browser.cookies.get('tessera_session');
      await passwordStep(who.email, browser);
      const waiting = browser.cookies.get('tessera_session');
      expect(waiting).toBeDefined();
      expect(waiting).not.toBe(visitor);
      await browser.submit('post', '/login/second-factor', { code: await totpCode(clock.now) });
      const signedIn = browser.cookies.get('tessera_session');
      expect(signedIn).not.toBe(waiting);
      expect(await browser.signedInAs()).toBe(who.email);
      for (const old of [visitor, waiting]) {
        if (old === undefined) continue;
        const page = await request(store.app)
          .get('/')
          .set(INERTIA)
          .set('X-Inertia-Version', '')
          .set('Cookie', `tessera_session=${encodeURIComponent(old)}`);
        expect((page.body as { props: { auth: unknown } }).props.auth).toBeNull();
      }
    });
  });
});
