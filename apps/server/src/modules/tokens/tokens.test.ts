import type { AccessTokenRecord } from '@tessera/pages';
import {
  ACCESS_TOKEN_EXPIRY_INVALID,
  ACCESS_TOKEN_LIMIT,
  ACCESS_TOKEN_LIMIT_REACHED,
  ACCESS_TOKEN_NAME_CONTROL,
  ACCESS_TOKEN_NAME_REQUIRED,
  ACCESS_TOKEN_NAME_TOO_LONG,
  ACCESS_TOKEN_REVOKED,
  NEW_ACCESS_TOKEN_FLASH,
} from '@tessera/pages/constants';
import type { Request } from 'express';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { backOfficeApp, DAY_MS } from '../../../test/back-office.ts';
import { TestBrowser } from '../../../test/browser.ts';
import { deliver, listening, refundEvent, webhookSecret } from '../../../test/payments.ts';
import { TEST_DATABASE, TEST_SESSION_STORE } from '../../../test/services.ts';
import { createLicense, createTeam } from '../../../test/teams.ts';
import { MALFORMED_TEXT_MESSAGE } from '../../http/input-guard.ts';
import { policyFor as accessPolicyFor } from '../licensing/index.ts';
import { IMPERSONATION_REFUSED } from '../auth/index.ts';
import { authenticateBearer } from './service/bearer.ts';
import { LAST_USE_RESOLUTION_MS } from './repository.ts';
import {
  SHOWN_PREFIX_LENGTH,
  TOKEN_PATTERN,
  isWellFormedToken,
  tokenHash,
} from './service/secrets.ts';
import { accessTokensService } from './service/tokens.ts';

const store = await backOfficeApp();
const { db, clock } = store;
const START = clock.now;

type Page = {
  component: string;
  url: string;
  props: { accessTokens: AccessTokenRecord[]; errors: Record<string, string> } & Record<
    string,
    unknown
  >;
  flash: Record<string, string>;
};

/** A request as `authenticateBearer` reads it: its Authorization header, or none. */
function withAuthorization(value: string | undefined): Pick<Request, 'get'> {
  return {
    get: ((name: string) =>
      name.toLowerCase() === 'authorization' ? value : undefined) as Request['get'],
  };
}
const bearer = (secret: string) => withAuthorization(`Bearer ${secret}`);

async function customer(name = 'token-owner') {
  const who = await store.person(name);
  return { ...who, browser: await store.signIn(who.email) };
}

async function create(browser: TestBrowser, body: object) {
  const response = await browser.submit('post', '/account/tokens', body);
  return { response, page: response.body as Page };
}

/** Creates a token through the page and returns its secret and id. */
async function newToken(browser: TestBrowser, name = 'CLI', expires_in = 'never') {
  const { response, page } = await create(browser, { name, expires_in });
  expect(response.status).toBe(200);
  return {
    secret: page.flash[NEW_ACCESS_TOKEN_FLASH.secret]!,
    id: Number(page.flash[NEW_ACCESS_TOKEN_FLASH.id]),
  };
}

/** What a request bearing this token may open now, read as each request reads it. */
async function entitlementsOf(secret: string) {
  const auth = await authenticateBearer(db, bearer(secret), clock.now);
  if (!auth.ok) throw new Error('token refused');
  return (await accessPolicyFor(db, auth.user, { testMode: true })).entitlements;
}

async function tokensOf(userId: number) {
  return db.selectFrom('access_tokens').selectAll().where('user_id', '=', userId).execute();
}

async function listed(browser: TestBrowser) {
  return ((await browser.visit('/account-settings')).body as Page).props.accessTokens;
}

