// 'Your updates' (decision 065) against the real app and the real catalogue, on this file's
// engine: what a copy and a registry install record, who may record, what the database keeps
// (one row per user and component, the version never lowered), the component view's notice,
// the YourUpdates page, and the account's export and deletion.
import { COMPONENT_COPIES_PATH, YOUR_UPDATES_URL } from '@tessera/pages/constants';
import type { CatalogComponent, YourUpdatesPageData } from '@tessera/pages';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPurchase } from '../../../test/back-office.ts';
import type { TestBrowser } from '../../../test/browser.ts';
import { testApp } from '../../../test/helpers.ts';
import { TEST_DATABASE } from '../../../test/services.ts';
import { PASSWORD, signedInUser } from '../../../test/sign-in.ts';
import { listening } from '../../../test/teams.ts';
import { lazyCatalogue, type Catalogue, type ComponentPlace } from '../catalog/index.ts';
import { itemName } from '../registry/index.ts';
import { accessTokensRepository, newTokenSecret } from '../tokens/index.ts';
import { NOT_YOURS } from './routes.ts';

type TestApp = Awaited<ReturnType<typeof testApp>>;
let app: TestApp;
let catalogue: Catalogue;
/** A Marketing component changed at least once, and one of another package. */
let changed: ComponentPlace;
let unowned: ComponentPlace;
/** The app's clock (test/helpers.ts). */
const TODAY = '2025-06-15';

const db = () => app.services.database.db;

beforeAll(async () => {
  app = await testApp();
  catalogue = lazyCatalogue(app.config.catalogDist)();
  const places = catalogue
    .subcategories()
    .flatMap((place) => place.subcategory.components.map((component) => ({ ...place, component })));
  changed = places.find(
    (place) =>
      place.product.slug === 'marketing' &&
      place.component.version >= 2 &&
      !place.component.archived,
  )!;
  unowned = places.find((place) => place.product.slug === 'ecommerce')!;
  expect(changed, 'a Marketing component with two versions').toBeDefined();
});

async function marketingOwner(name = 'copier') {
  const user = await signedInUser(app.services, app.app, name);
  await createPurchase(db(), { userId: user.id, product: 'marketing', createdAt: Date.now() });
  return user;
}

/** The storefront's call: JSON, the CSRF token echoed from its cookie, no Inertia headers. */
function copy(browser: TestBrowser, body: unknown, { csrf = true } = {}) {
  const call = browser.agent
    .post(COMPONENT_COPIES_PATH)
    .set('Accept', 'application/json')
    .set('Content-Type', 'application/json');
  if (csrf) call.set('X-XSRF-TOKEN', browser.xsrf);
  return call.send(typeof body === 'string' ? body : JSON.stringify(body));
}

async function rows(userId: number) {
  return db()
    .selectFrom('components_taken')
    .select(['component_uuid', 'version', 'how', 'taken_at'])
    .where('user_id', '=', userId)
    .execute();
}

async function yourUpdates(browser: TestBrowser) {
  const page = await browser.visit(YOUR_UPDATES_URL);
  expect(page.status).toBe(200);
  expect(page.body.component).toBe('YourUpdates');
  const { updates, takenCount } = page.body.props as YourUpdatesPageData;
  return { updates, takenCount };
}

async function componentOnItsPage(browser: TestBrowser, place: ComponentPlace) {
  const page = await browser.visit(place.subcategory.url);
  const components = (page.body.props as { subcategory: { components: CatalogComponent[] } })
    .subcategory.components;
  return components.find((component) => component.uuid === place.component.uuid)!;
}

