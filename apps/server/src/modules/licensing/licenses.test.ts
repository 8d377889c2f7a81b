import { TEAM_SEATS, CLASSROOM_SEATS } from '@tessera/pages/constants';
import request from 'supertest';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { TestBrowser } from '../../../test/browser.ts';
import { captureLogger, INERTIA, testApp } from '../../../test/helpers.ts';
import { TEST_DATABASE } from '../../../test/services.ts';
import { createLicense, createTeam, licensedPackages, listening } from '../../../test/teams.ts';
import { PASSWORD, signedInUser } from '../../../test/sign-in.ts';
import { createUser, uniqueEmail } from '../../../test/users.ts';
import { authService } from '../auth/index.ts';
import { licensesService } from './service/licenses.ts';
import { newLicenseKey } from '../shared/index.ts';
import {
  EMAIL_IN_USE,
  LICENSE_CONNECTED,
  LICENSE_NOT_REDEEMABLE,
  PERSONAL_LICENSE_NO_TEAM,
} from './controller/messages.ts';
import { TEAM_NAME_CONTROL, TEAM_NAME_REQUIRED, TEAM_NAME_TOO_LONG } from './schemas.ts';
import { SECRET_GUESS_LIMIT } from '../../http/rate-limit.ts';

type App = Awaited<ReturnType<typeof testApp>>;
let app: App;

beforeAll(async () => {
  app = await testApp();
});

type Flash = { success?: string; error?: string };
type Props = Record<string, unknown> & { errors: Record<string, string>; flash: Flash };
/** The page's props, with its flash (which travels beside them in the page object). */
const props = (response: request.Response): Props => {
  const page = response.body as { props: Props; flash: Flash };
  return { ...page.props, flash: page.flash };
};
const licenseOf = (response: request.Response) =>
  props(response).license as {
    key: string;
    isActive: boolean;
    isRedeemable: boolean;
    isTeamLicense: boolean;
    deactivationReason: string | null;
    kind: string;
    package: { name: string };
    team: { id: number; name: string } | null;
    user: { email: string } | null;
  };

async function licenseRow(key: string) {
  return app.services.database.db
    .selectFrom('licenses')
    .selectAll()
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
}

