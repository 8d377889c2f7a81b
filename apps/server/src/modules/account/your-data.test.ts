import { ACCOUNT_DELETED, OPERATOR_ACCOUNT_NOT_DELETED } from '@tessera/pages/constants';
import request from 'supertest';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { TestBrowser } from '../../../test/browser.ts';
import { testApp } from '../../../test/helpers.ts';
import { TEST_DATABASE, TEST_SESSION_STORE } from '../../../test/services.ts';
import { PASSWORD, signedInUser, signIn, trySignIn } from '../../../test/sign-in.ts';
import { createLicense, createTeam, listening } from '../../../test/teams.ts';
import { WRONG_PASSWORD } from './controller.ts';

type App = Awaited<ReturnType<typeof testApp>>;
let app: App;

beforeAll(async () => {
  app = await testApp();
});

const db = () => app.services.database.db;

/** A customer with a paid purchase, a personal licence, a team they own with a member, a team
 * they own alone, a seat in someone else's team, a token, and a newsletter subscription. */
async function customerWithEverything() {
  const customer = await signedInUser(app.services, app.app, 'leaving');
  const member = await signedInUser(app.services, app.app, 'heir');
  const stranger = await signedInUser(app.services, app.app, 'stranger');
  const product = await db().selectFrom('products').select('id').executeTakeFirstOrThrow();
  const purchase = await db()
    .insertInto('purchases')
    .values({
      user_id: customer.id,
      product_id: product.id,
      amount: 14900,
      tax: 2980,
      currency: 'USD',
      source: 'sandbox',
      receipt_url: 'https://receipts.example.com/1',
      buyer_email: customer.email,
      provider_transaction_id: `txn_${customer.id}`,
      created_at: Date.parse('2026-01-02T10:00:00Z'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const personal = await createLicense(app.services, { kind: 'personal', userId: customer.id });
  await db()
    .updateTable('licenses')
    .set({ purchase_id: purchase.id })
    .where('id', '=', personal.id)
    .execute();
  const shared = await createTeam(app.services, { owners: [customer.id], members: [member.id] });
  const alone = await createTeam(app.services, { owners: [customer.id] });
  const theirs = await createTeam(app.services, { owners: [stranger.id], members: [customer.id] });
  for (const team of [shared, alone]) {
    await db()
      .updateTable('licenses')
      .set({ user_id: customer.id })
      .where('id', '=', team.licenseId)
      .execute();
  }
  await customer.browser.submit('post', '/account/tokens', { name: 'CI', expires_in: '30' });
  await db()
    .insertInto('newsletter_subscribers')
    .values({ email: customer.email, created_at: Date.now() })
    .execute();
  return { customer, member, stranger, purchase, personal, shared, alone, theirs };
}

describe(`your data: export and deletion (${TEST_DATABASE}, ${TEST_SESSION_STORE} sessions)`, () => {
  it('exports everything held about the customer as a JSON file, and no secret', async () => {
    const world = await customerWithEverything();
    const response = await world.customer.browser.submit('post', '/account-settings/data');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="?[a-z0-9-]+-your-data-\d{4}-\d{2}-\d{2}\.json"?$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const data = JSON.parse(response.text) as {
      account: { id: number; email: string; newsletter: boolean };
      purchases: unknown[];
      licences: { kind: string }[];
      teams: { role: string }[];
      sessions: { active: number };
      signIns: unknown[];
      accessTokens: unknown[];
    };
    expect(data.account).toMatchObject({ id: world.customer.id, email: world.customer.email });
    expect(data.account.newsletter).toBe(true);
    expect(data.purchases).toContainEqual(
      expect.objectContaining({ amount: 14900, tax: 2980, created_at: '2026-01-02T10:00:00.000Z' }),
    );
    expect(data.licences.map((l: { kind: string }) => l.kind).sort()).toEqual([
      'personal',
      'team',
      'team',
    ]);
    expect(data.teams.map((t: { role: string }) => t.role).sort()).toEqual([
      'member',
      'owner',
      'owner',
    ]);
    expect(data.sessions.active).toBeGreaterThanOrEqual(1);
    expect(data.signIns.length).toBeGreaterThanOrEqual(1);
    expect(data.accessTokens).toEqual([expect.objectContaining({ name: 'CI' })]);
    const text = response.text;
    const secrets = await db()
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', world.customer.id)
      .executeTakeFirstOrThrow();
    const token = await db()
      .selectFrom('access_tokens')
      .select('token_hash')
      .where('user_id', '=', world.customer.id)
      .executeTakeFirstOrThrow();
    for (const secret of [
      secrets.password_hash,
      token.token_hash,
      world.personal.key,
      world.shared.licenseKey,
      world.shared.inviteToken,
      world.theirs.inviteToken,
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/password_hash|token_hash|validator|invite_token/);
    // Nobody else's address either: not the heir's, not the other team's owner's.
    expect(text).not.toContain(world.member.email);
    expect(text).not.toContain(world.stranger.email);
    console.info(`export of a customer with everything: ${Buffer.byteLength(text)} bytes`);
  });

  it('refuses the export and the deletion to visitors and to a forged form', async () => {
    const visitor = new TestBrowser(app.app);
    await visitor.visit('/');
    for (const path of ['/account-settings/data', '/account-settings/delete']) {
      // A visitor's post, an Inertia visit or a plain form, is answered 401: sign in first.
      expect((await visitor.submit('post', path, { password: PASSWORD })).status, path).toBe(401);
      const native = await visitor.agent
        .post(path)
        .set('Accept', 'text/html')
        .type('form')
        .send({ _token: visitor.xsrf, password: PASSWORD });
      expect(native.status, path).toBe(401);
      expect(native.headers['content-disposition'], path).toBeUndefined();
    }
    const { customer } = await customerWithEverything();
    const forged = await request(app.app)
      .post('/account-settings/delete')
      .set('Cookie', [...customer.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '))
      .type('form')
      .send({ password: PASSWORD });
    expect(forged.status).toBe(419);
    expect(await customer.browser.signedInAs()).toBe(customer.email);
  });

  it('deletes only with the password: nothing changes on a wrong one', async () => {
    const { customer } = await customerWithEverything();
    await customer.browser.submit('post', '/account-settings/delete', {
      password: 'not it at all',
    });
    expect(await customer.browser.errorsAfterRedirect('/account-settings')).toEqual({
      password: WRONG_PASSWORD,
    });
    await customer.browser.submit('post', '/account-settings/delete', {});
    expect((await customer.browser.errorsAfterRedirect('/account-settings')).password).toMatch(
      /required/,
    );
    expect(await customer.browser.signedInAs()).toBe(customer.email);
  });

  it('deletes the account: kept records anonymised, teams handed over or closed, licences per the rules, every session out', async () => {
    const world = await customerWithEverything();
    const { customer } = world;
    const elsewhere = await signIn(app.app, customer.email, PASSWORD);
    const auditBefore = await db()
      .selectFrom('audit_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();

    const response = await customer.browser.submit('post', '/account-settings/delete', {
      password: PASSWORD,
    });
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe('/login');
    expect((await customer.browser.visit('/login')).body.flash).toEqual({
      status: ACCOUNT_DELETED,
    });
    expect(await customer.browser.signedInAs()).toBeNull();
    expect(await elsewhere.signedInAs()).toBeNull();
    const again = await trySignIn(app.app, customer.email, PASSWORD);
    expect(await again.browser.signedInAs()).toBeNull();

    const user = await db()
      .selectFrom('users')
      .selectAll()
      .where('id', '=', customer.id)
      .executeTakeFirstOrThrow();
    expect(user.email).toBe(`deleted-${customer.id}@deleted.invalid`);
    expect(user.password_hash).not.toMatch(/^scrypt\$/);

    // The sale stays for the accounts, naming nobody.
    const purchase = await db()
      .selectFrom('purchases')
      .selectAll()
      .where('id', '=', world.purchase.id)
      .executeTakeFirstOrThrow();
    expect(purchase).toMatchObject({
      user_id: null,
      buyer_email: null,
      amount: 14900,
      tax: 2980,
      provider_transaction_id: `txn_${customer.id}`,
    });

    const license = (id: number) =>
      db().selectFrom('licenses').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(await license(world.personal.id)).toMatchObject({
      user_id: null,
      is_active: 0,
      deactivation_reason: 'other',
    });
    // The team with a member goes to that member, with its licence, still active.
    expect(await license(world.shared.licenseId)).toMatchObject({
      user_id: world.member.id,
      is_active: 1,
    });
    const members = (teamId: number) =>
      db()
        .selectFrom('team_members')
        .select(['user_id', 'role'])
        .where('team_id', '=', teamId)
        .execute();
    expect(await members(world.shared.id)).toEqual([{ user_id: world.member.id, role: 'owner' }]);
    // The team they owned alone is closed; the seat they had elsewhere is free again.
    expect(await members(world.alone.id)).toEqual([]);
    expect(await license(world.alone.licenseId)).toMatchObject({ is_active: 0, user_id: null });
    expect(await members(world.theirs.id)).toEqual([{ user_id: world.stranger.id, role: 'owner' }]);
    for (const team of [world.shared, world.alone, world.theirs]) {
      const row = await db()
        .selectFrom('teams')
        .select('member_count')
        .where('id', '=', team.id)
        .executeTakeFirstOrThrow();
      expect(row.member_count).toBe((await members(team.id)).length);
    }
    const tokens = await db()
      .selectFrom('access_tokens')
      .select('revoked_at')
      .where('user_id', '=', customer.id)
      .execute();
    expect(tokens.length).toBe(1);
    expect(tokens.every((token) => token.revoked_at !== null)).toBe(true);
    const subscribed = await db()
      .selectFrom('newsletter_subscribers')
      .select('id')
      .where('email', '=', customer.email)
      .execute();
    expect(subscribed).toEqual([]);
    // The audit trail is append-only: nothing removed.
    const auditAfter = await db()
      .selectFrom('audit_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(auditAfter.n)).toBe(Number(auditBefore.n));
    // The heir's team works for them.
    expect((await world.member.browser.visit(`/teams/${world.shared.id}`)).status).toBe(200);
  });

  it('deletes once when two deletions of one account race', async () => {
    const world = await customerWithEverything();
    const second = await signIn(app.app, world.customer.email, PASSWORD);
    const server = await listening(app.app);
    onTestFinished(() => server.close());
    const post = (browser: TestBrowser) =>
      fetch(`${server.url}/account-settings/delete`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'Content-Type': 'application/json',
          'X-Inertia': 'true',
          'X-XSRF-TOKEN': browser.xsrf,
          Cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        },
        body: JSON.stringify({ password: PASSWORD }),
      });
    const answers = await Promise.all([post(world.customer.browser), post(second)]);
    const statuses = answers.map((answer) => answer.status);
    for (const status of statuses) expect(status).toBeLessThan(500);
    expect(answers.filter((a) => a.headers.get('location') === '/login').length).toBeGreaterThan(0);
    // One deletion: the heir owns the team once, every count matches its rows.
    const owners = await db()
      .selectFrom('team_members')
      .select(['user_id', 'role'])
      .where('team_id', '=', world.shared.id)
      .execute();
    expect(owners).toEqual([{ user_id: world.member.id, role: 'owner' }]);
    for (const team of [world.shared, world.alone, world.theirs]) {
      const row = await db()
        .selectFrom('teams')
        .select('member_count')
        .where('id', '=', team.id)
        .executeTakeFirstOrThrow();
      const rows = await db()
        .selectFrom('team_members')
        .select('id')
        .where('team_id', '=', team.id)
        .execute();
      expect(row.member_count).toBe(rows.length);
    }
    const user = await db()
      .selectFrom('users')
      .select('email')
      .where('id', '=', world.customer.id)
      .executeTakeFirstOrThrow();
    expect(user.email).toBe(`deleted-${world.customer.id}@deleted.invalid`);
  });

  it('keeps an operator account: it is closed from the back office', async () => {
    const operator = await signedInUser(app.services, app.app, 'operator', { admin: true });
    await operator.browser.submit('post', '/account-settings/delete', { password: PASSWORD });
    expect(await operator.browser.errorsAfterRedirect('/account-settings')).toEqual({
      password: OPERATOR_ACCOUNT_NOT_DELETED,
    });
    expect(await operator.browser.signedInAs()).toBe(operator.email);
  });
});
