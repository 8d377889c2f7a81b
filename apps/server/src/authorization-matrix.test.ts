import { readFile } from 'node:fs/promises';
import type request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPurchase, createTeam, createWebhookEvent } from '../test/back-office.ts';
import { TestBrowser } from '../test/browser.ts';
import { quoteFor } from '../test/payments.ts';
import { pageFromHtml, testApp } from '../test/helpers.ts';
import { TEST_DATABASE } from '../test/services.ts';
import {
  DEMO_ADMIN_TOTP_SECRET,
  DEMO_KEYS,
  DEMO_PASSWORD,
  DEMO_TEAMS,
  DEMO_USERS,
  seedDemo,
} from './db/seed.ts';
import { signInFully } from '../test/second-factor.ts';
import { newInviteToken, newLicenseKey } from './modules/shared/index.ts';
import { createUser, uniqueEmail } from '../test/users.ts';
import { lazyCatalogue, type Catalogue } from './modules/catalog/index.ts';
import { commandPalette } from './modules/catalog/index.ts';
import { itemName } from './modules/registry/index.ts';
import { accessTokensRepository } from './modules/tokens/index.ts';
import { newTokenSecret } from './modules/tokens/index.ts';

/**
 * Every route × every role: the status each role gets, and that no response carries a byte of
 * something the role does not own (snippets, a PNG-only component's preview, a template archive).
 * A route added to the store gets its row here; a role added gets its column.
 *
 * The team roles are real: `owner` owns the demo team (all-access through its team licence),
 * `member` belongs to it, `otherOwner` owns another team (full, every seat taken).
 */

type TestApp = Awaited<ReturnType<typeof testApp>>;

const ROLES = ['visitor', 'customer', 'member', 'owner', 'otherOwner', 'admin'] as const;
type Role = (typeof ROLES)[number];

const EMAIL: Record<Exclude<Role, 'visitor'>, string> = {
  // Holds Marketing and Application UI; the Ecommerce licence was refunded.
  customer: DEMO_USERS.customer,
  // No licence of their own: all-access through the demo team.
  member: DEMO_USERS.teamMember,
  // Owns the demo team (its all-access team licence).
  owner: DEMO_USERS.teamOwner,
  // Owns another team: nothing of the demo team is theirs.
  otherOwner: DEMO_USERS.otherOwner,
  // An operator with no licence: being an admin gives no code.
  admin: DEMO_USERS.admin,
};

const ALL = new Set(['marketing', 'application-ui', 'ecommerce', 'templates']);
const OWNS: Record<Role, ReadonlySet<string>> = {
  visitor: new Set(),
  customer: new Set(['marketing', 'application-ui']),
  member: ALL,
  owner: ALL,
  otherOwner: ALL,
  admin: new Set(),
};

/** The demo teams as the matrix uses them (read after seeding). */
interface Teams {
  /** The demo team: owner + member, and a spare member the owner may remove. */
  a: { id: number; token: () => Promise<string>; memberId: number; spareId: number };
  /** The other owner's team: full. */
  b: { id: number; token: () => Promise<string> };
}
let teams: Teams;
const IN_TEAM_A: ReadonlySet<Role> = new Set(['owner', 'member']);

/** Subcategories whose pages the matrix opens: one per package, one of them PNG-only. */
const SUBCATEGORIES = {
  marketing: '/components/marketing/sections/heroes',
  'application-ui': '/components/application-ui/navigation/command-palettes',
  ecommerce: '/components/ecommerce/components/shopping-carts',
} as const;
type Package = keyof typeof SUBCATEGORIES;

let app: TestApp;
let catalogue: Catalogue;
const browsers = new Map<Role, TestBrowser>();
/** Per package, long lines of its components' code: finding one in a body means it leaked. */
const soldLines = new Map<Package, string[]>();
/** A PNG-only component's live preview: its markup and script are the code sold. */
let pngOnlyPreview: string;
let archive: Buffer;
/** Objects the back-office rows act on; none belongs to a role's account. */
const ids = {
  customer: 0,
  webhookEvent: 0,
  purchase: 0,
  license: 0,
  team: 0,
  member: 0,
};
/** A visitor's checkout, pending: its frame and thank-you page open, its key is not there yet. */
let pending: { hash: string; transactionId: string };