describe(`your updates (${TEST_DATABASE})`, () => {
  afterAll(async () => {
    await db().deleteFrom('components_taken').execute();
  });

  it('records the copy of an owned component with the version its page showed, once per component', async () => {
    const owner = await marketingOwner();
    const { uuid, version } = changed.component;
    await owner.browser.visit('/');
    const first = await copy(owner.browser, { component: uuid, version });
    expect(first.status).toBe(204);
    expect(await rows(owner.id)).toEqual([
      {
        component_uuid: uuid,
        version,
        how: 'copy',
        taken_at: Date.parse(`${TODAY}T12:00:00Z`),
      },
    ]);
    // A number above what this store serves is lowered to it: nothing claims an unserved version.
    expect((await copy(owner.browser, { component: uuid, version: version + 40 })).status).toBe(
      204,
    );
    // A page opened before the update showed the older code: an older number never lowers the row.
    expect((await copy(owner.browser, { component: uuid, version: 1 })).status).toBe(204);
    expect((await rows(owner.id)).map((row) => row.version)).toEqual([version]);
  });

  it('keeps an older version a stale page showed, and raises it when the current one is copied', async () => {
    const owner = await marketingOwner();
    const { uuid, version } = changed.component;
    await owner.browser.visit('/');
    expect((await copy(owner.browser, { component: uuid, version: 1 })).status).toBe(204);
    expect((await rows(owner.id))[0]).toMatchObject({ version: 1, how: 'copy' });
    expect((await copy(owner.browser, { component: uuid, version })).status).toBe(204);
    expect((await rows(owner.id))[0]).toMatchObject({ version, how: 'copy' });
  });

  it('refuses visitors, non-owners and unknown components, and records nothing', async () => {
    const owner = await marketingOwner();
    const visitor = request(app.app)
      .post(COMPONENT_COPIES_PATH)
      .set('Accept', 'application/json')
      .send({ component: changed.component.uuid, version: 1 });
    // A visitor has no session, so no CSRF token: refused before anything else.
    expect([401, 419]).toContain((await visitor).status);
    await owner.browser.visit('/');
    const notOwned = await copy(owner.browser, { component: unowned.component.uuid, version: 1 });
    expect(notOwned.status).toBe(403);
    expect(notOwned.body.message).toBe(NOT_YOURS);
    const unknown = await copy(owner.browser, {
      component: '00000000-0000-4000-8000-000000000000',
      version: 1,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.type).toBe('application/json');
    expect(await rows(owner.id)).toEqual([]);
    const total = await db().selectFrom('components_taken').select('user_id').execute();
    expect(total.some((row) => row.user_id === owner.id)).toBe(false);
  });

  it('answers odd ids and bodies with 422 (or 413 when huge), and records nothing', async () => {
    const owner = await marketingOwner();
    await owner.browser.visit('/');
    const { uuid } = changed.component;
    const odd: unknown[] = [
      { component: uuid.toUpperCase(), version: 1 },
      { component: encodeURIComponent(uuid).replace(/-/g, '%2D'), version: 1 },
      { component: `${uuid}\u0000`, version: 1 },
      { component: `${uuid.slice(0, 35)}\u0000`, version: 1 },
      { component: `../${uuid}`, version: 1 },
      { component: uuid, version: '2' },
      { component: uuid, version: 1.5 },
      { component: uuid, version: 0 },
      { component: uuid, version: -1 },
      { component: uuid, version: 1e308 },
      { component: uuid },
      { component: [uuid], version: 1 },
      { component: { $ne: null }, version: 1 },
      {},
      [],
      { component: 'a'.repeat(90_000), version: 1 },
    ];
    for (const body of odd) {
      const response = await copy(owner.browser, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(422);
    }
    // Not an object at all: the JSON parser's strict mode refuses it before any route.
    expect((await copy(owner.browser, 'null')).status).toBe(400);
    const huge = await copy(owner.browser, { component: 'a'.repeat(200_000), version: 1 });
    expect(huge.status).toBe(413);
    expect(await rows(owner.id)).toEqual([]);
  });

  it('refuses a copy without its CSRF token, and records nothing', async () => {
    const owner = await marketingOwner();
    await owner.browser.visit('/');
    const response = await copy(
      owner.browser,
      { component: changed.component.uuid, version: 1 },
      { csrf: false },
    );
    expect(response.status).toBe(419);
    expect(await rows(owner.id)).toEqual([]);
  });

  it('limits the copies recorded per user, with a Retry-After', async () => {
    const owner = await marketingOwner();
    await owner.browser.visit('/');
    const body = { component: changed.component.uuid, version: changed.component.version };
    try {
      for (let i = 0; i < 120; i += 1) {
        expect((await copy(owner.browser, body)).status).toBe(204);
      }
      const limited = await copy(owner.browser, body);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Someone else's budget is their own.
      const other = await marketingOwner('other-copier');
      await other.browser.visit('/');
      expect((await copy(other.browser, body)).status).toBe(204);
    } finally {
      await app.services.limiters.componentCopies.reset(String(owner.id));
    }
    expect(await rows(owner.id)).toHaveLength(1);
  });

  it('leaves one row when the same component is copied many times at once', async () => {
    const server = await listening(app.app);
    try {
      const owner = await signedInUserAt(server.url);
      const body = { component: changed.component.uuid, version: changed.component.version };
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          copy(owner.browser, i % 2 ? body : { ...body, version: 1 }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(204));
      const kept = await rows(owner.id);
      expect(kept).toHaveLength(1);
      // Whatever the order they ran in, the older number never won over the newer one.
      expect(kept[0]!.version).toBe(changed.component.version);
    } finally {
      await server.close();
    }
  });

  it('records an install when the registry serves an item’s code to a token, not the index or a refusal', async () => {
    const owner = await marketingOwner('installer');
    const secret = newTokenSecret();
    await accessTokensRepository(db()).insert({
      userId: owner.id,
      name: 'laptop',
      hash: secret.hash,
      prefix: secret.prefix,
      createdAt: Date.parse('2025-06-01T00:00:00Z'),
      expiresAt: null,
    });
    const get = (path: string) =>
      request(app.app).get(path).set('Authorization', `Bearer ${secret.secret}`);
    expect((await get('/r/registry.json')).status).toBe(200);
    const refused = await get(`/r/${itemName(unowned)}.json`);
    expect(refused.status).toBe(403);
    expect(await rows(owner.id)).toEqual([]);
    const item = await get(`/r/${itemName(changed)}.json`);
    expect(item.status).toBe(200);
    await expect
      .poll(() => rows(owner.id))
      .toEqual([
        {
          component_uuid: changed.component.uuid,
          version: changed.component.version,
          how: 'install',
          taken_at: Date.parse(`${TODAY}T12:00:00Z`),
        },
      ]);
  });

  it('says on the component and on Your updates what changed since it was taken', async () => {
    const owner = await marketingOwner('reader');
    // Nothing taken yet: nothing to say.
    expect(await yourUpdates(owner.browser)).toEqual({ updates: [], takenCount: 0 });
    expect((await componentOnItsPage(owner.browser, changed)).taken).toBeUndefined();
    // Copied as it is now: up to date.
    const { uuid, version } = changed.component;
    expect((await copy(owner.browser, { component: uuid, version })).status).toBe(204);
    expect(await yourUpdates(owner.browser)).toEqual({ updates: [], takenCount: 1 });
    expect((await componentOnItsPage(owner.browser, changed)).taken).toEqual({
      version,
      on: TODAY,
      how: 'copy',
    });
    // As if the store had changed it since: the customer took version 1 long ago.
    await db()
      .updateTable('components_taken')
      .set({ version: 1, taken_at: Date.parse('2024-01-02T08:00:00Z') })
      .where('user_id', '=', owner.id)
      .execute();
    expect((await componentOnItsPage(owner.browser, changed)).taken).toEqual({
      version: 1,
      on: '2024-01-02',
      how: 'copy',
    });
    const page = await yourUpdates(owner.browser);
    expect(page.takenCount).toBe(1);
    expect(page.updates).toHaveLength(1);
    const [update] = page.updates;
    expect(update).toMatchObject({
      uuid,
      name: changed.component.name,
      category: `${changed.product.name} · ${changed.subcategory.name}`,
      url: expect.stringMatching(new RegExp(`^${changed.subcategory.url}#component-`)),
      taken: { version: 1, on: '2024-01-02', how: 'copy' },
      version,
      updatedOn: changed.component.updatedOn,
    });
    expect(update!.changes.map((change) => change.version)).toEqual(
      changed.component.history
        .filter((entry) => entry.version > 1)
        .map((entry) => entry.version)
        .reverse(),
    );
    expect(update!.changes[0]!.reason).toBe(changed.component.history.at(-1)!.reason);
    // The page lists public reasons, never code.
    expect(JSON.stringify(page)).not.toContain('"diffs"');
  });

  it('shows nothing taken to a viewer who no longer owns the component', async () => {
    const stranger = await signedInUser(app.services, app.app, 'stranger');
    await db()
      .insertInto('components_taken')
      .values({
        user_id: stranger.id,
        component_uuid: changed.component.uuid,
        version: 1,
        how: 'install',
        taken_at: Date.parse('2024-01-02T08:00:00Z'),
      })
      .execute();
    const view = await componentOnItsPage(stranger.browser, changed);
    expect(view.viewType).not.toBe('downloadable');
    expect(view.taken).toBeUndefined();
  });

  it('sends a visitor to sign in from Your updates', async () => {
    const response = await request(app.app).get(YOUR_UPDATES_URL);
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe('/login');
  });

  it('puts what was taken in the data export, and deletes it with the account', async () => {
    const owner = await marketingOwner('leaving');
    const { uuid, version } = changed.component;
    expect((await copy(owner.browser, { component: uuid, version })).status).toBe(204);
    const exported = await owner.browser.submit('post', '/account-settings/data');
    expect(exported.status).toBe(200);
    const data = JSON.parse(exported.text) as { componentsTaken: unknown[] };
    expect(data.componentsTaken).toEqual([
      { component: uuid, version, how: 'copy', taken_at: `${TODAY}T12:00:00.000Z` },
    ]);
    const deleted = await owner.browser.submit('post', '/account-settings/delete', {
      password: PASSWORD,
    });
    expect(deleted.status).toBe(302);
    expect(await rows(owner.id)).toEqual([]);
  });
});

/** A Marketing owner signed in on a listening server (requests truly in parallel). */
async function signedInUserAt(url: string) {
  const user = await signedInUser(app.services, url, 'at-once');
  await createPurchase(db(), { userId: user.id, product: 'marketing', createdAt: Date.now() });
  await user.browser.visit('/');
  return user;
}