describe(`the licence page /licenses/{key} (${TEST_DATABASE})`, () => {
  it('shows an inactive licence with its reason: upgrade, refund, other', async () => {
    const visitor = new TestBrowser(app.app);
    for (const reason of ['upgrade', 'refund', 'other'] as const) {
      const { key } = await createLicense(app.services, { active: false, reason });
      const page = await visitor.visit(`/licenses/${key}`);
      expect(page.status).toBe(200);
      expect(page.body.component).toBe('RedeemLicense');
      expect(licenseOf(page)).toMatchObject({
        key,
        isActive: false,
        isRedeemable: false,
        deactivationReason: reason,
      });
      expect(props(page).signInUrl).toBe(
        `/login?intended_url=${encodeURIComponent(`/licenses/${key}`)}`,
      );
      expect(props(page).supportEmail).toBe(app.config.supportEmail);
    }
  });

  it('shows an active licence connected to an account (masked for anyone else) or a team', async () => {
    const holder = await signedInUser(app.services, app.app, 'holder');
    const personal = await createLicense(app.services, { userId: holder.id, product: 'marketing' });
    const visitor = new TestBrowser(app.app);
    const seen = licenseOf(await visitor.visit(`/licenses/${personal.key}`));
    expect(seen).toMatchObject({ isActive: true, isRedeemable: false, team: null });
    expect(seen.package.name).toBe('Marketing');
    expect(seen.user!.email).toBe(`${holder.email[0]}…@example.com`);
    expect(JSON.stringify(seen)).not.toContain(holder.email);
    const own = licenseOf(await holder.browser.visit(`/licenses/${personal.key}`));
    expect(own.user).toEqual({ email: holder.email });

    const team = await createTeam(app.services, { owners: [holder.id], name: 'Connected Co' });
    const teamLicense = licenseOf(await visitor.visit(`/licenses/${team.licenseKey}`));
    expect(teamLicense).toMatchObject({
      isActive: true,
      isRedeemable: false,
      isTeamLicense: true,
      team: { id: team.id, name: 'Connected Co' },
      user: null,
    });
  });

  it('shows a redeemable licence to a visitor and to a signed-in user', async () => {
    const { key } = await createLicense(app.services, { kind: 'team' });
    const visitor = await new TestBrowser(app.app).visit(`/licenses/${key}`);
    expect(licenseOf(visitor)).toMatchObject({ isRedeemable: true, isTeamLicense: true });
    expect(props(visitor).auth).toBeNull();
    const user = await signedInUser(app.services, app.app);
    const signedIn = await user.browser.visit(`/licenses/${key}`);
    expect(licenseOf(signedIn).isRedeemable).toBe(true);
    expect((props(signedIn).auth as { user: { email: string } }).user.email).toBe(user.email);
  });

  it('answers an unknown or malformed key with a 404 page, and hostile text with 422', async () => {
    const key = newLicenseKey();
    for (const path of [
      `/licenses/${key}`,
      `/licenses/${key}X`,
      `/licenses/${key.replace(/-/g, '')}`,
      '/licenses/%2e%2e',
      '/licenses/..%2F..%2Fadmin',
      `/licenses/${'A'.repeat(5000)}`,
      "/licenses/'%20OR%201=1--",
    ]) {
      const html = await request(app.app).get(path);
      expect(html.status, path).toBe(404);
      expect(html.text).not.toMatch(/at .*\.ts:\d+/);
      const inertia = await request(app.app).get(path).set(INERTIA);
      expect(inertia.status, path).toBe(404);
    }
    // NUL: the input guard's 422. A lone surrogate cannot be UTF-8: its bytes do not decode (400).
    for (const [path, status] of [
      [`/licenses/${key}%00`, 422],
      [`/licenses/%ED%A0%80`, 400],
      [`/licenses/%E0%A4%A`, 400],
    ] as const) {
      const response = await request(app.app).get(path).set('Accept', 'application/json');
      expect(response.status, path).toBe(status);
    }
  });

  it('sends a lower-case or percent-encoded key to its canonical address', async () => {
    const { key } = await createLicense(app.services);
    const lower = await request(app.app).get(`/licenses/${key.toLowerCase()}`);
    expect(lower.status).toBe(301);
    expect(lower.headers.location).toBe(`/licenses/${key}`);
    const encoded = `/licenses/${key.replace(/^./, (c) => `%${c.charCodeAt(0).toString(16)}`)}`;
    const percent = await request(app.app).get(encoded);
    expect(percent.status).toBe(301);
    expect(percent.headers.location).toBe(`/licenses/${key}`);
  });

  it('limits wrong keys per address: once spent, every lookup is refused, right or wrong', async () => {
    // Its own address (through a trusted proxy), so the other tests keep their budget.
    const limited = await testApp({ env: { TRUST_PROXY: 'loopback' } });
    const known = await createLicense(limited.services);
    const from = (ip: string) => (path: string) =>
      request(limited.app).get(path).set(INERTIA).set('X-Forwarded-For', ip);
    const guesser = from('203.0.113.7');
    // A malformed key costs no lookup and is not counted.
    for (let i = 0; i < 30; i += 1) expect((await guesser('/licenses/not-a-key')).status).toBe(404);
    for (let i = 0; i < SECRET_GUESS_LIMIT.points; i += 1)
      expect((await guesser(`/licenses/${newLicenseKey()}`)).status).toBe(404);
    for (const key of [newLicenseKey(), known.key]) {
      const refused = await guesser(`/licenses/${key}`);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    const patch = await request(limited.app)
      .patch(`/licenses/${known.key}`)
      .set('X-Forwarded-For', '203.0.113.7')
      .set('Accept', 'application/json')
      .send({});
    // Refused before anything else: CSRF first (419), and never a redemption.
    expect([419, 429]).toContain(patch.status);
    expect((await licenseRow(known.key)).user_id).toBeNull();
    // Another address is not affected.
    expect((await from('203.0.113.8')(`/licenses/${known.key}`)).status).toBe(200);
  });
});

describe(`redeeming a licence, PATCH /licenses/{key} (${TEST_DATABASE})`, () => {
  it('connects a personal licence to the signed-in account: code access on the next request', async () => {
    const user = await signedInUser(app.services, app.app);
    const { key } = await createLicense(app.services, { product: 'ecommerce' });
    expect((await licensedPackages(user.browser)).Ecommerce).toBe(false);
    const response = await user.browser.submit('patch', `/licenses/${key}`, {});
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/license');
    const page = await user.browser.visit('/license');
    expect(props(page).flash.success).toBe(LICENSE_CONNECTED);
    expect((props(page).licenses as { key: string }[]).map((l) => l.key)).toContain(key);
    expect((await licenseRow(key)).user_id).toBe(user.id);
    expect((await licensedPackages(user.browser)).Ecommerce).toBe(true);
    // Again: already connected.
    const again = await user.browser.submit('patch', `/licenses/${key}`, {});
    expect(again.headers.location).toBe(`/licenses/${key}`);
    expect(props(await user.browser.visit(`/licenses/${key}`)).flash.error).toBe(
      LICENSE_NOT_REDEEMABLE,
    );
  });

  it('makes the team of a team licence, the redeemer its owner in the first of 25 seats', async () => {
    const user = await signedInUser(app.services, app.app);
    const { key } = await createLicense(app.services, { kind: 'team' });
    const response = await user.browser.submit('patch', `/licenses/${key}`, {
      team_name: '  Design Crew  ',
    });
    expect(response.status).toBe(303);
    const teamId = Number(/^\/teams\/(\d+)$/.exec(response.headers.location ?? '')![1]);
    const team = await app.services.database.db
      .selectFrom('teams')
      .selectAll()
      .where('id', '=', teamId)
      .executeTakeFirstOrThrow();
    expect(team).toMatchObject({ name: 'Design Crew', seats: TEAM_SEATS, member_count: 1 });
    const license = await licenseRow(key);
    expect(license).toMatchObject({ team_id: teamId, user_id: null });
    const settings = await user.browser.visit(`/teams/${teamId}`);
    expect(settings.body.component).toBe('TeamSettings');
    expect(props(settings).team).toMatchObject({
      name: 'Design Crew',
      seatsUsed: 1,
      updatable: true,
      members: [{ email: user.email, role: 'owner', updatable: false }],
    });
    expect((props(settings).auth as { user: { teams: unknown } }).user.teams).toEqual([
      { id: teamId, name: 'Design Crew' },
    ]);
    expect((await licensedPackages(user.browser)).Marketing).toBe(true);
  });

  it('gives a Classroom licence its seats', async () => {
    const user = await signedInUser(app.services, app.app);
    const { key } = await createLicense(app.services, { kind: 'classroom' });
    const response = await user.browser.submit('patch', `/licenses/${key}`, {
      team_name: 'CS 101',
    });
    const teamId = Number(response.headers.location?.split('/').pop());
    const team = (await user.browser.visit(`/teams/${teamId}`)).body.props.team;
    expect(team).toMatchObject({ kind: 'classroom', seats: CLASSROOM_SEATS, seatsUsed: 1 });
  });

  it('makes the account first for a visitor, signs them in and remembers them', async () => {
    const visitor = new TestBrowser(app.app);
    const email = uniqueEmail('newcomer');
    const { key } = await createLicense(app.services, { product: 'marketing' });
    await visitor.visit(`/licenses/${key}`);
    const response = await visitor.submit('patch', `/licenses/${key}`, {
      email: email.toUpperCase(),
      password: PASSWORD,
    });
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/license');
    expect(visitor.cookies.has('tessera_remember')).toBe(true);
    expect(await visitor.signedInAs()).toBe(email);
    const user = await app.services.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect((await licenseRow(key)).user_id).toBe(user.id);

    const teamKey = (await createLicense(app.services, { kind: 'team' })).key;
    const teamVisitor = new TestBrowser(app.app);
    const teamEmail = uniqueEmail('founder');
    const made = await teamVisitor.submit('patch', `/licenses/${teamKey}`, {
      email: teamEmail,
      password: PASSWORD,
      team_name: 'Founders',
      remember: false,
    });
    expect(made.headers.location).toMatch(/^\/teams\/\d+$/);
    expect(teamVisitor.cookies.has('tessera_remember')).toBe(false);
    expect(await teamVisitor.signedInAs()).toBe(teamEmail);
    expect((await teamVisitor.visit(made.headers.location ?? '')).body.props.team.members).toEqual([
      expect.objectContaining({ email: teamEmail, role: 'owner' }),
    ]);
  });

  it('hands a visitor’s purchase to the account that redeems it with the address it was paid with, only that one', async () => {
    const { db } = app.services.database;
    const purchaseOf = async (key: string) =>
      db
        .selectFrom('purchases')
        .innerJoin('licenses', 'licenses.purchase_id', 'purchases.id')
        .select(['purchases.id', 'purchases.user_id'])
        .where('licenses.key', '=', key)
        .executeTakeFirstOrThrow();
    const paidWith = async (key: string, email: string) =>
      db
        .updateTable('purchases')
        .set({ buyer_email: email })
        .where('id', '=', (await purchaseOf(key)).id)
        .execute();

    const buyer = uniqueEmail('buyer');
    const { key } = await createLicense(app.services, { product: 'marketing' });
    await paidWith(key, buyer.toUpperCase());
    const visitor = new TestBrowser(app.app);
    await visitor.visit(`/licenses/${key}`);
    await visitor.submit('patch', `/licenses/${key}`, { email: buyer, password: PASSWORD });
    const account = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', buyer)
      .executeTakeFirstOrThrow();
    expect((await purchaseOf(key)).user_id).toBe(account.id);

    const gift = (await createLicense(app.services, { product: 'marketing' })).key;
    await paidWith(gift, uniqueEmail('giver'));
    const friend = new TestBrowser(app.app);
    await friend.visit(`/licenses/${gift}`);
    await friend.submit('patch', `/licenses/${gift}`, {
      email: uniqueEmail('friend'),
      password: PASSWORD,
    });
    expect((await licenseRow(gift)).user_id).not.toBeNull();
    expect((await purchaseOf(gift)).user_id).toBeNull();
  });

  it('refuses bad input under its field, and redeems nothing', async () => {
    const { key: personal } = await createLicense(app.services);
    const { key: team } = await createLicense(app.services, { kind: 'team' });
    const taken = await signedInUser(app.services, app.app, 'taken');
    const cases: [string, object, Record<string, RegExp | string>][] = [
      [personal, {}, { email: /required/, password: /required/ }],
      [personal, { email: 'not-an-email', password: PASSWORD }, { email: /valid email/ }],
      [personal, { email: uniqueEmail(), password: 'short' }, { password: /at least 8/ }],
      [personal, { email: uniqueEmail(), password: 'password123' }, { password: /common/ }],
      [personal, { email: uniqueEmail(), password: 'x'.repeat(300) }, { password: /longer/ }],
      [personal, { email: taken.email, password: PASSWORD }, { email: EMAIL_IN_USE }],
      [
        personal,
        { email: uniqueEmail(), password: PASSWORD, team_name: 'Nope' },
        {
          team_name: PERSONAL_LICENSE_NO_TEAM,
        },
      ],
      [team, { email: uniqueEmail(), password: PASSWORD }, { team_name: TEAM_NAME_REQUIRED }],
      [team, { team_name: '   ' }, { team_name: TEAM_NAME_REQUIRED }],
      [team, { team_name: 'x'.repeat(101) }, { team_name: TEAM_NAME_TOO_LONG }],
      [team, { team_name: 'Tab\there' }, { team_name: TEAM_NAME_CONTROL }],
      [team, { team_name: 'Bell\u0007' }, { team_name: TEAM_NAME_CONTROL }],
      [team, { team_name: ['array'] }, { team_name: /./ }],
    ];
    for (const [key, body, expected] of cases) {
      const visitor = new TestBrowser(app.app);
      await visitor.visit(`/licenses/${key}`);
      const response = await visitor.submit('patch', `/licenses/${key}`, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(303);
      expect(response.headers.location).toBe(`/licenses/${key}`);
      const errors = await visitor.errorsAfterRedirect(`/licenses/${key}`);
      for (const [field, message] of Object.entries(expected))
        expect(errors[field], `${field} for ${JSON.stringify(body).slice(0, 80)}`).toMatch(message);
      expect(await visitor.signedInAs()).toBeNull();
    }
    // A huge body is refused before anything reads it.
    const huge = new TestBrowser(app.app);
    const tooBig = await huge.submit('patch', `/licenses/${team}`, {
      team_name: 'x'.repeat(200_000),
    });
    expect(tooBig.status).toBe(413);
    // Hostile text never reaches the database.
    for (const team_name of ['Nul\u0000team', 'Lone \uD800 half']) {
      const hostile = await taken.browser.agent
        .patch(`/licenses/${team}`)
        .set('X-XSRF-TOKEN', taken.browser.xsrf)
        .set('Accept', 'application/json')
        .send({ team_name });
      expect(hostile.status).toBe(422);
    }
    // 100 characters (code points: emoji count once) are fine.
    const hundred = '🎨'.repeat(100);
    const ok = await taken.browser.submit('patch', `/licenses/${team}`, { team_name: hundred });
    expect(ok.headers.location).toMatch(/^\/teams\/\d+$/);
    for (const key of [personal]) {
      const row = await licenseRow(key);
      expect(row).toMatchObject({ user_id: null, team_id: null, redeemed_at: null });
    }
    const names = await app.services.database.db
      .selectFrom('teams')
      .select('name')
      .where('name', '=', hundred)
      .execute();
    expect(names).toHaveLength(1);
  });

  it('accepts a lower-case key, and refuses an unknown one with 404 whatever the body', async () => {
    const user = await signedInUser(app.services, app.app);
    const { key } = await createLicense(app.services);
    const response = await user.browser.submit('patch', `/licenses/${key.toLowerCase()}`, {});
    expect(response.headers.location).toBe('/license');
    expect((await licenseRow(key)).user_id).toBe(user.id);
    const unknown = await user.browser.submit('patch', `/licenses/${newLicenseKey()}`, {
      team_name: 'x'.repeat(500),
    });
    expect(unknown.status).toBe(404);
  });

  it('refuses a redemption without a CSRF token, and a JSON client gets 409 for a used licence', async () => {
    const user = await signedInUser(app.services, app.app);
    const { key } = await createLicense(app.services);
    const forged = await user.browser.agent.patch(`/licenses/${key}`).send({});
    expect(forged.status).toBe(419);
    expect((await licenseRow(key)).user_id).toBeNull();
    await user.browser.submit('patch', `/licenses/${key}`, {});
    const json = await user.browser.agent
      .patch(`/licenses/${key}`)
      .set('X-XSRF-TOKEN', user.browser.xsrf)
      .set('Accept', 'application/json')
      .send({});
    expect(json.status).toBe(409);
    expect(json.body.message).toBe(LICENSE_NOT_REDEEMABLE);
  });

  it('redeems a licence once: of 10 concurrent redemptions exactly one wins', async () => {
    const { url, close } = await listening(app.app);
    onTestFinished(close);
    const { key } = await createLicense(app.services);
    const users = await Promise.all(
      Array.from({ length: 10 }, () => signedInUser(app.services, url, 'racer')),
    );
    const responses = await Promise.all(
      users.map((user) => user.browser.submit('patch', `/licenses/${key}`, {})),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(303));
    const winners = responses.filter((r) => r.headers.location === '/license');
    expect(winners).toHaveLength(1);
    expect(responses.filter((r) => r.headers.location === `/licenses/${key}`)).toHaveLength(9);
    const winner = users[responses.indexOf(winners[0]!)]!;
    expect((await licenseRow(key)).user_id).toBe(winner.id);
    for (const user of users) {
      const page = await user.browser.visit(`/licenses/${key}`);
      expect(licenseOf(page).isRedeemable).toBe(false);
    }
  });

  it('lets the database decide: 10 redemptions that all passed the page check, one wins', async () => {
    // Straight to the service, so every attempt has passed the controller's check: only the
    // conditional update stands between them (on SQLite the HTTP race above rarely gets here).
    const service = licensesService({
      database: app.services.database,
      auth: authService({
        config: app.config,
        database: app.services.database,
        sessionStore: app.services.sessionStore,
        mailer: app.services.mailer,
        logger: captureLogger().logger,
        now: Date.now,
      }),
      now: Date.now,
    });
    for (const kind of ['personal', 'team'] as const) {
      const license = await createLicense(app.services, { kind });
      const users = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          createUser(app.services, uniqueEmail(`direct-${kind}-${i}`), PASSWORD),
        ),
      );
      const outcomes = await Promise.all(
        users.map((userId) => service.redeem({ id: license.id, kind }, { userId }, 'Race')),
      );
      const won = outcomes.filter((o) => o.status !== 'not-redeemable');
      expect(won, kind).toHaveLength(1);
      expect(outcomes.filter((o) => o.status === 'not-redeemable')).toHaveLength(9);
      const teams = await app.services.database.db
        .selectFrom('teams')
        .select('id')
        .where('license_id', '=', license.id)
        .execute();
      expect(teams).toHaveLength(kind === 'team' ? 1 : 0);
    }
  });

  it('makes one team and one account when 10 visitors redeem a team licence at once', async () => {
    const { url, close } = await listening(app.app);
    onTestFinished(close);
    const { key } = await createLicense(app.services, { kind: 'team' });
    const visitors = Array.from({ length: 10 }, () => new TestBrowser(url));
    await Promise.all(visitors.map((visitor) => visitor.visit('/')));
    const emails = visitors.map(() => uniqueEmail('team-racer'));
    const responses = await Promise.all(
      visitors.map((visitor, i) =>
        visitor.submit('patch', `/licenses/${key}`, {
          email: emails[i],
          password: PASSWORD,
          team_name: `Racers ${i}`,
        }),
      ),
    );
    expect(responses.filter((r) => /^\/teams\/\d+$/.test(r.headers.location ?? ''))).toHaveLength(
      1,
    );
    // The others are told it is taken (not an error page): the licence page in its new state.
    const losers = responses.filter((r) => r.headers.location === `/licenses/${key}`);
    expect(losers.map((r) => r.status)).toEqual(Array(9).fill(303));
    const { db } = app.services.database;
    const teams = await db
      .selectFrom('teams')
      .innerJoin('licenses', 'licenses.id', 'teams.license_id')
      .select('teams.id')
      .where('licenses.key', '=', key)
      .execute();
    expect(teams).toHaveLength(1);
    const accounts = await db
      .selectFrom('users')
      .select('email')
      .where('email', 'in', emails)
      .execute();
    // Losers' accounts were rolled back with their redemption.
    expect(accounts).toHaveLength(1);
  });
});