function contains(body: string, text: string): boolean {
  const json = JSON.stringify(text).slice(1, -1);
  const html = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return [text, json, html, json.replace(/\//g, '\\/')].some((form) => body.includes(form));
}

beforeAll(async () => {
  app = await testApp();
  await seedDemo(app.services.database, app.config);
  {
    const db = app.services.database.db;
    const at = Date.parse('2025-06-10T12:00:00Z');
    ids.customer = (
      await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', DEMO_USERS.customer)
        .executeTakeFirstOrThrow()
    ).id;
    ids.webhookEvent = (await createWebhookEvent(db, { at })).id;
    const buyer = await createUser(
      app.services,
      uniqueEmail('matrix-buyer'),
      'irrelevant-password',
    );
    const student = await createUser(app.services, uniqueEmail('matrix-student'), 'irrelevant-pw');
    const bought = await createPurchase(db, { userId: buyer, createdAt: at });
    ids.purchase = bought.purchaseId;
    ids.license = bought.licenseId;
    const team = await createTeam(db, {
      name: 'Matrix class',
      owners: [buyer],
      members: [student],
      at,
    });
    ids.team = team.teamId;
    ids.member = team.memberIds.get(student)!;
  }
  catalogue = lazyCatalogue(app.config.catalogDist)();
  for (const [pkg, url] of Object.entries(SUBCATEGORIES) as [Package, string][]) {
    const place = catalogue.subcategory(url);
    if (!place) throw new Error(`The catalogue has no ${url}`);
    const lines: string[] = [];
    for (const component of place.subcategory.components) {
      const code = await catalogue.code(component.uuid);
      lines.push(
        ...code.snippets
          .flatMap((snippet) => snippet.snippet.split('\n'))
          .map((line) => line.trim())
          .filter((line) => line.length >= 60)
          .slice(0, 10),
      );
    }
    soldLines.set(pkg, lines);
  }
  const palettes = catalogue.subcategory(SUBCATEGORIES['application-ui'])!;
  const scripted = palettes.subcategory.components.find((c) => c.requiresJavaScript)!;
  pngOnlyPreview = `/catalog/previews/${scripted.uuid}.html`;
  archive = await readFile(catalogue.templateArchive(catalogue.templates[0]!));
  pending = await app.services.payments.checkouts.startCheckout(await quoteFor(app.services), null);

  const { db } = app.services.database;
  const teamOf = (key: string) =>
    db
      .selectFrom('teams')
      .innerJoin('licenses', 'licenses.id', 'teams.license_id')
      .select(['teams.id'])
      .where('licenses.key', '=', key)
      .executeTakeFirstOrThrow();
  const token = (id: number) => async () =>
    (
      await db
        .selectFrom('teams')
        .select('invite_token')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).invite_token;
  const membership = async (teamId: number, email: string) =>
    (
      await db
        .selectFrom('team_members')
        .innerJoin('users', 'users.id', 'team_members.user_id')
        .select('team_members.id')
        .where('team_members.team_id', '=', teamId)
        .where('users.email', '=', email)
        .executeTakeFirstOrThrow()
    ).id;
  const a = await teamOf(DEMO_KEYS.demoTeam);
  const b = await teamOf(DEMO_KEYS.otherTeam);
  // A spare member of the demo team: the one an owner's removal in the write matrix removes.
  const spare = await createUser(app.services, 'spare-member@example.com', DEMO_PASSWORD, 10);
  await db
    .insertInto('team_members')
    .values({ team_id: a.id, user_id: spare, role: 'member', created_at: Date.now() })
    .execute();
  await db
    .updateTable('teams')
    .set((eb) => ({ member_count: eb('member_count', '+', 1) }))
    .where('id', '=', a.id)
    .execute();
  teams = {
    a: {
      id: a.id,
      token: token(a.id),
      memberId: await membership(a.id, DEMO_USERS.teamMember),
      spareId: await membership(a.id, 'spare-member@example.com'),
    },
    b: { id: b.id, token: token(b.id) },
  };

  for (const role of ROLES) {
    const browser = new TestBrowser(app.app);
    if (role !== 'visitor') {
      // The demo admin has a second factor: the helper completes the second step.
      const response = await signInFully(
        browser,
        app.services.database,
        { email: EMAIL[role], password: DEMO_PASSWORD },
        { secret: DEMO_ADMIN_TOTP_SECRET },
      );
      expect([302, 303], `sign-in as ${role}`).toContain(response.status);
      expect(await browser.signedInAs()).toBe(EMAIL[role]);
    }
    browsers.set(role, browser);
  }
});

type Expect = number | ((role: Role) => number);
interface Row {
  path: () => string | Promise<string>;
  expect: Expect;
  /** Where a redirect must lead, per role (only checked when the status is a redirect). */
  location?: (role: Role) => string | RegExp;
  /** Words that role must never receive from this route (another team's name, its members). */
  secrets?: (role: Role) => string[];
  /** A bulk download of this package: its owners get a zip, nobody else a byte of it. */
  archiveOf?: Package;
}

/** Team A's name and people: nobody outside team A gets them from a team route. */
const teamASecrets = (role: Role) =>
  IN_TEAM_A.has(role) ? [] : [DEMO_TEAMS.demo, DEMO_USERS.teamMember, 'spare-member@example.com'];
const teamBSecrets = (role: Role) =>
  role === 'otherOwner' ? [] : [DEMO_TEAMS.other, 'student-01@example.com'];

const signedIn = (ok: number) => (role: Role) => (role === 'visitor' ? 302 : ok);
const adminOnly = (role: Role) => (role === 'admin' ? 200 : 404);

const GET_ROWS: Row[] = [
  { path: () => '/', expect: 200 },
  { path: () => '/components', expect: 200 },
  { path: () => '/v1/components', expect: 200 },
  ...Object.values(SUBCATEGORIES).flatMap((url) => [
    { path: () => url, expect: 200 },
    { path: () => `/v1${url}`, expect: 200 },
    { path: () => `${url}?include=archived`, expect: 200 },
  ]),
  { path: () => '/preview', expect: 200 },
  { path: () => '/templates', expect: 200 },
  { path: () => `/templates/${catalogue.templates[0]!.slug}`, expect: 200 },
  {
    path: () => `/templates/${catalogue.templates[0]!.slug}/download`,
    expect: (role) => (OWNS[role].has('templates') ? 200 : 302),
    location: (role) =>
      role === 'visitor' ? '/login' : `/templates/${catalogue.templates[0]!.slug}`,
  },
  {
    path: () => pngOnlyPreview,
    expect: (role) => (OWNS[role].has('application-ui') ? 200 : 403),
  },
  { path: () => '/all-access', expect: 200 },
  {
    // The complete package for package owners; 'You've got everything!' for all-access owners.
    path: () => '/upgrade',
    // Members have all-access through their team: everything, too.
    expect: (role) => (role === 'visitor' || role === 'admin' ? 302 : 200),
    location: (role) => (role === 'visitor' ? '/login' : '/all-access#pricing'),
  },
  {
    path: () => '/upgrade-team',
    expect: (role) => (OWNS[role] === ALL ? 200 : 302),
    location: (role) => (role === 'visitor' ? '/login' : '/upgrade'),
  },
  { path: () => '/changelog', expect: 200 },
  { path: () => '/documentation', expect: 302, location: () => /^\/documentation\/[a-z-]+$/ },
  { path: () => '/documentation/getting-started', expect: 200 },
  { path: () => '/privacy-policy', expect: 200 },
  { path: () => '/support', expect: 200 },
  { path: () => '/newsletter/thank-you', expect: 200 },
  { path: () => '/sitemap.xml', expect: 200 },
  { path: () => '/robots.txt', expect: 200 },
  { path: () => '/login', expect: (role) => (role === 'visitor' ? 200 : 302) },
  { path: () => '/password/reset', expect: 200 },
  { path: () => '/account-settings', expect: signedIn(200), location: () => '/login' },
  // Sign-in's second step exists only between a right password and the code (decision 044).
  {
    path: () => '/login/second-factor',
    expect: 302,
    location: (role) => (role === 'visitor' ? '/login' : '/'),
  },
  // The back office: admins only; everyone else gets the 404 of a page that does not exist.
  { path: () => '/admin', expect: adminOnly },
  { path: () => '/admin?email=customer', expect: adminOnly },
  { path: () => '/admin?email=%25&page=2', expect: adminOnly },
  { path: () => `/admin/users/${ids.customer}`, expect: adminOnly },
  { path: () => '/admin/users/999999', expect: 404 },
  { path: () => '/admin/users/not-a-number', expect: 404 },
  { path: () => '/admin/audit', expect: adminOnly },
  { path: () => '/admin/webhooks', expect: adminOnly },
  { path: () => '/admin/webhooks?outcome=failed', expect: adminOnly },
  { path: () => `/admin/webhooks/${ids.webhookEvent}`, expect: adminOnly },
  { path: () => '/admin/page-views', expect: adminOnly },
  { path: () => '/admin/no-such-page', expect: 404 },
  { path: () => '/discord', expect: 302, location: () => '/support' },
  { path: () => '/v1/documentation', expect: 301 },
  { path: () => '/healthz', expect: 200 },
  // Liveness: public like readiness, and says nothing about anyone.
  { path: () => '/livez', expect: 200 },
  // Metrics have their own listener (decision 037): never on the public port.
  { path: () => '/metrics', expect: 404 },
  // The command palette's items: public, the same document for everyone (decision 020).
  { path: () => commandPalette(() => catalogue)().url, expect: 200 },
  // A made-up undo link: nobody's e-mail change, whoever asks.
  { path: () => `/account-settings/email/undo/${'A'.repeat(43)}`, expect: 404 },
  { path: () => '/no-such-page', expect: 404 },
  // Payments: the poll hash and the sandbox transaction id are the capabilities, not the role.
  { path: () => `/paddle-purchases/${pending.hash}`, expect: 404 },
  { path: () => `/paddle-purchases/${'A'.repeat(32)}`, expect: 404 },
  { path: () => `/thank-you?checkout=${pending.hash}`, expect: 200 },
  { path: () => `/thank-you?checkout=${'A'.repeat(32)}`, expect: 404 },
  { path: () => `/sandbox-checkout/${pending.transactionId}`, expect: 200 },
  { path: () => `/sandbox-checkout/txn_${'0'.repeat(26)}`, expect: 404 },
  // Checkout: anyone may open one for what they may buy; holders of all-access are sent back.
  {
    path: () => '/checkout/all-access',
    expect: (role) => (OWNS[role] === ALL ? 302 : 200),
    location: () => '/all-access',
  },
  {
    path: () => '/checkout/ecommerce',
    expect: (role) => (OWNS[role].has('ecommerce') ? 302 : 200),
    location: () => '/all-access',
  },
  { path: () => '/checkout/no-such-product', expect: 404 },
  { path: () => '/checkout/marketing?license=team', expect: 404 },
  // No receipt before the payment.
  { path: () => `/sandbox-receipts/${pending.transactionId}`, expect: 404 },
  // Static mounts: a missing file is a plain 404 for everyone, never a page.
  { path: () => '/build/assets/no-such-chunk.js', expect: 404 },
  { path: () => '/catalog/screenshots/no-such-screenshot.png', expect: 404 },
  { path: () => '/catalog/previews/00000000-0000-0000-0000-000000000000.html', expect: 404 },
  { path: () => '/images/catalog/no/such-image.svg', expect: 404 },
  // The shadcn registry: the index is public; items want a token, never a session (the
  // token rows are in 'answers the registry for every role's token' below).
  { path: () => '/r/registry.json', expect: 200 },
  { path: () => '/r/registry.json?q=hero&limit=2', expect: 200 },
  { path: () => '/r/marketing-heroes-simple-centered.json', expect: 401 },
  { path: () => '/r/no-such-component.json', expect: 401 },
];

/** Bulk downloads (decision 016): the package's owners only; visitors to sign in. */
const DOWNLOAD_ROWS: Row[] = [
  ...(['marketing', 'ecommerce'] as const).map((pkg) => ({
    path: () => `/downloads/${pkg}/${pkg === 'marketing' ? 'react' : 'vue'}.zip`,
    expect: (role: Role) => (role === 'visitor' ? 302 : OWNS[role].has(pkg) ? 200 : 403),
    location: () => '/login',
    archiveOf: pkg,
  })),
  { path: () => '/downloads/templates/react.zip', expect: 404 },
  { path: () => '/downloads/all-access/html.zip', expect: 404 },
  { path: () => '/downloads/market%69ng/react.zip', expect: 404 },
  { path: () => '/downloads/marketing/..%2fecommerce.zip', expect: 404 },
];

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

/** Licence and team pages (issue 11): their own sweep, so each stays well inside its time. */
const TEAM_GET_ROWS: Row[] = [
  // Licences: the key is the proof, so its page answers everyone; the list needs an account.
  { path: () => '/license', expect: signedIn(200), location: () => '/login' },
  ...Object.values(DEMO_KEYS).map((key) => ({ path: () => `/licenses/${key}`, expect: 200 })),
  { path: () => `/licenses/${DEMO_KEYS.unredeemedTeam.toLowerCase()}`, expect: 301 },
  { path: () => `/licenses/${newLicenseKey()}`, expect: 404 },
  { path: () => '/licenses/not-a-key', expect: 404 },
  // Team settings: its members only; outsiders (admins too) get a 404, visitors the sign-in.
  {
    path: () => `/teams/${teams.a.id}`,
    expect: (role) => (role === 'visitor' ? 302 : IN_TEAM_A.has(role) ? 200 : 404),
    location: () => '/login',
    secrets: teamASecrets,
  },
  {
    path: () => `/teams/${teams.b.id}`,
    expect: (role) => (role === 'visitor' ? 302 : role === 'otherOwner' ? 200 : 404),
    location: () => '/login',
    secrets: teamBSecrets,
  },
  { path: () => '/teams/2147483647', expect: signedIn(404), location: () => '/login' },
  // Invite links: anyone holding one sees the invite (name and seats only); members go to the team.
  {
    path: async () => `/teams/${teams.a.id}/members?invite_token=${await teams.a.token()}`,
    expect: (role) => (IN_TEAM_A.has(role) ? 302 : 200),
    location: () => `/teams/${teams.a.id}`,
    secrets: () => [DEMO_USERS.teamMember, 'spare-member@example.com'],
  },
  {
    path: async () => `/teams/${teams.b.id}/members?invite_token=${await teams.b.token()}`,
    expect: (role) => (role === 'otherOwner' ? 302 : 200),
    location: () => `/teams/${teams.b.id}`,
    secrets: () => ['student-01@example.com'],
  },
  {
    path: () => `/teams/${teams.a.id}/members?invite_token=${newInviteToken()}`,
    expect: 404,
    secrets: teamASecrets,
  },
  { path: () => `/teams/${teams.b.id}/members`, expect: 404, secrets: teamBSecrets },
];

type Method = 'post' | 'put' | 'patch' | 'delete';
type WriteRow = {
  method: Method;
  path: string | (() => string);
  body: object;
  visitor: number;
};

/** The back office's state changes: every role but admin gets 404, with a token or without. */
function backOfficeWrites(): WriteRow[] {
  return [
    {
      method: 'post',
      path: () => `/admin/users/${ids.customer}/impersonate`,
      body: { password: DEMO_PASSWORD },
      visitor: 404,
    },
    {
      method: 'post',
      path: () => `/admin/purchases/${ids.purchase}/refund`,
      body: { confirm_outside_window: true },
      visitor: 404,
    },
    {
      method: 'post',
      path: () => `/admin/licenses/${ids.license}/deactivate`,
      body: {},
      visitor: 404,
    },
    {
      method: 'post',
      path: () => `/admin/licenses/${ids.license}/reactivate`,
      body: {},
      visitor: 404,
    },
    {
      method: 'post',
      path: () => `/admin/licenses/${ids.license}/move`,
      body: { email: 'taken-over@example.com' },
      visitor: 404,
    },
    { method: 'post', path: () => `/admin/licenses/${ids.license}/resend`, body: {}, visitor: 404 },
    {
      method: 'delete',
      path: () => `/admin/teams/${ids.team}/members/${ids.member}`,
      body: {},
      visitor: 404,
    },
    {
      method: 'post',
      path: () => `/admin/webhooks/${ids.webhookEvent}/replay`,
      body: {},
      visitor: 404,
    },
  ];
}

const pathOf = (row: Pick<WriteRow, 'path'>) =>
  typeof row.path === 'function' ? row.path() : row.path;

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
  };
}

