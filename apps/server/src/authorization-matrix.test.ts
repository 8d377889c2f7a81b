import { readFile } from 'node:fs/promises';
import type request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../test/browser.ts';
import { pageFromHtml, testApp } from '../test/helpers.ts';
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
  // Static mounts: a missing file is a plain 404 for everyone, never a page.
  { path: () => '/build/assets/no-such-chunk.js', expect: 404 },
  { path: () => '/catalog/screenshots/no-such-screenshot.png', expect: 404 },
  { path: () => '/catalog/previews/00000000-0000-0000-0000-000000000000.html', expect: 404 },
  { path: () => '/images/catalog/no/such-image.svg', expect: 404 },
];

const STATIC_MOUNTS = ['/build/', '/catalog/', '/images/catalog/'];

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
  if (STATIC_MOUNTS.some((mount) => path.startsWith(mount))) {
    expect(response.type, label).toBe('text/plain');
    expect(response.headers['x-inertia'], label).toBeUndefined();
    return;
  }
  const text = bodyText(response);
  const page =
    response.headers['x-inertia'] === 'true'
      ? (JSON.parse(text) as { component: string; props: { status: number } })
      : pageFromHtml(text);
  expect([page.component, page.props.status], label).toEqual(['ErrorPage', status]);
}

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
const PUBLIC_WRITE_ROWS: { method: 'post' | 'put'; path: string; body: object }[] = [
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
          const label = `${role} GET ${path}${inertia ? ' (Inertia)' : ''}`;
          expect(response.status, label).toBe(expected);
          if (expected >= 400) assertErrorAnswer(label, path, expected, response);
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
      for (const role of ROLES) {
        const agent = browsers.get(role)!.agent;
        const response = await agent[row.method](row.path).send(row.body);
        expect(response.status, `${role} ${row.method} ${row.path}`).toBe(419);
      }
    }
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