describe(`access tokens (${TEST_DATABASE}, ${TEST_SESSION_STORE} sessions)`, () => {
  it('creates a token: the secret once, in the answer only; the database holds its hash; no log line holds it', async () => {
    clock.now = START;
    const owner = await customer();
    const { response, page } = await create(owner.browser, {
      name: '  Work laptop ',
      expires_in: '30',
    });

    // The page itself answers (no redirect): nothing carries the secret to a later request.
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(page.component).toBe('AccountSettings');
    expect(page.url).toBe('/account-settings');
    const secret = page.flash[NEW_ACCESS_TOKEN_FLASH.secret]!;
    expect(secret).toMatch(TOKEN_PATTERN);
    expect(isWellFormedToken(secret)).toBe(true);
    // 40 random base62 characters: log2(62) × 40 ≈ 238 bits, well over 128.
    expect(secret.length - 'tessera_pat_'.length - 6).toBe(40);
    // The secret is in the answer's flash, never in its props (which the client keeps in history).
    expect(JSON.stringify(page.props)).not.toContain(secret);

    const rows = await tokensOf(owner.id);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      name: 'Work laptop',
      token_hash: tokenHash(secret),
      prefix: secret.slice(0, SHOWN_PREFIX_LENGTH),
      created_at: START,
      expires_at: START + 30 * DAY_MS,
      last_used_at: null,
      revoked_at: null,
    });
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(secret.slice(SHOWN_PREFIX_LENGTH));
    expect(Number(page.flash[NEW_ACCESS_TOKEN_FLASH.id])).toBe(row.id);
    expect(page.props.accessTokens).toEqual([
      {
        id: row.id,
        name: 'Work laptop',
        prefix: row.prefix,
        createdAt: new Date(START).toISOString(),
        expiresAt: new Date(START + 30 * DAY_MS).toISOString(),
        lastUsedAt: null,
        revokedAt: null,
        state: 'active',
      },
    ]);

    // A reload (a first visit and an in-app one) shows the list, not the secret.
    const again = await owner.browser.visit('/account-settings');
    expect(JSON.stringify(again.body)).not.toContain(secret);
    expect((again.body as Page).flash).toEqual({});
    const html = await owner.browser.agent.get('/account-settings');
    expect(html.status).toBe(200);
    expect(html.text).not.toContain(secret);

    // Using it logs nothing of it either.
    expect((await authenticateBearer(db, bearer(secret), clock.now)).ok).toBe(true);
    expect(JSON.stringify(store.lines)).not.toContain(secret);
    expect(JSON.stringify(store.lines)).not.toContain(secret.slice(SHOWN_PREFIX_LENGTH));
  });

  it('refuses a bad name or expiry with a clear field error, and makes nothing', async () => {
    const owner = await customer();
    const cases: [object, Record<string, string>][] = [
      [{ expires_in: '30' }, { name: ACCESS_TOKEN_NAME_REQUIRED }],
      [{ name: '', expires_in: '30' }, { name: ACCESS_TOKEN_NAME_REQUIRED }],
      [{ name: ' \t ', expires_in: '30' }, { name: ACCESS_TOKEN_NAME_REQUIRED }],
      [{ name: 'x'.repeat(101), expires_in: '30' }, { name: ACCESS_TOKEN_NAME_TOO_LONG }],
      [{ name: 'bell\u0007', expires_in: '30' }, { name: ACCESS_TOKEN_NAME_CONTROL }],
      [{ name: 'line\nbreak', expires_in: '30' }, { name: ACCESS_TOKEN_NAME_CONTROL }],
      [{ name: 'nul\u0000', expires_in: '30' }, { name: MALFORMED_TEXT_MESSAGE }],
      [{ name: 'half \uD800', expires_in: '30' }, { name: MALFORMED_TEXT_MESSAGE }],
      [{ name: ['a', 'b'], expires_in: '30' }, { name: ACCESS_TOKEN_NAME_REQUIRED }],
      [{ name: 'CLI', expires_in: '31' }, { expires_in: ACCESS_TOKEN_EXPIRY_INVALID }],
      [{ name: 'CLI' }, { expires_in: ACCESS_TOKEN_EXPIRY_INVALID }],
    ];
    for (const [body, errors] of cases) {
      const { response } = await create(owner.browser, body);
      // Back where the form was (the Referer; the test sends none).
      expect(response.status, JSON.stringify(body)).toBe(302);
      const shown = await owner.browser.errorsAfterRedirect('/account-settings');
      expect(shown, JSON.stringify(body)).toMatchObject(errors);
    }
    expect(await tokensOf(owner.id)).toEqual([]);
    // 100 characters are fine, counted as a person counts them (an emoji is one).
    await newToken(owner.browser, '🔑'.repeat(100));
    expect((await tokensOf(owner.id))[0]!.name).toBe('🔑'.repeat(100));
  });

  it(`holds at most ${ACCESS_TOKEN_LIMIT} live tokens per account, even when asked at once; revoked and expired ones do not count`, async () => {
    clock.now = START;
    const owner = await customer();
    const service = accessTokensService(store.services.database, () => clock.now);
    // One that expired yesterday: it does not count.
    clock.now = START - 31 * DAY_MS;
    await service.create(owner.id, { name: 'expired', expiry: '30' });
    clock.now = START;
    for (let i = 0; i < ACCESS_TOKEN_LIMIT - 1; i += 1)
      await service.create(owner.id, { name: `t${i}`, expiry: 'never' });
    // Open the pool's connections first, so the creations below really overlap (PostgreSQL).
    await Promise.all(
      Array.from({ length: 8 }, () => db.selectFrom('users').select('id').limit(1).execute()),
    );
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        service.create(owner.id, { name: `race${i}`, expiry: '90' }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'created')).toHaveLength(1);
    expect(outcomes.filter((o) => o.status === 'limit')).toHaveLength(5);

    const { response } = await create(owner.browser, { name: 'one more', expires_in: '30' });
    expect(response.status).toBe(302);
    expect(await owner.browser.errorsAfterRedirect('/account-settings')).toMatchObject({
      name: ACCESS_TOKEN_LIMIT_REACHED,
    });
    expect(await tokensOf(owner.id)).toHaveLength(ACCESS_TOKEN_LIMIT + 1);

    // A revoked token frees a place.
    const first = (await listed(owner.browser)).find((token) => token.state === 'active')!;
    expect((await owner.browser.submit('delete', `/account/tokens/${first.id}`)).status).toBe(303);
    await newToken(owner.browser, 'after revoking');
    expect((await create(owner.browser, { name: 'full', expires_in: '30' })).response.status).toBe(
      302,
    );
    const states = (await listed(owner.browser)).map((token) => token.state);
    expect(states.filter((s) => s === 'active')).toHaveLength(ACCESS_TOKEN_LIMIT);
    expect(states.filter((s) => s === 'expired')).toHaveLength(1);
    expect(states.filter((s) => s === 'revoked')).toHaveLength(1);
  });

  it('revokes at once, only the owner’s own token; anyone else’s id is a 404 and changes nothing', async () => {
    clock.now = START;
    const owner = await customer();
    const other = await customer('other');
    const mine = await newToken(owner.browser, 'mine');
    const theirs = await newToken(other.browser, 'theirs');
    expect((await authenticateBearer(db, bearer(theirs.secret), clock.now)).ok).toBe(true);

    for (const path of [
      `/account/tokens/${theirs.id}`,
      '/account/tokens/0',
      '/account/tokens/-1',
      '/account/tokens/1e3',
      '/account/tokens/99999999999',
      `/account/tokens/${theirs.id}%20`,
      '/account/tokens/abc',
    ]) {
      const response = await owner.browser.submit('delete', path);
      expect(response.status, path).toBe(404);
    }
    expect((await tokensOf(other.id))[0]!.revoked_at).toBeNull();
    expect((await authenticateBearer(db, bearer(theirs.secret), clock.now)).ok).toBe(true);

    const revoked = await owner.browser.submit('delete', `/account/tokens/${mine.id}`);
    expect(revoked.status).toBe(303);
    expect(revoked.headers.location).toBe('/account-settings');
    const page = (await owner.browser.visit('/account-settings')).body as Page;
    expect(page.flash).toEqual({ success: ACCESS_TOKEN_REVOKED });
    expect(page.props.accessTokens[0]).toMatchObject({
      id: mine.id,
      state: 'revoked',
      revokedAt: new Date(START).toISOString(),
    });
    // Immediately: the very next request with it is refused.
    expect(await authenticateBearer(db, bearer(mine.secret), clock.now)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    // Revoking it again changes nothing (a double click), and is no error.
    const twice = await owner.browser.submit('delete', `/account/tokens/${mine.id}`);
    expect(twice.status).toBe(303);
    expect((await tokensOf(owner.id))[0]!.revoked_at).toBe(START);
    // A visitor is sent to sign in.
    const visitor = new TestBrowser(store.app);
    expect((await visitor.submit('delete', `/account/tokens/${theirs.id}`)).status).toBe(401);
    expect((await tokensOf(other.id))[0]!.revoked_at).toBeNull();
  });

  it('lets an operator acting as the customer see their tokens, not create or revoke one', async () => {
    const owner = await customer('impersonated');
    const existing = await newToken(owner.browser, 'theirs');
    const operator = await store.admin();
    const start = await operator.browser.submit('post', `/admin/users/${owner.id}/impersonate`);
    expect(start.status).toBe(302);
    const page = (await operator.browser.visit('/account-settings')).body as Page;
    expect(page.props.accessTokens.map((t) => t.id)).toEqual([existing.id]);
    const made = await operator.browser.submit('post', '/account/tokens', {
      name: 'backdoor',
      expires_in: 'never',
    });
    const revoked = await operator.browser.submit('delete', `/account/tokens/${existing.id}`);
    for (const response of [made, revoked]) {
      expect(response.status).toBe(403);
      expect(JSON.stringify(response.body)).toContain(IMPERSONATION_REFUSED);
      expect(JSON.stringify(response.body)).not.toMatch(/tessera_pat_/);
    }
    const rows = await tokensOf(owner.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.revoked_at).toBeNull();
  });

  it('authenticates a live token as its owner and refuses malformed, altered, unknown, expired and revoked ones', async () => {
    clock.now = START;
    const owner = await customer();
    const { secret } = await newToken(owner.browser, 'expiring', '30');
    const expiry = START + 30 * DAY_MS;

    const ok = await authenticateBearer(db, bearer(secret), expiry - 1);
    expect(ok).toMatchObject({ ok: true, user: { id: owner.id } });
    expect(await authenticateBearer(db, bearer(secret), expiry)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(await authenticateBearer(db, withAuthorization(undefined), START)).toEqual({
      ok: false,
      reason: 'missing',
    });
    const last = secret.at(-8) === 'a' ? 'b' : 'a';
    const altered = secret.slice(0, -8) + last + secret.slice(-7);
    for (const header of [
      `Bearer ${altered}`,
      `Bearer ${secret}x`,
      `Bearer ${secret.toUpperCase()}`,
      `Basic ${secret}`,
      `Bearer ${encodeURIComponent(secret)}%00`,
      'Bearer tessera_pat_' + 'A'.repeat(46),
    ]) {
      const result = await authenticateBearer(db, withAuthorization(header), START);
      expect(result.ok, header).toBe(false);
    }
    // A well-formed token (checksum and all) that was never issued.
    const { newTokenSecret } = await import('./service/secrets.ts');
    expect(await authenticateBearer(db, bearer(newTokenSecret().secret), START)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('records the last use, at most once a minute, and shows it in the list', async () => {
    clock.now = START;
    const owner = await customer();
    const { secret, id } = await newToken(owner.browser);
    const lastUse = async () =>
      (
        await db
          .selectFrom('access_tokens')
          .select('last_used_at')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).last_used_at;
    expect(await lastUse()).toBeNull();
    await authenticateBearer(db, bearer(secret), START + 1_000);
    expect(await lastUse()).toBe(START + 1_000);
    await authenticateBearer(db, bearer(secret), START + 1_000 + LAST_USE_RESOLUTION_MS - 1);
    expect(await lastUse()).toBe(START + 1_000);
    await authenticateBearer(db, bearer(secret), START + 1_000 + LAST_USE_RESOLUTION_MS);
    expect(await lastUse()).toBe(START + 1_000 + LAST_USE_RESOLUTION_MS);
    // A refused (expired or revoked) token's use is not recorded.
    await owner.browser.submit('delete', `/account/tokens/${id}`);
    await authenticateBearer(db, bearer(secret), START + 10 * LAST_USE_RESOLUTION_MS);
    expect(await lastUse()).toBe(START + 1_000 + LAST_USE_RESOLUTION_MS);
    expect((await listed(owner.browser))[0]!.lastUsedAt).toBe(
      new Date(START + 1_000 + LAST_USE_RESOLUTION_MS).toISOString(),
    );
  });

  it('stops granting a removed team member’s packages at once, through their token', async () => {
    const owner = await customer('team-owner');
    const member = await customer('team-member');
    const team = await createTeam(store.services, { owners: [owner.id], members: [member.id] });
    const { secret } = await newToken(member.browser);
    const entitlements = () => entitlementsOf(secret);
    expect((await entitlements()).has('marketing')).toBe(true);
    const removed = await owner.browser.submit(
      'delete',
      `/teams/${team.id}/members/${team.memberIds.get(member.id)}`,
    );
    expect(removed.status).toBe(303);
    // The token still names its owner, who now owns nothing.
    const after = await entitlements();
    expect(after.has('marketing')).toBe(false);
    expect(after.packages.size).toBe(0);
  });

  it('stops granting a refunded package at once, through the token', async () => {
    const buyer = await customer('refunded');
    const { secret } = await newToken(buyer.browser);
    await createLicense(store.services, { product: 'all-access', userId: buyer.id });
    const license = await createLicense(store.services, {
      product: 'marketing',
      userId: buyer.id,
    });
    const transactionId = `txn_${randomBytes(8).toString('hex')}`;
    const { purchase_id } = await db
      .selectFrom('licenses')
      .select('purchase_id')
      .where('id', '=', license.id)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('purchases')
      .set({ provider_transaction_id: transactionId })
      .where('id', '=', purchase_id)
      .execute();
    // The all-access licence is refunded; the Marketing one stays.
    const allAccess = await db
      .selectFrom('licenses')
      .innerJoin('products', 'products.id', 'licenses.product_id')
      .select('licenses.purchase_id')
      .where('licenses.user_id', '=', buyer.id)
      .where('products.slug', '=', 'all-access')
      .executeTakeFirstOrThrow();
    const refundedTransaction = `txn_${randomBytes(8).toString('hex')}`;
    await db
      .updateTable('purchases')
      .set({ provider_transaction_id: refundedTransaction })
      .where('id', '=', allAccess.purchase_id)
      .execute();
    const entitlements = () => entitlementsOf(secret);
    expect((await entitlements()).has('ecommerce')).toBe(true);

    const server = await listening(store.app, store.services);
    try {
      const delivered = await deliver(
        server.url,
        webhookSecret(store.services),
        refundEvent(refundedTransaction),
      );
      expect(delivered.status).toBe(200);
    } finally {
      await server.close();
    }
    const after = await entitlements();
    expect(after.allAccess).toBe(false);
    expect(after.has('ecommerce')).toBe(false);
    expect(after.has('marketing')).toBe(true);
  });
});
