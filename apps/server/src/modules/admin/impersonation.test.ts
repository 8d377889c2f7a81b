import type { AdminCustomerPageProps } from '@tessera/pages';
import { IMPERSONATION_REAUTH_MINUTES } from '@tessera/pages/constants';
import { describe, expect, it } from 'vitest';
import { backOfficeApp, PEOPLE_PASSWORD } from '../../../test/back-office.ts';
import type { TestBrowser } from '../../../test/browser.ts';
import { freshTotpCode } from '../../../test/second-factor.ts';
import { TEST_DATABASE, TEST_SESSION_STORE } from '../../../test/services.ts';
import { IMPERSONATION_REFUSED } from '../auth/index.ts';
import { MESSAGES } from './controller.ts';
import { MONEY_REFUSED, UNLISTED_REFUSED } from './impersonation.ts';

type Page = { component: string; props: Record<string, unknown> };

const store = await backOfficeApp();
const { db, clock } = store;

async function page(browser: TestBrowser, url: string): Promise<Page & { status: number }> {
  const response = await browser.visit(url);
  return { status: response.status, ...(response.body as Page) };
}

async function whoAmI(browser: TestBrowser) {
  const { props } = await page(browser, '/');
  const auth = props.auth as { user: { email: string; backOffice?: boolean } } | null;
  return { email: auth?.user.email ?? null, impersonating: props.isImpersonating as boolean };
}

/** Whether the Account menu links the back office on this browser's pages. */
async function offersBackOffice(browser: TestBrowser) {
  const { props } = await page(browser, '/');
  return (props.auth as { user: { backOffice?: boolean } }).user.backOffice === true;
}

const sessionCookie = (browser: TestBrowser) => browser.cookies.get('tessera_session');