const teamA = () => `/teams/${teams.a.id}`;

/** State changes: without a token every one is refused; a visitor with a token is sent to sign in. */
const WRITE_ROWS: {
  method: Method;
  path: string | (() => string);
  body: object;
  visitor: number;
}[] = [
  { method: 'patch', path: teamA, body: { name: 'Taken over' }, visitor: 401 },
  {
    method: 'patch',
    path: () => `${teamA()}/members/${teams.a.memberId}`,
    body: { role: 'owner' },
    visitor: 401,
  },
  {
    method: 'delete',
    path: () => `${teamA()}/members/${teams.a.memberId}`,
    body: {},
    visitor: 401,
  },
  { method: 'delete', path: () => `${teamA()}/invite-link`, body: {}, visitor: 401 },
  // The sandbox receipt's refund: its buyer or an admin (sandbox.test.ts has the roles).
  {
    method: 'post',
    path: () => `/sandbox-receipts/${pending.transactionId}/refund`,
    body: {},
    visitor: 401,
  },
  { method: 'post', path: '/logout/other', body: { password: 'wrong-password-123' }, visitor: 401 },
  {
    method: 'put',
    path: '/account-settings/email',
    body: { email: 'taken-over@example.com', current_password: 'wrong-password-123' },
    visitor: 401,
  },
  {
    method: 'put',
    path: '/account-settings/password',
    body: { current_password: 'x', password: 'new-password-123', password_confirmation: 'x' },
    visitor: 401,
  },
  // Two-factor authentication (decision 044): the signed-in user's own.
  { method: 'post', path: '/account-settings/two-factor', body: {}, visitor: 401 },
  {
    method: 'post',
    path: '/account-settings/two-factor/confirm',
    body: { code: '000000' },
    visitor: 401,
  },
  {
    method: 'post',
    path: '/account-settings/two-factor/disable',
    body: { password: 'wrong-password-123', code: '000000' },
    visitor: 401,
  },
  {
    method: 'post',
    path: '/account-settings/two-factor/recovery-codes',
    body: { password: 'wrong-password-123' },
    visitor: 401,
  },
  // Personal access tokens (decision 014): the signed-in user's own.
  {
    method: 'post',
    path: '/account/tokens',
    body: { name: 'Matrix', expires_in: '30' },
    visitor: 401,
  },
  { method: 'delete', path: '/account/tokens/1', body: {}, visitor: 401 },
  ...backOfficeWrites(),
];

