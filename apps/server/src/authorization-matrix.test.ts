import { readFile } from 'node:fs/promises';
import type request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../test/browser.ts';
import { quoteFor } from '../test/payments.ts';
import { testApp } from '../test/helpers.ts';
import { TEST_DATABASE } from '../test/services.ts';
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
  {
    path: () => '/admin/page-views',
    expect: (role) => (role === 'admin' ? 200 : role === 'visitor' ? 302 : 403),
    location: () => '/login',
  },
  { path: () => '/discord', expect: 302, location: () => '/support' },
  { path: () => '/v1/documentation', expect: 301 },
  { path: () => '/healthz', expect: 200 },
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
  // No receipt before the payment.
  { path: () => `/sandbox-receipts/${pending.transactionId}`, expect: 404 },
];

/** State changes: without a token every one is refused; a visitor with a token is sent to sign in. */
const WRITE_ROWS: { method: 'post' | 'put'; path: string; body: object; visitor: number }[] = [
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
];

/** State changes open to visitors too: still never without a token. */
const PUBLIC_WRITE_ROWS: { method: 'post' | 'put'; path: string | (() => string); body: object }[] =
  [
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
    for (const row of [...WRITE_ROWS, ...PUBLIC_WRITE_ROWS]) {
      const path = typeof row.path === 'string' ? row.path : row.path();
      for (const role of ROLES) {
        const agent = browsers.get(role)!.agent;
        const response = await agent[row.method](path).send(row.body);
        expect(response.status, `${role} ${row.method} ${path}`).toBe(419);
      }
    }
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
      const response = await visitor.submit(row.method, row.path, row.body);
      expect(response.status, `${row.method} ${row.path}`).toBe(row.visitor);
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
