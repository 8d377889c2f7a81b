import { NEW_ACCESS_TOKEN_FLASH } from '@tessera/pages/constants';
import type { Request } from 'express';
import type request from 'supertest';
import { describe, expect, it } from 'vitest';
import { backOfficeApp } from '../../../test/back-office.ts';
import { TestBrowser } from '../../../test/browser.ts';
import { INERTIA } from '../../../test/helpers.ts';
import { TEST_DATABASE, TEST_SESSION_STORE } from '../../../test/services.ts';
import { createLicense, createTeam } from '../../../test/teams.ts';
import { authenticateBearer } from './service/bearer.ts';
import { LAST_USE_RESOLUTION_MS } from './repository.ts';

/**
 * A token is read-only access to code for machine routes, and nothing else (decision 014): on
 * every browser route a request carrying `Authorization: Bearer <valid token>` is a visitor. It
 * signs nobody in, makes no signed-in session, passes no CSRF check and reaches no back office.
 */

const store = await backOfficeApp();
const { db } = store;

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

async function tokenFor(browser: TestBrowser): Promise<string> {
  const response = await browser.submit('post', '/account/tokens', {
    name: 'browser-routes',
    expires_in: 'never',
  });
  expect(response.status).toBe(200);
  return (response.body as { flash: Record<string, string> }).flash[NEW_ACCESS_TOKEN_FLASH.secret]!;
}

const owner = await store.person('bearer-owner');
const ownerBrowser = await store.signIn(owner.email);
const member = await store.person('bearer-member');
const team = await createTeam(store.services, { owners: [owner.id], members: [member.id] });
const unredeemed = await createLicense(store.services, { product: 'marketing' });
const ownerToken = await tokenFor(ownerBrowser);
const admin = await store.admin();
const adminToken = await tokenFor(admin.browser);
const tokens = [
  { who: 'team owner', secret: ownerToken },
  { who: 'admin', secret: adminToken },
];

const GETS = [
  '/account-settings',
  '/license',
  `/teams/${team.id}`,
  `/licenses/${unredeemed.key}`,
  '/checkout/all-access',
  '/components/marketing/sections/heroes',
  '/admin',
  `/admin/users/${owner.id}`,
  '/admin/audit',
];

const WRITES: { method: Exclude<Method, 'get'>; path: string; body: object }[] = [
  { method: 'post', path: '/account/tokens', body: { name: 'minted', expires_in: 'never' } },
  { method: 'delete', path: '/account/tokens/1', body: {} },
  {
    method: 'put',
    path: '/account-settings/email',
    body: { email: 'x@example.com', password: 'p' },
  },
  {
    method: 'put',
    path: '/account-settings/password',
    body: { old_password: 'p', new_password: 'new-password-123456' },
  },
  { method: 'post', path: '/logout/other', body: { password: 'p' } },
  { method: 'patch', path: `/licenses/${unredeemed.key}`, body: {} },
  { method: 'patch', path: `/teams/${team.id}`, body: { name: 'Taken over' } },
  {
    method: 'delete',
    path: `/teams/${team.id}/members/${team.memberIds.get(member.id)}`,
    body: {},
  },
  { method: 'delete', path: `/teams/${team.id}/invite-link`, body: {} },
  { method: 'post', path: `/admin/users/${member.id}/impersonate`, body: {} },
  { method: 'post', path: `/admin/licenses/${team.licenseId}/deactivate`, body: {} },
  { method: 'put', path: '/snippet-language', body: { snippet_lang: 'vue' } },
];

function call(
  agent: ReturnType<typeof request.agent>,
  method: Method,
  path: string,
  headers: Record<string, string>,
  body?: object,
) {
  const pending = agent[method](path).set(headers);
  return body && method !== 'get' ? pending.send(body) : pending;
}

/** What a response tells about who it was for: status, redirect, and the page's signed-in user. */
function seenAs(response: request.Response) {
  const body = response.body as { props?: { auth?: unknown; isImpersonating?: unknown } } | null;
  return {
    status: response.status,
    location: response.headers.location as string | undefined,
    auth: body?.props?.auth ?? null,
  };
}

