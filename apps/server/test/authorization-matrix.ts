import { readFile } from 'node:fs/promises';
import { DEMO_KEYS, DEMO_PASSWORD, DEMO_TEAMS, DEMO_USERS, seedDemo } from '../src/db/seed.ts';
import { commandPalette, lazyCatalogue, type Catalogue } from '../src/modules/catalog/index.ts';
import { newInviteToken, newLicenseKey } from '../src/modules/shared/index.ts';
import { createPurchase, createTeam, createWebhookEvent } from './back-office.ts';
import { TestBrowser } from './browser.ts';
import { testApp } from './helpers.ts';
import { quoteFor } from './payments.ts';
import { completeSecondStep, enrolSecondFactor, TEST_APP_NOW } from './second-factor.ts';
import { signIn } from './sign-in.ts';
import { createUser, uniqueEmail } from './users.ts';

/**
 * Every route × every role: the status each role gets, and that no response carries a byte of
 * something the role does not own (snippets, a PNG-only component's preview, a template archive).
 * A route added to the store gets its row here (route-coverage.test.ts fails, naming it, until
 * it has one); a role added gets its column. The tests are authorization-matrix.test.ts.
 *
 * The team roles are real: `owner` owns the demo team (all-access through its team licence),
 * `member` belongs to it, `otherOwner` owns another team (full, every seat taken).
 * `impersonating` is the admin acting as the customer: it sees what the customer sees, and
 * its state changes are refused or audited (decision 042).
 */

export type TestApp = Awaited<ReturnType<typeof testApp>>;

export const ROLES = [
  'visitor',
  'customer',
  'member',
  'owner',
  'otherOwner',
  'admin',
  'impersonating',
] as const;
export type Role = (typeof ROLES)[number];

export const EMAIL: Record<Exclude<Role, 'visitor'>, string> = {
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
  // The admin acting as the customer: the store shows the customer.
  impersonating: DEMO_USERS.customer,
};

export const ALL = new Set(['marketing', 'application-ui', 'ecommerce', 'templates']);
export const OWNS: Record<Role, ReadonlySet<string>> = {
  visitor: new Set(),
  customer: new Set(['marketing', 'application-ui']),
  member: ALL,
  owner: ALL,
  otherOwner: ALL,
  admin: new Set(),
  impersonating: new Set(['marketing', 'application-ui']),
};

/** The demo teams as the matrix uses them (read after seeding). */
export interface Teams {
  /** The demo team: owner + member, and a spare member the owner may remove. */
  a: { id: number; token: () => Promise<string>; memberId: number; spareId: number };
  /** The other owner's team: full. */
  b: { id: number; token: () => Promise<string> };
}
export let teams: Teams;
export const IN_TEAM_A: ReadonlySet<Role> = new Set(['owner', 'member']);

/** Subcategories whose pages the matrix opens: one per package, one of them PNG-only. */
export const SUBCATEGORIES = {
  marketing: '/components/marketing/sections/heroes',
  'application-ui': '/components/application-ui/navigation/command-palettes',
  ecommerce: '/components/ecommerce/components/shopping-carts',
} as const;
export type Package = keyof typeof SUBCATEGORIES;

export let app: TestApp;
export let catalogue: Catalogue;
export const browsers = new Map<Role, TestBrowser>();
/** Per package, long lines of its components' code: finding one in a body means it leaked. */
export const soldLines = new Map<Package, string[]>();
/** A PNG-only component's live preview: its markup and script are the code sold. */
export let pngOnlyPreview: string;
export let archive: Buffer;
/** Objects the back-office rows act on; none belongs to a role's account. */
export const ids = {
  customer: 0,
  webhookEvent: 0,
  purchase: 0,
  license: 0,
  team: 0,
  member: 0,
};
/**
 * The demo admin's second factor (decision 045): the matrix gives it the tests' TOTP secret and
 * keeps its recovery codes, so its many sign-ins (a fixed clock has only two fresh TOTP steps)
 * each finish the second step.
 */
let adminFactor: { id: number; recoveryCodes: string[] };

