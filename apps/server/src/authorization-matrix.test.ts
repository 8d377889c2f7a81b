import type request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ROLES,
  EMAIL,
  OWNS,
  type Role,
  type Package,
  type Method,
  teams,
  app,
  catalogue,
  browsers,
  soldLines,
  archive,
  ids,
  pending,
  type Row,
  GET_ROWS,
  DOWNLOAD_ROWS,
  GOODS_ROWS,
  TEAM_GET_ROWS,
  WRITE_ROWS,
  PUBLIC_WRITE_ROWS,
  backOfficeWrites,
  pathOf,
  teamWriteRows,
  prepareMatrix,
  impersonatingBrowser,
  SUBCATEGORIES,
} from '../test/authorization-matrix.ts';
import { TestBrowser } from '../test/browser.ts';
import { contains, pageFromHtml } from '../test/helpers.ts';
import { TEST_DATABASE } from '../test/services.ts';
import { DEMO_KEYS, DEMO_PASSWORD, DEMO_TEAMS, DEMO_USERS } from './db/seed.ts';
import { itemName } from './modules/registry/index.ts';
import { newLicenseKey } from './modules/shared/index.ts';
import { accessTokensRepository, newTokenSecret } from './modules/tokens/index.ts';

/**
 * Every route × every role: the status each role gets, and that no response carries a byte of
 * something the role does not own (snippets, a PNG-only component's preview, a template archive).
 * The rows live in test/authorization-matrix.ts, which route-coverage.test.ts reads too: a route
 * added to the store without a row there fails that test.
 */

beforeAll(prepareMatrix);

const STATIC_MOUNTS = ['/build/', '/catalog/', '/images/catalog/'];
const JSON_APIS = ['/paddle-purchases/', '/r/'];

/**
 * An error on a page route is the ErrorPage at that status (a document, or an Inertia page
 * object), so the client never shows its overlay; on a static mount it is plain text.
 */
function assertErrorAnswer(
  label: string,
  path: string,
  status: number,
  response: request.Response,
) {
  // The thank-you page's poll is an API its page fetches: its "not ready" is JSON, never a page.
  if (JSON_APIS.some((api) => path.startsWith(api))) {
    expect(response.type, label).toBe('application/json');
    return;
  }
  if (STATIC_MOUNTS.some((mount) => path.startsWith(mount))) {
    expect(response.type, label).toBe('text/plain');
    expect(response.headers['x-inertia'], label).toBeUndefined();
    return;
  }
  const text = bodyText(response);
  const page =
    response.headers['x-inertia'] === 'true'
      ? (JSON.parse(text) as { component: string; props: { status: number } })
      : (() => {
          try {
            return pageFromHtml(text);
          } catch {
            throw new Error(`${label}: not an ErrorPage document: ${text.slice(0, 200)}`);
          }
        })();
  expect([page.component, page.props.status], label).toEqual(['ErrorPage', status]);
}

/** What a refused back-office write must leave exactly as it was. */
async function backOfficeState() {
  const db = app.services.database.db;
  return {
    purchase: await db
      .selectFrom('purchases')
      .select(['refund_requested_at', 'refunded_at'])
      .where('id', '=', ids.purchase)
      .executeTakeFirst(),
    license: await db
      .selectFrom('licenses')
      .select(['user_id', 'is_active', 'deactivation_reason', 'buyer_email'])
      .where('id', '=', ids.license)
      .executeTakeFirst(),
    team: await db
      .selectFrom('teams')
      .select('member_count')
      .where('id', '=', ids.team)
      .executeTakeFirst(),
    members: await db
      .selectFrom('team_members')
      .select('id')
      .where('team_id', '=', ids.team)
      .execute(),
    webhook: await db
      .selectFrom('webhook_events')
      .selectAll()
      .where('id', '=', ids.webhookEvent)
      .executeTakeFirst(),
    audit: await db.selectFrom('audit_entries').select('id').execute(),
    mail: await db.selectFrom('mail_jobs').select('id').execute(),
    // What customers copied or installed (decision 065): nobody records into another's.
    taken: await db
      .selectFrom('components_taken')
      .selectAll()
      .orderBy('user_id')
      .orderBy('component_uuid')
      .execute(),
  };
}

async function forgetGuesses() {
  // The checkout and thank-you pages share a per-address budget too (purchase status).
  for (const ip of ['127.0.0.1', '::ffff:127.0.0.1', '::1']) {
    await app.services.limiters.secretGuesses.reset(ip);
    await app.services.limiters.purchaseStatus.reset(ip);
  }
}

/** A current Marketing component: the customer owns it, so a copy of it is theirs to record. */
function marketingComponent() {
  const place = catalogue
    .subcategories()
    .find((candidate) => candidate.product.slug === 'marketing')!;
  return place.subcategory.components.find((component) => !component.archived)!;
}

