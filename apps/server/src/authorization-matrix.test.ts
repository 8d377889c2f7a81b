import { readFile } from 'node:fs/promises';
import type request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPurchase, createTeam, createWebhookEvent } from '../test/back-office.ts';
import { TestBrowser } from '../test/browser.ts';
import { testApp } from '../test/helpers.ts';
import { TEST_DATABASE } from '../test/services.ts';
import { createUser, uniqueEmail } from '../test/users.ts';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from './db/seed.ts';
import { lazyCatalogue, type Catalogue } from './modules/catalog/catalogue.ts';

/**
 * Every route × every role: the status each role gets, and that no response carries a byte of
 * something the role does not own (snippets, a PNG-only component's preview, a template archive).
 * A route added to the store gets its row here; a role added (team member, owner of another
 * team) gets its column.
 */

type TestApp = Awaited<ReturnType<typeof testApp>>;

const ROLES = ['visitor', 'customer', 'member', 'owner', 'admin'] as const;
type Role = (typeof ROLES)[number];

const EMAIL: Record<Exclude<Role, 'visitor'>, string> = {
  // Holds Marketing and Application UI; the Ecommerce licence was refunded.
  customer: DEMO_USERS.customer,
  // No licence of their own.
  member: DEMO_USERS.teamMember,
  // All-access.
  owner: DEMO_USERS.teamOwner,
  // An operator with no licence: being an admin gives no code.
  admin: DEMO_USERS.admin,
};

const OWNS: Record<Role, ReadonlySet<string>> = {
  visitor: new Set(),
  customer: new Set(['marketing', 'application-ui']),
  member: new Set(),
  owner: new Set(['marketing', 'application-ui', 'ecommerce', 'templates']),
  admin: new Set(),
};

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

function contains(body: string, text: string): boolean {
  const json = JSON.stringify(text).slice(1, -1);
  const html = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return [text, json, html, json.replace(/\//g, '\\/')].some((form) => body.includes(form));
}

beforeAll(async () => {
  app = await testApp();
  await seedDemo(app.services.database, app.config);
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
  const buyer = await createUser(app.services, uniqueEmail('matrix-buyer'), 'irrelevant-password');
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

  for (const role of ROLES) {
    const browser = new TestBrowser(app.app);
    if (role !== 'visitor') {
      const response = await browser.submit('post', '/login', {
        email: EMAIL[role],
        password: DEMO_PASSWORD,
      });
      expect([302, 303], `sign-in as ${role}`).toContain(response.status);
      expect(await browser.signedInAs()).toBe(EMAIL[role]);
    }
    browsers.set(role, browser);
  }
});

type Expect = number | ((role: Role) => number);
interface Row {
  path: () => string;
  expect: Expect;
  /** Where a redirect must lead, per role (only checked when the status is a redirect). */
  location?: (role: Role) => string | RegExp;
}

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
    expect: (role) => (role === 'owner' ? 200 : 302),
    location: (role) =>
      role === 'visitor' ? '/login' : `/templates/${catalogue.templates[0]!.slug}`,
  },
  {
    path: () => pngOnlyPreview,
    expect: (role) => (OWNS[role].has('application-ui') ? 200 : 403),
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
  // A made-up undo link: nobody's e-mail change, whoever asks.
  { path: () => `/account-settings/email/undo/${'A'.repeat(43)}`, expect: 404 },
  { path: () => '/no-such-page', expect: 404 },
];

type WriteRow = {
  method: 'post' | 'put' | 'delete';
  path: string | (() => string);
  body: object;
  visitor: number;
};

/** State changes: without a token every one is refused; a visitor with a token is sent to sign in. */
const WRITE_ROWS: WriteRow[] = [
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
  ...backOfficeWrites(),
];

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

/** State changes open to visitors too: still never without a token. */
const PUBLIC_WRITE_ROWS: Omit<WriteRow, 'visitor'>[] = [
  { method: 'put', path: '/snippet-language', body: { snippet_lang: 'vue' } },
  { method: 'put', path: '/preview-color-scheme', body: { preview_color_scheme: 'dark' } },
  { method: 'post', path: '/logout', body: {} },
  { method: 'post', path: '/login', body: { email: DEMO_USERS.admin, password: DEMO_PASSWORD } },
  { method: 'post', path: '/password/email', body: { email: DEMO_USERS.admin } },
  { method: 'post', path: '/newsletter', body: { email: 'someone@example.com' } },
];

function bodyText(response: request.Response): string {
  if (typeof response.text === 'string' && response.text.length > 0) return response.text;
  return Buffer.isBuffer(response.body) ? response.body.toString('latin1') : '';
}

function assertNothingSoldLeaks(role: Role, path: string, response: request.Response) {
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
    expect(raw.includes(Buffer.from('PK\x01\x02', 'latin1')), `${role} ${path} sends a zip`).toBe(
      false,
    );
  }
}

describe(`authorisation matrix (${TEST_DATABASE})`, () => {
  it('answers every page route for every role with its status, and leaks nothing sold', async () => {
    let tried = 0;
    for (const row of GET_ROWS) {
      for (const role of ROLES) {
        const path = row.path();
        const expected = typeof row.expect === 'number' ? row.expect : row.expect(role);
        // As a first visit (HTML) and as an in-app visit (Inertia JSON).
        for (const inertia of [false, true]) {
          const agent = browsers.get(role)!.agent;
          const call = agent.get(path).buffer(true);
          const response = inertia
            ? await call.set({ 'X-Inertia': 'true', 'X-Inertia-Version': '' })
            : await call;
          tried += 1;
          expect(response.status, `${role} GET ${path}${inertia ? ' (Inertia)' : ''}`).toBe(
            expected,
          );
          if (expected === 302 && row.location) {
            const where = row.location(role);
            expect(response.headers.location).toMatch(where);
          }
          assertNothingSoldLeaks(role, path, response);
        }
      }
    }
    expect(tried).toBe(GET_ROWS.length * ROLES.length * 2);
  });

  it('refuses every state change without a CSRF token, for every role, and changes nothing', async () => {
    const before = await backOfficeState();
    for (const row of [...WRITE_ROWS, ...PUBLIC_WRITE_ROWS]) {
      for (const role of ROLES) {
        const agent = browsers.get(role)!.agent;
        const path = pathOf(row);
        const response = await agent[row.method](path).send(row.body);
        expect(response.status, `${role} ${row.method} ${path}`).toBe(419);
      }
    }
    expect(await backOfficeState()).toEqual(before);
    for (const role of ROLES) {
      const who = await browsers.get(role)!.signedInAs();
      expect(who, role).toBe(role === 'visitor' ? null : EMAIL[role]);
    }
  });

  it('refuses a visitor with a valid token: no account to act on', async () => {
    for (const row of WRITE_ROWS) {
      const visitor = new TestBrowser(app.app);
      const path = pathOf(row);
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