/** Signs the demo admin in: the password, then the second step. */
function signInAdmin(): Promise<TestBrowser> {
  return signIn(app.app, DEMO_USERS.admin, DEMO_PASSWORD, {
    confirm: true,
    secondStep: (browser) =>
      completeSecondStep(
        browser,
        app.services.database.db,
        adminFactor.id,
        TEST_APP_NOW,
        adminFactor.recoveryCodes,
      ),
  });
}

/** A visitor's checkout, pending: its frame and thank-you page open, its key is not there yet. */
export let pending: { hash: string; transactionId: string };

/** Seeds the demo world, reads what the rows need, and signs every role in on its browser. */
export async function prepareMatrix() {
  app = await testApp();
  await seedDemo(app.services.database, app.config);
  {
    const db = app.services.database.db;
    const adminId = (
      await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', DEMO_USERS.admin)
        .executeTakeFirstOrThrow()
    ).id;
    adminFactor = {
      id: adminId,
      recoveryCodes: await enrolSecondFactor(
        app.services.database,
        app.config.sessionSecret,
        adminId,
        () => TEST_APP_NOW,
      ),
    };
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
  const demoTeamLicence = await db
    .selectFrom('licenses')
    .select(['id'])
    .where('key', '=', DEMO_KEYS.demoTeam)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('license_goods')
    .values({ license_id: demoTeamLicence.id, goods: 'design-ebook', created_at: Date.now() })
    .execute();
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
    browsers.set(
      role,
      role === 'visitor'
        ? new TestBrowser(app.app)
        : role === 'impersonating'
          ? await impersonatingBrowser()
          : role === 'admin'
            ? await signInAdmin()
            : await signIn(app.app, EMAIL[role], DEMO_PASSWORD, { confirm: true }),
    );
  }
}

/** The admin, signed in, acting as the customer (started with the password, audited). */
export async function impersonatingBrowser(): Promise<TestBrowser> {
  const browser = await signInAdmin();
  const start = await browser.submit('post', `/admin/users/${ids.customer}/impersonate`, {
    password: DEMO_PASSWORD,
  });
  if (![302, 303].includes(start.status)) throw new Error(`start impersonating: ${start.status}`);
  if ((await browser.signedInAs()) !== DEMO_USERS.customer)
    throw new Error('impersonating: not signed in as the customer');
  return browser;
}

/** An operator acting as the customer may not open a checkout: it starts a payment (042). */
const checkoutFor = (expect: (role: Role) => number) => (role: Role) =>
  role === 'impersonating' ? 403 : expect(role);