function setCookieNames(response: request.Response): string[] {
  const header = response.headers['set-cookie'] as unknown;
  const cookies = Array.isArray(header) ? (header as string[]) : [];
  return cookies.map((cookie) => cookie.split('=')[0]!);
}

async function state() {
  return {
    tokens: await db
      .selectFrom('access_tokens')
      .select(['id', 'revoked_at'])
      .orderBy('id')
      .execute(),
    members: await db.selectFrom('team_members').select(['id', 'role']).orderBy('id').execute(),
    teams: await db
      .selectFrom('teams')
      .select(['id', 'name', 'invite_token'])
      .orderBy('id')
      .execute(),
    licenses: await db
      .selectFrom('licenses')
      .select(['id', 'user_id', 'team_id', 'is_active'])
      .orderBy('id')
      .execute(),
    users: await db
      .selectFrom('users')
      .select(['id', 'email', 'password_hash'])
      .orderBy('id')
      .execute(),
    audit: await db.selectFrom('audit_entries').select('id').execute(),
  };
}

let firstUse = 0;

describe(`a bearer token on browser routes (${TEST_DATABASE}, ${TEST_SESSION_STORE} sessions)`, () => {
  it('the tokens are live (so what follows is not a dead token being refused)', async () => {
    firstUse = store.clock.now;
    for (const { secret } of tokens) {
      const result = await authenticateBearer(
        db,
        { get: (() => `Bearer ${secret}`) as unknown as Request['get'] },
        store.clock.now,
      );
      expect(result.ok).toBe(true);
    }
  });

  it('answers every page exactly as it answers a visitor, signed in as nobody', async () => {
    // Past the last-use resolution: a use of the tokens from here on would be recorded.
    store.clock.now += 2 * LAST_USE_RESOLUTION_MS;
    for (const { who, secret } of tokens) {
      for (const path of GETS) {
        for (const inertia of [false, true]) {
          const headers = inertia ? { ...INERTIA, 'X-Inertia-Version': '' } : {};
          const visitor = await call(new TestBrowser(store.app).agent, 'get', path, headers);
          const agent = new TestBrowser(store.app).agent;
          const withToken = await call(agent, 'get', path, {
            ...headers,
            Authorization: `Bearer ${secret}`,
          });
          const label = `${who} GET ${path}${inertia ? ' (Inertia)' : ''}`;
          expect(seenAs(withToken), label).toEqual(seenAs(visitor));
          expect(setCookieNames(withToken), label).not.toContain('tessera_remember');
          // Whatever cookies came back belong to a visitor.
          const page = await agent.get('/').set({ ...INERTIA, 'X-Inertia-Version': '' });
          expect((page.body as { props: { auth: unknown } }).props.auth, label).toBeNull();
        }
      }
    }
  });

  it('passes no CSRF check and changes nothing: every state change is refused as a visitor’s would be', async () => {
    const before = await state();
    for (const { who, secret } of tokens) {
      for (const row of WRITES) {
        // With the token alone: no CSRF token, so 419 like any other request without one.
        const bare = await call(
          new TestBrowser(store.app).agent,
          row.method,
          row.path,
          { Authorization: `Bearer ${secret}`, Accept: 'application/json' },
          row.body,
        );
        expect(bare.status, `${who} ${row.method} ${row.path}`).toBe(419);
        // With a visitor's valid CSRF token as well: exactly the visitor's answer.
        const visitor = new TestBrowser(store.app);
        const asVisitor = await visitor.submit(row.method, row.path, row.body);
        const withToken = new TestBrowser(store.app);
        await withToken.visit('/');
        const response = await withToken.agent[row.method](row.path)
          .set(INERTIA)
          .set('X-XSRF-TOKEN', withToken.xsrf)
          .set('Authorization', `Bearer ${secret}`)
          .send(row.body);
        expect(seenAs(response), `${who} ${row.method} ${row.path}`).toEqual(seenAs(asVisitor));
      }
    }
    expect(await state()).toEqual(before);
  });

  it('never even reads the token there: its last use stays empty', async () => {
    const rows = await db
      .selectFrom('access_tokens')
      .select(['last_used_at'])
      .where('user_id', 'in', [owner.id, admin.id])
      .execute();
    // The first test used them once through authenticateBearer itself; nothing since.
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.last_used_at).toBe(firstUse);
  });
});