function bodyText(response: request.Response): string {
  if (typeof response.text === 'string' && response.text.length > 0) return response.text;
  return Buffer.isBuffer(response.body) ? response.body.toString('latin1') : '';
}

function assertNothingSoldLeaks(
  role: Role,
  path: string,
  response: request.Response,
  archiveOf?: Package,
) {
  // An owner's bulk download is a zip of what they own (its other checks still apply).
  const ownArchive = archiveOf !== undefined && OWNS[role].has(archiveOf);
  const text = bodyText(response);
  for (const [pkg, lines] of soldLines) {
    if (OWNS[role].has(pkg)) continue;
    for (const line of lines) {
      expect(contains(text, line), `${role} ${path} leaks ${pkg}: ${line}`).toBe(false);
    }
  }
  if (!OWNS[role].has('templates')) {
    const raw = Buffer.isBuffer(response.body) ? response.body : Buffer.from(text, 'latin1');
    expect(raw.includes(archive.subarray(0, 64)), `${role} ${path} sends a template archive`).toBe(
      false,
    );
    expect(
      !ownArchive && raw.includes(Buffer.from('PK\x01\x02', 'latin1')),
      `${role} ${path} sends a zip`,
    ).toBe(false);
  }
}

async function sweep(rows: Row[]) {
  let tried = 0;
  for (const row of rows) {
    for (const role of ROLES) {
      const path = await row.path();
      const expected = typeof row.expect === 'number' ? row.expect : row.expect(role);
      // As a first visit (HTML) and as an in-app visit (Inertia JSON).
      for (const inertia of [false, true]) {
        const agent = browsers.get(role)!.agent;
        const call = agent.get(path).buffer(true);
        const response = inertia
          ? await call.set({ 'X-Inertia': 'true', 'X-Inertia-Version': '' })
          : await call;
        tried += 1;
        const label = `${role} GET ${path}${inertia ? ' (Inertia)' : ''}`;
        expect(response.status, label).toBe(expected);
        if (expected >= 400) assertErrorAnswer(label, path, expected, response);
        if (expected === 302 && row.location) {
          const where = row.location(role);
          expect(response.headers.location).toMatch(where);
        }
        assertNothingSoldLeaks(role, path, response, row.archiveOf);
        if (row.archiveOf && expected === 200)
          expect(response.headers['content-type'], label).toBe('application/zip');
        for (const secret of row.secrets?.(role) ?? [])
          expect(bodyText(response), `${role} GET ${path} reveals ${secret}`).not.toContain(secret);
      }
    }
    // Wrong keys and tokens count against the address (12 a row at most here): the matrix
    // is about who may, so each row starts afresh; licenses.test.ts tests the limit itself.
    await forgetGuesses();
  }
  return tried;
}