export type Expect = number | ((role: Role) => number);
export interface Row {
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

export const GET_ROWS: Row[] = [
  { path: () => '/', expect: 200 },
  { path: () => '/v1', expect: 200 },
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
  // A reset link's form, for anyone holding one: a made-up token opens it too (the token is
  // checked when the form is sent).
  {
    path: () => `/password/reset/${'A'.repeat(43)}?email=${encodeURIComponent(DEMO_USERS.admin)}`,
    expect: 200,
  },
  { path: () => '/account-settings', expect: signedIn(200), location: () => '/login' },
  // What the viewer copied or installed that changed since (decision 065): their own page.
  { path: () => '/your-updates', expect: signedIn(200), location: () => '/login' },
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
  { path: () => '/admin/queues', expect: adminOnly },
  { path: () => '/admin/page-views', expect: adminOnly },
  { path: () => '/admin/no-such-page', expect: 404 },
  { path: () => '/discord', expect: 302, location: () => '/support' },
  { path: () => '/v1/documentation', expect: 301 },
  { path: () => '/v1/all-access', expect: 301, location: () => '/all-access' },
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
  // The landing after paying: not ready yet sends whoever holds the hash back to wait.
  {
    path: () => `/thank-you/landing?checkout=${pending.hash}`,
    expect: 302,
    location: () => `/thank-you?checkout=${pending.hash}`,
  },
  { path: () => `/thank-you/landing?checkout=${'A'.repeat(32)}`, expect: 404 },
  { path: () => `/sandbox-checkout/${pending.transactionId}`, expect: 200 },
  { path: () => `/sandbox-checkout/txn_${'0'.repeat(26)}`, expect: 404 },
  // Checkout: anyone may open one for what they may buy; holders of all-access are sent back.
  {
    path: () => '/checkout/all-access',
    expect: checkoutFor((role) => (OWNS[role] === ALL ? 302 : 200)),
    location: () => '/all-access',
  },
  {
    path: () => '/checkout/ecommerce',
    expect: checkoutFor((role) => (OWNS[role].has('ecommerce') ? 302 : 200)),
    location: () => '/all-access',
  },
  { path: () => '/checkout/no-such-product', expect: checkoutFor(() => 404) },
  { path: () => '/checkout/marketing?license=team', expect: checkoutFor(() => 404) },
  // No receipt before the payment.
  { path: () => `/sandbox-receipts/${pending.transactionId}`, expect: 404 },
  // Static mounts: a missing file is a plain 404 for everyone, never a page.
  { path: () => '/build/assets/no-such-chunk.js', expect: 404 },
  { path: () => '/catalog/screenshots/no-such-screenshot.png', expect: 404 },
  { path: () => '/catalog/previews/00000000-0000-0000-0000-000000000000.html', expect: 404 },
  { path: () => '/images/catalog/no/such-image.svg', expect: 404 },
  // The previews' font: public, the same for every role.
  { path: () => '/catalog/fonts/inter-latin-wght-normal.woff2', expect: 200 },
  { path: () => '/catalog/fonts/no-such-font.woff2', expect: 404 },
  // The shadcn registry: the index is public; items want a token, never a session (the
  // token rows are in 'answers the registry for every role's token' below).
  { path: () => '/r/registry.json', expect: 200 },
  { path: () => '/r/registry.json?q=hero&limit=2', expect: 200 },
  { path: () => '/r/marketing-heroes-simple-centered.json', expect: 401 },
  { path: () => '/r/no-such-component.json', expect: 401 },
];

/** Bulk downloads (decision 016): the package's owners only; visitors to sign in. */
export const DOWNLOAD_ROWS: Row[] = [
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

/**
 * Digital goods (decision 046): the demo team's licence hands over the bundle's ebook here, so
 * its owner and member may download it; everyone else is refused, visitors sent to sign in.
 */
export const GOODS_ROWS: Row[] = [
  ...['design-ebook.pdf', 'design-ebook-videos.zip'].map((file) => ({
    path: () => `/digital-goods/design-ebook/${file}`,
    expect: (role: Role) => (role === 'visitor' ? 302 : IN_TEAM_A.has(role) ? 200 : 403),
    location: () => '/login',
  })),
  { path: () => '/digital-goods/design-ebook/README.md', expect: 404 },
  { path: () => '/digital-goods/design-ebook/..%2f..%2fpackage.json', expect: 404 },
  { path: () => '/digital-goods/design-%65book/design-ebook.pdf', expect: 404 },
  { path: () => '/digital-goods/design-ebook/design-ebook.pdf%00', expect: 422 },
];

/** Licence and team pages (issue 11): their own sweep, so each stays well inside its time. */
export const TEAM_GET_ROWS: Row[] = [
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

export type Method = 'post' | 'put' | 'patch' | 'delete';
export type WriteRow = {
  method: Method;
  path: string | (() => string);
  body: object;
  visitor: number;
};

/** The back office's state changes: every role but admin gets 404, with a token or without. */
export function backOfficeWrites(): WriteRow[] {
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
    // A job that never failed: the admin is told so, everyone else gets 404.
    { method: 'post', path: '/admin/queues/mail/jobs/1/retry', body: {}, visitor: 404 },
  ];
}

export const pathOf = (row: Pick<WriteRow, 'path'>) =>
  typeof row.path === 'function' ? row.path() : row.path;

export const teamA = () => `/teams/${teams.a.id}`;

/** State changes: without a token every one is refused; a visitor with a token is sent to sign in. */
export const WRITE_ROWS: {
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
  // Passkeys (decision 052): the signed-in user's own, each route its own row.
  {
    method: 'post',
    path: '/account-settings/passkeys/registration-options',
    body: {},
    visitor: 401,
  },
  {
    method: 'post',
    path: '/account-settings/passkeys',
    body: { name: 'Matrix', response: {} },
    visitor: 401,
  },
  {
    method: 'post',
    path: '/account-settings/passkeys/authentication-options',
    body: {},
    visitor: 401,
  },
  { method: 'put', path: '/account-settings/passkeys/1', body: { name: 'Matrix' }, visitor: 401 },
  {
    method: 'delete',
    path: '/account-settings/passkeys/1',
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
  // Your data (decision 060): the export and the account's deletion.
  { method: 'post', path: '/account-settings/data', body: {}, visitor: 401 },
  {
    method: 'post',
    path: '/account-settings/delete',
    body: { password: 'wrong-password-123' },
    visitor: 401,
  },
  // A copy of a component's code, recorded for 'Your updates' (decision 065).
  {
    method: 'post',
    path: '/your-updates/copies',
    body: { component: '00000000-0000-4000-8000-000000000000', version: 1 },
    visitor: 401,
  },
  // Its business address: the receipt's buyer or an operator only, never the link alone.
  {
    method: 'post',
    path: () => `/sandbox-receipts/${pending.transactionId}/business-address`,
    body: { business_address: 'Somewhere' },
    visitor: 401,
  },
  ...backOfficeWrites(),
];

/** State changes open to visitors too: still never without a token. */
export const PUBLIC_WRITE_ROWS: { method: Method; path: string | (() => string); body: object }[] =
  [
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
    { method: 'post', path: '/login/second-factor', body: { code: '000000' } },
    // A passkey instead of the code (decision 052): its options, then its answer.
    { method: 'post', path: '/login/second-factor/passkey-options', body: {} },
    { method: 'post', path: '/login/second-factor/passkey', body: { response: {} } },
    { method: 'put', path: '/snippet-language', body: { snippet_lang: 'vue' } },
    { method: 'put', path: '/preview-color-scheme', body: { preview_color_scheme: 'dark' } },
    { method: 'put', path: '/preview-width', body: { preview_width: 'md' } },
    { method: 'put', path: '/color-scheme', body: { color_scheme: 'dark' } },
    { method: 'post', path: '/logout', body: {} },
    { method: 'post', path: '/login', body: { email: DEMO_USERS.admin, password: DEMO_PASSWORD } },
    { method: 'post', path: '/password/email', body: { email: DEMO_USERS.admin } },
    {
      method: 'post',
      path: '/password/reset',
      body: { token: 'A'.repeat(43), email: DEMO_USERS.admin, password: 'taken-over-password' },
    },
    { method: 'post', path: '/newsletter', body: { email: 'someone@example.com' } },
  ];

/** A team or licence change with a token, per role (the owner acts last: ROLES order). */
export interface TeamWriteRow {
  method: Method;
  path: string;
  body: object;
  expect: (role: Role) => number;
  location?: (role: Role) => string;
}

/** Team and licence changes made with a valid token; `tokenA`/`tokenB` are the teams' links. */
export function teamWriteRows(tokenA: string, tokenB: string): TeamWriteRow[] {
  const owner =
    (ok: number, outsider = 404) =>
    (role: Role) =>
      role === 'visitor' ? 401 : role === 'owner' ? ok : role === 'member' ? 403 : outsider;
  // A team's members and roles are refused to an operator acting as anyone (decision 042).
  const people = (expect: (role: Role) => number) => (role: Role) =>
    role === 'impersonating' ? 403 : expect(role);
  // The owner acts last in every row (ROLES order), so a change it makes is the row's last.
  return [
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
      expect: people(owner(303)),
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
      expect: people(owner(303)),
    },
    { method: 'delete', path: `${teamA()}/invite-link`, body: {}, expect: owner(303) },
    {
      method: 'delete',
      path: `/teams/${teams.b.id}/invite-link`,
      body: {},
      expect: (role) => (role === 'visitor' ? 401 : role === 'otherOwner' ? 303 : 404),
    },
  ];
}

/**
 * Routes the matrix tests with rows of their own shape (a machine client's credential, a
 * beacon, a token's registry item): each names the test that holds its rows.
 */
export const DEDICATED_ROUTES: { method: Method | 'get'; path: string; test: string }[] = [
  { method: 'post', path: '/api/licenses/validate', test: 'the licence-key API' },
  { method: 'post', path: '/webhooks/paddle', test: 'the unsigned webhook' },
  { method: 'post', path: '/page-views', test: 'the page-view beacon' },
  { method: 'delete', path: '/impersonate', test: 'the back-office writes' },
  {
    method: 'get',
    path: '/catalog/templates/salient/salient.zip',
    test: 'nothing sold through the static mounts',
  },
];