/** State changes open to visitors too: still never without a token. */
const PUBLIC_WRITE_ROWS: { method: Method; path: string | (() => string); body: object }[] = [
  { method: 'patch', path: `/licenses/${DEMO_KEYS.unredeemedPersonal}`, body: {} },
  { method: 'patch', path: `/licenses/${DEMO_KEYS.unredeemedTeam}`, body: { team_name: 'Mine' } },
  {
    method: 'post',
    path: () => `/teams/${teams.b.id}/members`,
    body: { invite_token: 'sent-without-a-csrf-token' },
  },
  {
    method: 'post',
    path: () => `/sandbox-checkout/${pending.transactionId}/details`,
    body: { email: 'someone@example.com', country: 'DE' },
  },
  {
    method: 'post',
    path: () => `/sandbox-checkout/${pending.transactionId}/pay`,
    body: { card: '4242424242424242' },
  },
  {
    method: 'post',
    path: () => `/sandbox-receipts/${pending.transactionId}/business-address`,
    body: { business_address: 'Somewhere' },
  },
  { method: 'post', path: '/login/second-factor', body: { code: '000000' } },
  { method: 'put', path: '/snippet-language', body: { snippet_lang: 'vue' } },
  { method: 'put', path: '/preview-color-scheme', body: { preview_color_scheme: 'dark' } },
  { method: 'post', path: '/logout', body: {} },
  { method: 'post', path: '/login', body: { email: DEMO_USERS.admin, password: DEMO_PASSWORD } },
  { method: 'post', path: '/password/email', body: { email: DEMO_USERS.admin } },
  { method: 'post', path: '/newsletter', body: { email: 'someone@example.com' } },
];