describe(`authorisation matrix (${TEST_DATABASE})`, () => {
  // Each a few hundred requests: a loaded two-core machine needs more than the default 20 s.
  it('answers every page route for every role with its status, and leaks nothing sold', async () => {
    expect(await sweep(GET_ROWS)).toBe(GET_ROWS.length * ROLES.length * 2);
  }, 120_000);

  it('gives bulk downloads to their package owners only', async () => {
    expect(await sweep(DOWNLOAD_ROWS)).toBe(DOWNLOAD_ROWS.length * ROLES.length * 2);
  }, 60_000);

  it('gives digital goods to their holders only', async () => {
    expect(await sweep(GOODS_ROWS)).toBe(GOODS_ROWS.length * ROLES.length * 2);
  }, 60_000);

  it('answers the licence-key API in JSON to every role alike: no CSRF token needed, no session used', async () => {
    for (const role of ROLES) {
      const browser = browsers.get(role)!;
      for (const withToken of [false, true]) {
        const call = browser.agent
          .post('/api/licenses/validate')
          .send({ license_key: DEMO_KEYS.customerMarketing.toLowerCase() });
        const response = await (withToken ? call.set('X-XSRF-TOKEN', browser.xsrf) : call);
        const label = `${role}${withToken ? ' with a CSRF token' : ''}`;
        expect(response.status, label).toBe(200);
        expect(response.type, label).toBe('application/json');
        expect(response.headers['set-cookie'], label).toBeUndefined();
        expect(response.body, label).toMatchObject({
          valid: true,
          license_key: { key: DEMO_KEYS.customerMarketing, package: { slug: 'marketing' } },
          // A session is not the owner's proof here, not even the owner's own session.
          meta: { customer_email: null },
        });
        const refunded = await browser.agent
          .post('/api/licenses/validate')
          .send({ license_key: DEMO_KEYS.refunded });
        expect(refunded.body, label).toMatchObject({
          valid: false,
          license_key: { status: 'inactive', status_reason: 'refund' },
        });
        const unknown = await browser.agent
          .post('/api/licenses/validate')
          .send({ license_key: newLicenseKey() });
        expect([unknown.status, unknown.type], label).toEqual([404, 'application/json']);
        expect(JSON.stringify(response.body), label).not.toContain(DEMO_USERS.customer);
      }
    }
    await forgetGuesses();
  });

  it('answers every licence and team page for every role, and shows no team to outsiders', async () => {
    expect(await sweep(TEAM_GET_ROWS)).toBe(TEAM_GET_ROWS.length * ROLES.length * 2);
  }, 60_000);

  it("answers the registry for every role's token: the code of what it owns, 403 otherwise", async () => {
    const { db } = app.services.database;
    for (const role of ROLES.filter((r): r is Exclude<Role, 'visitor'> => r !== 'visitor')) {
      const user = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', EMAIL[role])
        .executeTakeFirstOrThrow();
      const secret = newTokenSecret();
      await accessTokensRepository(db).insert({
        userId: user.id,
        name: 'matrix',
        hash: secret.hash,
        prefix: secret.prefix,
        createdAt: Date.now(),
        expiresAt: null,
      });
      for (const [pkg, url] of Object.entries(SUBCATEGORIES) as [Package, string][]) {
        const place = catalogue.subcategory(url)!;
        const name = itemName({ ...place, component: place.subcategory.components[0]! });
        for (const lang of ['react', 'html', 'vue']) {
          const path = `/r/${name}.json?lang=${lang}`;
          const response = await browsers
            .get(role)!
            .agent.get(path)
            .set('Authorization', `Bearer ${secret.secret}`);
          expect(response.status, `${role} ${path}`).toBe(OWNS[role].has(pkg) ? 200 : 403);
          assertNothingSoldLeaks(role, path, response);
        }
      }
    }
  });

  it('refuses every state change without a CSRF token, for every role, and changes nothing', async () => {
    const before = await backOfficeState();
    for (const row of [...WRITE_ROWS, ...PUBLIC_WRITE_ROWS]) {
      const path = typeof row.path === 'string' ? row.path : row.path();
      for (const role of ROLES) {
        const agent = browsers.get(role)!.agent;
        const response = await agent[row.method](path).send(row.body);
        expect(response.status, `${role} ${row.method} ${path}`).toBe(419);
      }
    }
    expect(await backOfficeState()).toEqual(before);
    const transaction = await app.services.payments.sandbox!.transaction(pending.transactionId);
    expect(transaction).toMatchObject({ status: 'ready', email: null });
    for (const role of ROLES) {
      const who = await browsers.get(role)!.signedInAs();
      expect(who, role).toBe(role === 'visitor' ? null : EMAIL[role]);
    }
  });

  it('refuses a visitor with a valid token: no account to act on', async () => {
    for (const row of WRITE_ROWS) {
      const visitor = new TestBrowser(app.app);
      const path = typeof row.path === 'string' ? row.path : row.path();
      const response = await visitor.submit(row.method, path, row.body);
      expect(response.status, `${row.method} ${path}`).toBe(row.visitor);
    }
  });

  it('answers every back-office write from every role but admin with 404, token or not, and changes nothing', async () => {
    const before = await backOfficeState();
    for (const role of ROLES.filter((r) => r !== 'admin')) {
      // The visitor's browser met its token through the bare agent; a fresh one reads it.
      const browser = role === 'visitor' ? new TestBrowser(app.app) : browsers.get(role)!;
      for (const row of backOfficeWrites()) {
        const path = pathOf(row);
        const response = await browser.submit(row.method, path, row.body);
        expect(response.status, `${role} ${row.method} ${path}`).toBe(404);
      }
      // Stopping an impersonation that is not running changes nothing either (the running one
      // is stopped in 'answers every write of an impersonating admin' below).
      if (role === 'impersonating') continue;
      const stop = await browser.submit('delete', '/impersonate');
      expect(stop.status, `${role} DELETE /impersonate`).toBe(303);
      expect(stop.headers.location).toBe('/');
    }
    expect(await backOfficeState()).toEqual(before);
    for (const role of ROLES) {
      expect(await browsers.get(role)!.signedInAs(), role).toBe(
        role === 'visitor' ? null : EMAIL[role],
      );
    }
  });

  it('lets only the right role act on a team or a licence, with a token', async () => {
    const { db } = app.services.database;
    const before = await db
      .selectFrom('teams')
      .select(['id', 'name', 'invite_token', 'member_count'])
      .where('id', 'in', [teams.a.id, teams.b.id])
      .orderBy('id')
      .execute();
    const tokenA = await teams.a.token();
    const tokenB = await teams.b.token();
    const rows = teamWriteRows(tokenA, tokenB);
    for (const row of rows) {
      for (const role of ROLES) {
        const browser = role === 'visitor' ? new TestBrowser(app.app) : browsers.get(role)!;
        const response = await browser.submit(row.method, row.path, row.body);
        expect(response.status, `${role} ${row.method} ${row.path}`).toBe(row.expect(role));
        if (row.location && response.status >= 300 && response.status < 400)
          expect(response.headers.location, `${role} ${row.method} ${row.path}`).toBe(
            row.location(role),
          );
      }
      await forgetGuesses();
    }
    const after = await db
      .selectFrom('teams')
      .select(['id', 'name', 'invite_token', 'member_count'])
      .where('id', 'in', [teams.a.id, teams.b.id])
      .orderBy('id')
      .execute();
    // Team A: same name, one member fewer (the spare), a new link; team B: renamed by its
    // owner, new link, still full. Nobody else changed a thing.
    expect(after[0]).toMatchObject({
      name: DEMO_TEAMS.demo,
      member_count: before[0]!.member_count - 1,
    });
    expect(after[0]!.invite_token).not.toBe(tokenA);
    expect(after[1]).toMatchObject({ name: 'Taken over', member_count: before[1]!.member_count });
    expect(after[1]!.invite_token).not.toBe(tokenB);
    const roles = await db
      .selectFrom('team_members')
      .select(['id', 'role'])
      .where('team_id', '=', teams.a.id)
      .orderBy('id')
      .execute();
    expect(roles.map((m) => m.role)).toEqual(['owner', 'member']);
    expect(roles[1]!.id).toBe(teams.a.memberId);
    for (const key of [DEMO_KEYS.customerMarketing, DEMO_KEYS.refunded]) {
      const license = await db
        .selectFrom('licenses')
        .innerJoin('users', 'users.id', 'licenses.user_id')
        .select('users.email')
        .where('licenses.key', '=', key)
        .executeTakeFirstOrThrow();
      expect(license.email).toBe(DEMO_USERS.customer);
    }
  });

  it('lets every signed-in role set up only its own second factor, and a wrong code changes nothing', async () => {
    const { db } = app.services.database;
    for (const role of ROLES.filter((r) => r !== 'visitor')) {
      const browser = browsers.get(role)!;
      const start = await browser.submit('post', '/account-settings/two-factor');
      // An operator acting as the customer may not touch the customer's second factor (042).
      if (role === 'impersonating') {
        expect(start.status, role).toBe(403);
        continue;
      }
      expect(start.status, `${role} start`).toBe(302);
      const page = await browser.visit('/account-settings');
      const twoFactor = (
        page.body as { props: { twoFactor: { totp: boolean; enrolment: unknown } } }
      ).props.twoFactor;
      // The demo admin has one already; everyone else now sees a secret to set up.
      expect(twoFactor.totp, role).toBe(role === 'admin');
      expect(twoFactor.enrolment !== null, role).toBe(role !== 'admin');
      const wrong = await browser.submit('post', '/account-settings/two-factor/confirm', {
        code: '000000',
      });
      expect(wrong.status, `${role} confirm`).toBe(302);
      const off = await browser.submit('post', '/account-settings/two-factor/disable', {
        password: 'wrong-password-123',
        code: '000000',
      });
      expect(off.status, `${role} disable`).toBe(302);
      const { id } = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', EMAIL[role])
        .executeTakeFirstOrThrow();
      await app.services.limiters.passwordCheck.reset(String(id));
      await app.services.limiters.secondFactor.reset(`user:${id}`);
    }
    const rows = await db
      .selectFrom('totp_credentials')
      .innerJoin('users', 'users.id', 'totp_credentials.user_id')
      .select('users.email')
      .execute();
    expect(rows.map((row) => row.email)).toEqual([DEMO_USERS.admin]);
  });

  it('lets every signed-in role make and revoke only its own access tokens', async () => {
    const { db } = app.services.database;
    const made = new Map<Role, number>();
    for (const role of ROLES) {
      const browser = role === 'visitor' ? new TestBrowser(app.app) : browsers.get(role)!;
      const response = await browser.submit('post', '/account/tokens', {
        name: `matrix ${role}`,
        expires_in: '30',
      });
      // An operator acting as the customer makes no credential that outlives it (042).
      const expected = role === 'visitor' ? 401 : role === 'impersonating' ? 403 : 200;
      expect(response.status, `${role} POST /account/tokens`).toBe(expected);
      if (expected !== 200) continue;
      const flash = (response.body as { flash: Record<string, string> }).flash;
      expect(flash.accessTokenSecret, role).toMatch(/^tessera_pat_/);
      made.set(role, Number(flash.accessTokenId));
    }
    // Everyone tries to revoke the customer's token; only the customer may (and does, last).
    const target = made.get('customer')!;
    const order = [...ROLES.filter((role) => role !== 'customer'), 'customer' as const];
    for (const role of order) {
      const browser = role === 'visitor' ? new TestBrowser(app.app) : browsers.get(role)!;
      const response = await browser.submit('delete', `/account/tokens/${target}`);
      const expected =
        role === 'visitor' ? 401 : role === 'customer' ? 303 : role === 'impersonating' ? 403 : 404;
      expect(response.status, `${role} DELETE /account/tokens/${target}`).toBe(expected);
    }
    const rows = await db
      .selectFrom('access_tokens')
      .select(['id', 'revoked_at'])
      .where('id', 'in', [...made.values()])
      .execute();
    for (const row of rows)
      expect(row.revoked_at === null, `token ${row.id}`).toBe(row.id !== target);
    for (const role of ROLES) {
      expect(await browsers.get(role)!.signedInAs(), role).toBe(
        role === 'visitor' ? null : EMAIL[role],
      );
    }
  });

  it('lets every signed-in role manage only its own passkeys, and refuses the impersonating admin', async () => {
    const { db } = app.services.database;
    const customerId = (
      await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', DEMO_USERS.customer)
        .executeTakeFirstOrThrow()
    ).id;
    const { id: passkeyId } = await db
      .insertInto('webauthn_credentials')
      .values({
        user_id: customerId,
        credential_id: 'bWF0cml4LWNyZWRlbnRpYWw',
        public_key: 'cHVibGlj',
        counter: 0,
        transports: 'internal',
        name: 'Customer key',
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const refusedOr = (role: Role, ok: number) =>
      role === 'visitor' ? 401 : role === 'impersonating' ? 403 : ok;
    for (const role of ROLES) {
      const browser = role === 'visitor' ? new TestBrowser(app.app) : browsers.get(role)!;
      const label = (what: string) => `${role} ${what}`;
      const options = await browser.submit(
        'post',
        '/account-settings/passkeys/registration-options',
      );
      expect(options.status, label('registration options')).toBe(refusedOr(role, 200));
      const asked = await browser.submit(
        'post',
        '/account-settings/passkeys/authentication-options',
      );
      // Only the customer has a passkey to be asked for.
      expect(asked.status, label('authentication options')).toBe(
        refusedOr(role, role === 'customer' ? 200 : 409),
      );
      // Nobody signed in, or half-way, has a second step to answer.
      const step = await browser.submit('post', '/login/second-factor/passkey-options');
      expect(step.status, label('second-step options')).toBe(role === 'impersonating' ? 403 : 409);
      if (role === 'customer') continue;
      const url = `/account-settings/passkeys/${passkeyId}`;
      const rename = await browser.submit('put', url, { name: `Taken by ${role}` });
      expect(rename.status, label('rename')).toBe(refusedOr(role, 404));
      const remove = await browser.submit('delete', url, { password: DEMO_PASSWORD });
      expect(remove.status, label('remove')).toBe(refusedOr(role, 404));
    }
    const customer = browsers.get('customer')!;
    const url = `/account-settings/passkeys/${passkeyId}`;
    expect((await customer.submit('put', url, { name: 'Mine' })).status).toBe(303);
    expect((await customer.submit('delete', url, { password: DEMO_PASSWORD })).status).toBe(303);
    expect(
      await db
        .selectFrom('webauthn_credentials')
        .select('id')
        .where('id', '=', passkeyId)
        .execute(),
    ).toEqual([]);
    for (const role of ROLES) {
      expect(await browsers.get(role)!.signedInAs(), role).toBe(
        role === 'visitor' ? null : EMAIL[role],
      );
    }
  });

  it('gives every signed-in role its own data export, refuses the impersonating admin and visitors, and deletes nobody on a wrong password', async () => {
    for (const role of ROLES) {
      const browser = role === 'visitor' ? new TestBrowser(app.app) : browsers.get(role)!;
      const exported = await browser.submit('post', '/account-settings/data');
      // An operator acting as the customer takes none of their data away (decision 060).
      const expected = role === 'visitor' ? 401 : role === 'impersonating' ? 403 : 200;
      expect(exported.status, `${role} POST /account-settings/data`).toBe(expected);
      if (expected === 200) {
        const data = JSON.parse(exported.text) as { account: { email: string } };
        expect(data.account.email, role).toBe(EMAIL[role as Exclude<Role, 'visitor'>]);
      } else {
        expect(exported.headers['content-disposition'], role).toBeUndefined();
      }
      const deletion = await browser.submit('post', '/account-settings/delete', {
        password: 'wrong-password-123',
      });
      const refused = role === 'visitor' ? 401 : role === 'impersonating' ? 403 : 302;
      expect(deletion.status, `${role} POST /account-settings/delete`).toBe(refused);
    }
    for (const role of ROLES) {
      expect(await browsers.get(role)!.signedInAs(), role).toBe(
        role === 'visitor' ? null : EMAIL[role],
      );
    }
  });

  it('records a copy for every role that owns the component, and refuses visitors, non-owners and the impersonating admin', async () => {
    const { db } = app.services.database;
    const component = marketingComponent();
    const body = { component: component.uuid, version: component.version };
    const before = await db.selectFrom('components_taken').selectAll().execute();
    const recorded: string[] = [];
    for (const role of ROLES) {
      const browser = role === 'visitor' ? new TestBrowser(app.app) : browsers.get(role)!;
      const response = await browser.submit('post', '/your-updates/copies', body);
      const expected =
        role === 'visitor'
          ? 401
          : role === 'impersonating'
            ? 403
            : OWNS[role].has('marketing')
              ? 204
              : 403;
      expect(response.status, `${role} POST /your-updates/copies`).toBe(expected);
      if (expected === 204) recorded.push(EMAIL[role as Exclude<Role, 'visitor'>]);
    }
    const added = await db
      .selectFrom('components_taken')
      .innerJoin('users', 'users.id', 'components_taken.user_id')
      .select(['users.email', 'components_taken.component_uuid', 'components_taken.how'])
      .where('components_taken.component_uuid', '=', component.uuid)
      .orderBy('users.email')
      .execute();
    expect(before.filter((row) => row.component_uuid === component.uuid)).toEqual([]);
    expect(added).toEqual(
      [...recorded].sort().map((email) => ({ email, component_uuid: component.uuid, how: 'copy' })),
    );
  });

  it('answers 401 to an unsigned webhook from every role (its credential is the signature, not a CSRF token)', async () => {
    const event = {
      event_id: 'evt_matrix',
      event_type: 'transaction.completed',
      occurred_at: new Date().toISOString(),
      data: { id: pending.transactionId },
    };
    for (const role of ROLES) {
      const agent = browsers.get(role)!.agent;
      const unsigned = await agent.post('/webhooks/paddle').send(event);
      expect(unsigned.status, role).toBe(401);
      const withToken = await agent
        .post('/webhooks/paddle')
        .set('X-XSRF-TOKEN', browsers.get(role)!.xsrf)
        .send(event);
      expect(withToken.status, `${role} with a CSRF token`).toBe(401);
    }
    const recorded = await app.services.database.db
      .selectFrom('webhook_events')
      .select('id')
      .where('event_id', '=', 'evt_matrix')
      .executeTakeFirst();
    expect(recorded).toBeUndefined();
  });

  it('takes a page-view beacon from every role without a token, and refuses hostile paths', async () => {
    for (const role of ROLES) {
      const agent = browsers.get(role)!.agent;
      const served = await agent.post('/page-views').send({ path: '/components' });
      expect(served.status, `${role} /components`).toBe(204);
      for (const path of ['/components\u0000', '/\uD800', `/${'a'.repeat(5_000)}`]) {
        const hostile = await agent
          .post('/page-views')
          .set('Accept', 'application/json')
          .send({ path });
        expect(hostile.status, `${role} ${JSON.stringify(path.slice(0, 20))}`).toBe(422);
      }
    }
  });

  it('serves nothing sold through the static mounts to anyone but its owner', async () => {
    const slug = catalogue.templates[0]!.slug;
    for (const role of ROLES) {
      for (const path of [
        `/catalog/templates/${slug}/${slug}.zip`,
        `/catalog/templates/${slug}/${slug}.zi%70`,
        `/catalog/templates/${slug}/${slug}%2ezip`,
        `/catalog/templates/${slug}/${slug}.ZIP`,
      ]) {
        const response = await browsers.get(role)!.agent.get(path).buffer(true);
        expect(response.status, `${role} ${path}`).toBe(404);
        assertNothingSoldLeaks('visitor', path, response);
      }
    }
  });

  it('answers every write of an impersonating admin: refused, or done and audited with the admin and the customer', async () => {
    const { db } = app.services.database;
    const admin = await db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('email', '=', DEMO_USERS.admin)
      .executeTakeFirstOrThrow();
    const tokenB = await teams.b.token();
    type Outcome = 'refused' | 'hidden' | 'audited';
    const rows: {
      method: Method | 'get';
      path: string;
      body?: object;
      status: number;
      outcome: Outcome;
    }[] = [
      // The customer's credentials and sessions.
      {
        method: 'post',
        path: '/login',
        body: { email: DEMO_USERS.customer, password: DEMO_PASSWORD },
        status: 403,
        outcome: 'refused',
      },
      {
        method: 'post',
        path: '/logout/other',
        body: { password: DEMO_PASSWORD },
        status: 403,
        outcome: 'refused',
      },
      // Passkeys (decision 052): the customer's own credentials, every route refused.
      {
        method: 'post',
        path: '/login/second-factor/passkey-options',
        status: 403,
        outcome: 'refused',
      },
      {
        method: 'post',
        path: '/login/second-factor/passkey',
        body: { response: {} },
        status: 403,
        outcome: 'refused',
      },
      {
        method: 'post',
        path: '/account-settings/passkeys/registration-options',
        status: 403,
        outcome: 'refused',
      },
      {
        method: 'post',
        path: '/account-settings/passkeys',
        body: { name: 'Operator', response: {} },
        status: 403,
        outcome: 'refused',
      },
      {
        method: 'post',
        path: '/account-settings/passkeys/authentication-options',
        status: 403,
        outcome: 'refused',
      },
      {
        method: 'put',
        path: '/account-settings/passkeys/1',
        body: { name: 'Operator' },
        status: 403,
        outcome: 'refused',
      },
      {
        method: 'delete',
        path: '/account-settings/passkeys/1',
        body: { password: DEMO_PASSWORD },
        status: 403,
        outcome: 'refused',
      },
      {
        method: 'post',
        path: '/password/email',
        body: { email: DEMO_USERS.customer },
        status: 403,
        outcome: 'refused',
      },
      {
        method: 'post',
        path: '/password/reset',
        body: {
          token: 'x',
          email: DEMO_USERS.customer,
          password: 'new-password-123',
          password_confirmation: 'new-password-123',
        },
        status: 403,
        outcome: 'refused',
      },
      {
        method: 'put',
        path: '/account-settings/email',
        body: { email: 'taken-over@example.com', current_password: DEMO_PASSWORD },
        status: 403,
        outcome: 'refused',
      },
      {
        method: 'put',
        path: '/account-settings/password',
        body: {
          current_password: DEMO_PASSWORD,
          password: 'new-password-123',
          password_confirmation: 'new-password-123',
        },
        status: 403,
        outcome: 'refused',
      },
      {
        method: 'post',
        path: '/account/tokens',
        body: { name: 'Operator', expires_in: '30' },
        status: 403,
        outcome: 'refused',
      },
      { method: 'delete', path: '/account/tokens/1', status: 403, outcome: 'refused' },
      // The customer's data: its export and the account's deletion (decision 060).
      { method: 'post', path: '/account-settings/data', status: 403, outcome: 'refused' },
      // A copy the operator makes is not the customer's (decision 065): nothing recorded.
      {
        method: 'post',
        path: '/your-updates/copies',
        body: { component: marketingComponent().uuid, version: 1 },
        status: 403,
        outcome: 'refused',
      },
      {
        method: 'post',
        path: '/account-settings/delete',
        body: { password: DEMO_PASSWORD },
        status: 403,
        outcome: 'refused',
      },
      // The customer's second factor, and sign-in's second step (decision 044).
      {
        method: 'post',
        path: '/login/second-factor',
        body: { code: '000000' },
        status: 403,
        outcome: 'refused',
      },
      ...[
        ['/account-settings/two-factor', {}],
        ['/account-settings/two-factor/confirm', { code: '000000' }],
        ['/account-settings/two-factor/disable', { password: DEMO_PASSWORD, code: '000000' }],
        ['/account-settings/two-factor/recovery-codes', { password: DEMO_PASSWORD }],
      ].map(([path, body]) => ({
        method: 'post' as const,
        path: path as string,
        body: body as object,
        status: 403,
        outcome: 'refused' as const,
      })),
      // Money.
      { method: 'get', path: '/checkout/ecommerce', status: 403, outcome: 'refused' },
      {
        method: 'post',
        path: `/sandbox-checkout/${pending.transactionId}/details`,
        body: { email: DEMO_USERS.customer, country: 'DE' },
        status: 403,
        outcome: 'refused',
      },
      {
        method: 'post',
        path: `/sandbox-checkout/${pending.transactionId}/pay`,
        body: { card: '4242424242424242' },
        status: 403,
        outcome: 'refused',
      },
      {
        method: 'post',
        path: `/sandbox-receipts/${pending.transactionId}/refund`,
        status: 403,
        outcome: 'refused',
      },
      {
        method: 'post',
        path: `/sandbox-receipts/${pending.transactionId}/business-address`,
        body: { business_address: 'Elsewhere' },
        status: 403,
        outcome: 'refused',
      },
      // Other people.
      {
        method: 'patch',
        path: `/teams/${teams.b.id}/members/1`,
        body: { role: 'owner' },
        status: 403,
        outcome: 'refused',
      },
      { method: 'delete', path: `/teams/${teams.b.id}/members/1`, status: 403, outcome: 'refused' },
      // A route no row names: refused until it gets one.
      { method: 'post', path: '/no-such-form', body: {}, status: 403, outcome: 'refused' },
      // The back office: hidden, as from the customer.
      ...backOfficeWrites().map((row) => ({
        method: row.method,
        path: pathOf(row),
        body: row.body,
        status: 404,
        outcome: 'hidden' as const,
      })),
      // Helping the customer along: done, and audited.
      {
        method: 'put',
        path: '/snippet-language',
        body: { snippet_lang: 'vue' },
        status: 303,
        outcome: 'audited',
      },
      {
        method: 'put',
        path: '/preview-color-scheme',
        body: { preview_color_scheme: 'dark' },
        status: 303,
        outcome: 'audited',
      },
      {
        method: 'put',
        path: '/preview-width',
        body: { preview_width: 'md' },
        status: 303,
        outcome: 'audited',
      },
      {
        method: 'put',
        path: '/color-scheme',
        body: { color_scheme: 'dark' },
        status: 303,
        outcome: 'audited',
      },
      {
        method: 'patch',
        path: `/licenses/${DEMO_KEYS.customerMarketing}`,
        body: {},
        status: 303,
        outcome: 'audited',
      },
      {
        method: 'post',
        path: `/teams/${teams.b.id}/members`,
        body: { invite_token: tokenB },
        status: 302,
        outcome: 'audited',
      },
      {
        method: 'patch',
        path: `/teams/${teams.b.id}`,
        body: { name: 'Taken over again' },
        status: 404,
        outcome: 'audited',
      },
      {
        method: 'delete',
        path: `/teams/${teams.b.id}/invite-link`,
        status: 404,
        outcome: 'audited',
      },
      {
        method: 'post',
        path: '/newsletter',
        body: { email_address: 'helped@example.com' },
        status: 302,
        outcome: 'audited',
      },
    ];
    const browser = await impersonatingBrowser();
    const entries = () =>
      db
        .selectFrom('audit_entries')
        .select(['id', 'actor_id', 'action', 'customer_id', 'details'])
        .orderBy('id')
        .execute();
    for (const row of rows) {
      const label = `impersonating ${row.method.toUpperCase()} ${row.path}`;
      const before = await entries();
      const beforeState = await backOfficeState();
      const response =
        row.method === 'get'
          ? await browser.visit(row.path)
          : await browser.submit(row.method, row.path, row.body ?? {});
      expect(response.status, label).toBe(row.status);
      const added = (await entries()).slice(before.length);
      if (row.outcome === 'audited') {
        expect(added.length, label).toBe(1);
        const entry = added[0]!;
        expect([entry.action, entry.actor_id, entry.customer_id], label).toEqual([
          'impersonation.act',
          admin.id,
          ids.customer,
        ]);
        const details = JSON.parse(entry.details) as Record<string, string>;
        expect(details.customer, label).toBe(DEMO_USERS.customer);
        expect(details.route, label).toMatch(new RegExp(`^${row.method.toUpperCase()} /`));
        // The entry names the route's pattern, never a key or token from the path.
        expect(entry.details, label).not.toContain(DEMO_KEYS.customerMarketing);
        expect(entry.details, label).not.toContain(tokenB);
      } else {
        expect(added, label).toEqual([]);
        expect(await backOfficeState(), label).toEqual(beforeState);
      }
      if (row.outcome === 'refused')
        expect(JSON.stringify(response.body), label).toMatch(/You are impersonating this customer/);
      // Still the customer, as the operator: nothing here ends or swaps the impersonation.
      expect(await browser.signedInAs(), label).toBe(DEMO_USERS.customer);
      await forgetGuesses();
    }
    const transaction = await app.services.payments.sandbox!.transaction(pending.transactionId);
    expect(transaction).toMatchObject({ status: 'ready', email: null });

    // Signing out while impersonating writes the end entry, then signs the session out.
    const before = await entries();
    const out = await browser.submit('post', '/logout', {});
    expect([302, 303]).toContain(out.status);
    const ended = (await entries()).slice(before.length);
    expect(ended.map((entry) => [entry.action, entry.actor_id, entry.customer_id])).toEqual([
      ['impersonation.stop', admin.id, ids.customer],
    ]);
    expect(JSON.parse(ended[0]!.details)).toMatchObject({ via: 'sign-out' });
    expect(await browser.signedInAs()).toBeNull();

    // Stopping from the banner writes its own end entry (and no second one).
    const again = await impersonatingBrowser();
    const beforeStop = await entries();
    const stop = await again.submit('delete', '/impersonate');
    expect(stop.status).toBe(303);
    const stopped = (await entries()).slice(beforeStop.length);
    expect(stopped.map((entry) => entry.action)).toEqual(['impersonation.stop']);
    expect(await again.signedInAs()).toBe(DEMO_USERS.admin);
  });
});