async function hashOf(userId: number) {
  const row = await db
    .selectFrom('users')
    .select(['email', 'password_hash'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row;
}

describe(`impersonation (${TEST_DATABASE}, ${TEST_SESSION_STORE} sessions)`, () => {
  it('shows the store exactly as the customer sees it, with the banner, and returns to their record', async () => {
    const operator = await store.admin();
    const customer = await store.person('customer');
    const record = await page(operator.browser, `/admin/users/${customer.id}`);
    expect((record.props as AdminCustomerPageProps).impersonation).toEqual({
      allowed: true,
      needsPassword: false,
    });

    expect(await offersBackOffice(operator.browser)).toBe(true);
    const before = sessionCookie(operator.browser);
    const tokenBefore = operator.browser.xsrf;
    const start = await operator.browser.submit('post', `/admin/users/${customer.id}/impersonate`);
    expect(start.status).toBe(302);
    expect(start.headers.location).toBe('/');
    // A new session id (and CSRF token) at the start…
    expect(sessionCookie(operator.browser)).not.toBe(before);
    expect(operator.browser.xsrf).not.toBe(tokenBefore);
    expect(await whoAmI(operator.browser)).toEqual({ email: customer.email, impersonating: true });
    expect(await offersBackOffice(operator.browser)).toBe(false);
    const settings = await page(operator.browser, '/account-settings');
    expect(settings.props).toMatchObject({ email: customer.email, isImpersonating: true });
    // The customer has no back office, so neither has the session acting as them.
    expect((await operator.browser.visit('/admin')).status).toBe(404);
    expect((await operator.browser.visit(`/admin/users/${customer.id}`)).status).toBe(404);

    const during = sessionCookie(operator.browser);
    const tokenDuring = operator.browser.xsrf;
    const stop = await operator.browser.submit('delete', '/impersonate');
    expect(stop.status).toBe(303);
    expect(stop.headers.location).toBe(`/admin/users/${customer.id}`);
    // …and another at the stop.
    expect(sessionCookie(operator.browser)).not.toBe(during);
    expect(operator.browser.xsrf).not.toBe(tokenDuring);
    expect(await whoAmI(operator.browser)).toEqual({ email: operator.email, impersonating: false });
    expect((await operator.browser.visit(`/admin/users/${customer.id}`)).status).toBe(200);

    const entries = await db
      .selectFrom('audit_entries')
      .selectAll()
      .where('customer_id', '=', customer.id)
      .orderBy('id')
      .execute();
    expect(entries.map((entry) => [entry.action, entry.actor_id, entry.subject_id])).toEqual([
      ['impersonation.start', operator.id, customer.id],
      ['impersonation.stop', operator.id, customer.id],
    ]);
    expect(entries.every((entry) => entry.ip !== null && entry.ip.length > 0)).toBe(true);
  });

  it('cannot change the customer’s e-mail or password, log out their sessions, or impersonate again', async () => {
    const operator = await store.admin();
    const customer = await store.person('victim');
    const other = await store.person('someone-else');
    const customersOwnBrowser = await store.signIn(customer.email);
    const credentials = await hashOf(customer.id);
    await operator.browser.submit('post', `/admin/users/${customer.id}/impersonate`);

    const email = await operator.browser.submit('put', '/account-settings/email', {
      email: 'attacker@example.com',
      password: PEOPLE_PASSWORD,
    });
    const password = await operator.browser.submit('put', '/account-settings/password', {
      old_password: PEOPLE_PASSWORD,
      new_password: 'an-entirely-new-password-9',
    });
    const logoutOthers = await operator.browser.submit('post', '/logout/other', {
      password: PEOPLE_PASSWORD,
    });
    for (const response of [email, password, logoutOthers]) {
      expect(response.status).toBe(403);
      expect(JSON.stringify(response.body)).toContain(IMPERSONATION_REFUSED);
    }
    expect(await hashOf(customer.id)).toEqual(credentials);
    expect(await store.signIn(customer.email)).toBeTruthy();
    expect(await whoAmI(customersOwnBrowser)).toEqual({
      email: customer.email,
      impersonating: false,
    });

    const again = await operator.browser.submit('post', `/admin/users/${other.id}/impersonate`);
    expect(again.status).toBe(404);
    expect(await whoAmI(operator.browser)).toEqual({ email: customer.email, impersonating: true });
    expect(await store.auditOf('impersonation.start')).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ customer_id: other.id })]),
    );
  });

  it('never impersonates an administrator', async () => {
    const operator = await store.admin();
    const colleague = await store.admin();
    const record = await page(operator.browser, `/admin/users/${colleague.id}`);
    expect((record.props as AdminCustomerPageProps).impersonation).toEqual({
      allowed: false,
      reason: 'An administrator cannot be impersonated.',
    });
    const before = sessionCookie(operator.browser);
    const attempt = await operator.browser.submit(
      'post',
      `/admin/users/${colleague.id}/impersonate`,
    );
    expect(attempt.status).toBe(302);
    expect(attempt.headers.location).toBe(`/admin/users/${colleague.id}`);
    expect(sessionCookie(operator.browser)).toBe(before);
    expect(await whoAmI(operator.browser)).toEqual({ email: operator.email, impersonating: false });
    // Nor themself.
    await operator.browser.submit('post', `/admin/users/${operator.id}/impersonate`);
    expect(await whoAmI(operator.browser)).toEqual({ email: operator.email, impersonating: false });
    const starts = await store.auditOf('impersonation.start');
    expect(starts.filter((entry) => entry.actor_id === operator.id)).toEqual([]);
  });

  it(`asks for the password and a second factor again once the sign-in is older than ${IMPERSONATION_REAUTH_MINUTES} minutes`, async () => {
    const operator = await store.admin();
    const customer = await store.person('later');
    const url = `/admin/users/${customer.id}/impersonate`;
    clock.now += (IMPERSONATION_REAUTH_MINUTES + 1) * 60 * 1000;
    try {
      const record = await page(operator.browser, `/admin/users/${customer.id}`);
      expect((record.props as AdminCustomerPageProps).impersonation).toEqual({
        allowed: true,
        needsPassword: true,
      });
      const bare = await operator.browser.submit('post', url);
      expect(bare.status).toBe(302);
      expect(await operator.browser.errorsAfterRedirect(`/admin/users/${customer.id}`)).toEqual({
        password: MESSAGES.needsPassword,
      });
      await operator.browser.submit('post', url, { password: 'not-the-password' });
      expect(await operator.browser.errorsAfterRedirect(`/admin/users/${customer.id}`)).toEqual({
        password: 'The password is incorrect.',
      });
      expect(await whoAmI(operator.browser)).toEqual({
        email: operator.email,
        impersonating: false,
      });

      // The password alone no longer starts it: a second factor is asked for too.
      await operator.browser.submit('post', url, { password: PEOPLE_PASSWORD });
      expect(await operator.browser.errorsAfterRedirect(`/admin/users/${customer.id}`)).toEqual({
        code: MESSAGES.needsCode,
      });
      const code = await freshTotpCode(db, operator.id, clock.now);
      const ok = await operator.browser.submit('post', url, { password: PEOPLE_PASSWORD, code });
      expect(ok.headers.location).toBe('/');
      expect(await whoAmI(operator.browser)).toEqual({
        email: customer.email,
        impersonating: true,
      });
      // The password just entered counts as a recent sign-in for the next one.
      await operator.browser.submit('delete', '/impersonate');
      const next = await page(operator.browser, `/admin/users/${customer.id}`);
      expect((next.props as AdminCustomerPageProps).impersonation).toEqual({
        allowed: true,
        needsPassword: false,
      });
    } finally {
      clock.now -= (IMPERSONATION_REAUTH_MINUTES + 1) * 60 * 1000;
    }
  });

  it('counts exactly the last 15 minutes as recent, and a remembered browser as not recent', async () => {
    const customer = await store.person('boundary');
    const needsPassword = async (browser: TestBrowser) =>
      ((await page(browser, `/admin/users/${customer.id}`)).props as AdminCustomerPageProps)
        .impersonation;
    const operator = await store.admin({ remember: true });
    const window = IMPERSONATION_REAUTH_MINUTES * 60 * 1000;
    clock.now += window;
    try {
      expect(await needsPassword(operator.browser)).toEqual({
        allowed: true,
        needsPassword: false,
      });
      clock.now += 1;
      expect(await needsPassword(operator.browser)).toEqual({ allowed: true, needsPassword: true });
      clock.now -= 1;
      // The browser comes back without its session: remember-me signs it in, no password typed.
      await store.services.sessionStore.destroyUserSessions(operator.id);
      expect(await needsPassword(operator.browser)).toEqual({ allowed: true, needsPassword: true });
      expect(await whoAmI(operator.browser)).toEqual({
        email: operator.email,
        impersonating: false,
      });
    } finally {
      clock.now -= window;
    }
  });

  it('keeps the operator’s own remember-me through start and stop', async () => {
    const operator = await store.admin({ remember: true });
    const customer = await store.person('remembered');
    await operator.browser.submit('post', `/admin/users/${customer.id}/impersonate`);
    await operator.browser.submit('delete', '/impersonate');
    // "Log out other sessions" keeps this browser's remember-me token, found by the session.
    const others = await operator.browser.submit('post', '/logout/other', {
      password: PEOPLE_PASSWORD,
    });
    expect(others.status).toBe(302);
    await store.services.sessionStore.destroyUserSessions(operator.id);
    expect(await whoAmI(operator.browser)).toEqual({ email: operator.email, impersonating: false });
  });

  it('ends when the operator’s account is removed', async () => {
    const operator = await store.admin();
    const customer = await store.person('orphaned');
    await operator.browser.submit('post', `/admin/users/${customer.id}/impersonate`);
    await db.deleteFrom('users').where('id', '=', operator.id).execute();
    expect(await whoAmI(operator.browser)).toEqual({ email: null, impersonating: false });
  });

  it('ends when the operator stops being an administrator, and stop is harmless when nothing runs', async () => {
    const operator = await store.admin();
    const customer = await store.person('demoted');
    await operator.browser.submit('post', `/admin/users/${customer.id}/impersonate`);
    expect(await whoAmI(operator.browser)).toEqual({ email: customer.email, impersonating: true });
    await db.updateTable('users').set({ is_admin: 0 }).where('id', '=', operator.id).execute();
    expect(await whoAmI(operator.browser)).toEqual({ email: operator.email, impersonating: false });
    const stop = await operator.browser.submit('delete', '/impersonate');
    expect(stop.status).toBe(303);
    expect(stop.headers.location).toBe('/');
  });

  it('does not count the operator’s session among the customer’s', async () => {
    const operator = await store.admin();
    const customer = await store.person('counted');
    await store.signIn(customer.email);
    const sessions = async () =>
      (
        (await page(operator.browser, `/admin/users/${customer.id}`))
          .props as AdminCustomerPageProps
      ).sessions;
    expect((await sessions()).count).toBe(1);
    expect((await sessions()).lastSeenAt).not.toBeNull();
    await operator.browser.submit('post', `/admin/users/${customer.id}/impersonate`);
    await operator.browser.visit('/account-settings');
    await operator.browser.submit('delete', '/impersonate');
    expect((await sessions()).count).toBe(1);
    const signIns = (
      (await page(operator.browser, `/admin/users/${customer.id}`)).props as AdminCustomerPageProps
    ).signIns;
    expect(signIns).toHaveLength(1);
    expect(signIns[0]).toMatchObject({ method: 'password' });
  });

  it('records an allowed act with who really acted, refuses money and unlisted writes, and ends at sign-out (decision 042)', async () => {
    const operator = await store.admin();
    const customer = await store.person('acted-for');
    await operator.browser.submit('post', `/admin/users/${customer.id}/impersonate`);
    const acts = async () =>
      db
        .selectFrom('audit_entries')
        .selectAll()
        .where('customer_id', '=', customer.id)
        .where('action', 'in', ['impersonation.act', 'impersonation.stop'])
        .orderBy('id')
        .execute();

    // An audited act runs, after an entry naming the operator and what was done.
    const chosen = await operator.browser.submit('put', '/snippet-language', {
      snippet_lang: 'vue',
    });
    expect(chosen.status).toBe(303);
    const [act] = await acts();
    expect(act).toMatchObject({
      action: 'impersonation.act',
      actor_id: operator.id,
      actor_email: operator.email,
      subject_type: 'user',
      subject_id: customer.id,
    });
    expect(act!.ip).toBeTruthy();
    expect(JSON.parse(act!.details)).toEqual({
      customer: customer.email,
      act: 'choose the snippet language',
      route: 'PUT /snippet-language',
    });
    const stored = await db
      .selectFrom('users')
      .select('snippet_lang')
      .where('id', '=', customer.id)
      .executeTakeFirstOrThrow();
    expect(stored.snippet_lang).toBe('vue');

    // Money is refused; so is a write no row names (even one no route answers), with nothing
    // recorded; a read no row names is let through.
    const checkout = await operator.browser.visit('/checkout/all-access');
    expect(checkout.status).toBe(403);
    expect(JSON.stringify(checkout.body)).toContain(MONEY_REFUSED.slice(0, 40));
    for (const method of ['post', 'put', 'patch', 'delete'] as const) {
      const unlisted = await operator.browser.submit(method, '/no-such-route');
      expect([method, unlisted.status]).toEqual([method, 403]);
      expect(JSON.stringify(unlisted.body)).toContain(UNLISTED_REFUSED.slice(0, 40));
    }
    expect((await operator.browser.visit('/no-such-page')).status).toBe(404);
    expect(await acts()).toHaveLength(1);

    // Signing out while impersonating writes the end of it, then signs the operator out.
    const out = await operator.browser.submit('post', '/logout');
    expect(out.status).toBeLessThan(400);
    const entries = await acts();
    expect(entries.map((entry) => entry.action)).toEqual([
      'impersonation.act',
      'impersonation.stop',
    ]);
    expect(entries[1]).toMatchObject({
      actor_id: operator.id,
      subject_type: 'user',
      subject_id: customer.id,
    });
    expect(JSON.parse(entries[1]!.details)).toEqual({ customer: customer.email, via: 'sign-out' });
    expect(await whoAmI(operator.browser)).toEqual({ email: null, impersonating: false });
  });
});