async function forgetGuesses() {
  for (const ip of ['127.0.0.1', '::ffff:127.0.0.1', '::1'])
    await app.services.limiters.secretGuesses.reset(ip);
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
  }, 60_000);

  it('gives bulk downloads to their package owners only', async () => {
    expect(await sweep(DOWNLOAD_ROWS)).toBe(DOWNLOAD_ROWS.length * ROLES.length * 2);
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
      // Stopping an impersonation that is not running changes nothing either.
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
    const owner =
      (ok: number, outsider = 404) =>
      (role: Role) =>
        role === 'visitor' ? 401 : role === 'owner' ? ok : role === 'member' ? 403 : outsider;
    // The owner acts last in every row (ROLES order), so a change it makes is the row's last.
    const rows: {
      method: Method;
      path: string;
      body: object;
      expect: (role: Role) => number;
      location?: (role: Role) => string;
    }[] = [
      // Renaming to the same name: allowed for the owner, changes nothing.
      { method: 'patch', path: teamA(), body: { name: DEMO_TEAMS.demo }, expect: owner(303) },
      {
        method: 'patch',
        path: `/teams/${teams.b.id}`,
        body: { name: 'Taken over' },
        expect: (role) => (role === 'visitor' ? 401 : role === 'otherOwner' ? 303 : 404),
      },
      {
        method: 'patch',
        path: `${teamA()}/members/${teams.a.memberId}`,
        body: { role: 'member' },
        expect: owner(303),
      },
      // Anyone holding team B's link may try to join it: it is full (otherOwner is in it).
      {
        method: 'post',
        path: `/teams/${teams.b.id}/members`,
        body: { invite_token: tokenB },
        expect: () => 302,
        location: (role) =>
          role === 'otherOwner'
            ? `/teams/${teams.b.id}`
            : `/teams/${teams.b.id}/members?invite_token=${tokenB}`,
      },
      {
        method: 'post',
        path: `${teamA()}/members`,
        body: { invite_token: newInviteToken() },
        expect: () => 404,
      },
      // Licences connected to a team or an account are nobody's to redeem again.
      ...[DEMO_KEYS.demoTeam, DEMO_KEYS.customerMarketing, DEMO_KEYS.refunded].map((key) => ({
        method: 'patch' as const,
        path: `/licenses/${key}`,
        body: { team_name: 'Mine' },
        expect: () => 303,
        location: () => `/licenses/${key}`,
      })),
      { method: 'patch', path: `/licenses/${newLicenseKey()}`, body: {}, expect: () => 404 },
      {
        method: 'delete',
        path: `${teamA()}/members/${teams.a.spareId}`,
        body: {},
        expect: owner(303),
      },
      { method: 'delete', path: `${teamA()}/invite-link`, body: {}, expect: owner(303) },
      {
        method: 'delete',
        path: `/teams/${teams.b.id}/invite-link`,
        body: {},
        expect: (role) => (role === 'visitor' ? 401 : role === 'otherOwner' ? 303 : 404),
      },
    ];
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
    for (const role of ROLES.filter((r) => r !== 'visitor')) {
      const browser = browsers.get(role)!;
      const start = await browser.submit('post', '/account-settings/two-factor');
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
      const { id } = await app.services.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', EMAIL[role])
        .executeTakeFirstOrThrow();
      await app.services.limiters.passwordCheck.reset(String(id));
      await app.services.limiters.secondFactor.reset(`user:${id}`);
    }
    const rows = await app.services.database.db
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
      expect(response.status, `${role} POST /account/tokens`).toBe(role === 'visitor' ? 401 : 200);
      if (role === 'visitor') continue;
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
      const expected = role === 'visitor' ? 401 : role === 'customer' ? 303 : 404;
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
});