describe(`the licence list /license and signing in from a licence page (${TEST_DATABASE})`, () => {
  it('lists the licences of the user and of the teams they own, and their teams', async () => {
    const owner = await signedInUser(app.services, app.app, 'lister');
    const member = await signedInUser(app.services, app.app, 'member');
    const own = await createLicense(app.services, { userId: owner.id, product: 'marketing' });
    const team = await createTeam(app.services, {
      owners: [owner.id],
      members: [member.id],
      name: 'Listed',
    });
    const page = await owner.browser.visit('/license');
    expect(page.body.component).toBe('License');
    const keys = (props(page).licenses as { key: string }[]).map((l) => l.key);
    expect(keys).toEqual(expect.arrayContaining([own.key, team.licenseKey]));
    expect(props(page).teams).toEqual([
      { id: team.id, name: 'Listed', role: 'owner', url: `/teams/${team.id}` },
    ]);
    const memberPage = await member.browser.visit('/license');
    expect(props(memberPage).licenses).toEqual([]);
    expect(props(memberPage).teams).toEqual([
      { id: team.id, name: 'Listed', role: 'member', url: `/teams/${team.id}` },
    ]);
    const visitor = await request(app.app).get('/license');
    expect(visitor.status).toBe(302);
    expect(visitor.headers.location).toBe('/login');
  });

  it('comes back to the licence page after signing in, and ignores any other intended_url', async () => {
    const user = await signedInUser(app.services, app.app, 'returning');
    const { key } = await createLicense(app.services);
    const back = `/licenses/${key}`;
    const visitor = new TestBrowser(app.app);
    expect((await visitor.visit(`/login?intended_url=${encodeURIComponent(back)}`)).status).toBe(
      200,
    );
    const signedIn = await visitor.submit('post', '/login', {
      email: user.email,
      password: PASSWORD,
    });
    expect(signedIn.headers.location).toBe(back);
    // Already signed in: the login link goes straight back.
    const again = await request(app.app)
      .get(`/login?intended_url=${encodeURIComponent(back)}`)
      .set(
        'Cookie',
        [...visitor.cookies].map(([n, v]) => `${n}=${encodeURIComponent(v)}`),
      );
    expect(again.headers.location).toBe(back);

    for (const hostile of [
      '//evil.example.com/licenses/X',
      'https://evil.example.com/',
      '/\\evil.example.com',
      '/account-settings',
      `/licenses/${key}/../../admin`,
      `/licenses/${key.toLowerCase()}`,
      `/licenses/${key}?next=//evil.example.com`,
      '/teams/1/members?invite_token=short',
      'javascript:alert(1)',
    ]) {
      const other = new TestBrowser(app.app);
      await other.visit(`/login?intended_url=${encodeURIComponent(hostile)}`);
      const response = await other.submit('post', '/login', {
        email: user.email,
        password: PASSWORD,
      });
      expect(response.headers.location, hostile).toBe('/');
    }
  });
});
