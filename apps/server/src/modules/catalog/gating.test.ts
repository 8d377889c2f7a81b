// A subcategory is PNG-only for a non-owner as soon as one of its components needs JavaScript:
// that script is code we sell, and the static components beside it are shown the same way.
// The real catalogue keeps scripted components in subcategories of their own, so this builds a
// catalogue from it where one subcategory mixes both.
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogJson } from '@tessera/catalog/catalogue';
import { signIn } from '../../../test/sign-in.ts';
import { INERTIA, testApp, testConfig } from '../../../test/helpers.ts';
import { TEST_DATABASE } from '../../../test/services.ts';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from '../../db/seed.ts';
import { loadCatalogue, type Catalogue } from './repository.ts';
import { isPngOnly } from './presenter.ts';

type TestApp = Awaited<ReturnType<typeof testApp>>;
type Component = { uuid: string; viewType: string; previewUrl: string | null };

const MIXED = '/components/ecommerce/components/reviews';
let fixtureDir: string;
let app: TestApp;
let catalogue: Catalogue;

beforeAll(async () => {
  const dist = path.resolve(testConfig().catalogDist);
  fixtureDir = mkdtempSync(path.join(tmpdir(), 'tessera-mixed-catalogue-'));
  const catalog = JSON.parse(readFileSync(path.join(dist, 'catalog.json'), 'utf8')) as CatalogJson;
  const subcategories = catalog.products.flatMap((product) =>
    product.categories.flatMap((category) => category.subcategories),
  );
  // An interactive command palette moves into Ecommerce's reviews, after its static components.
  const palettes = subcategories.find((subcategory) =>
    subcategory.url.endsWith('/command-palettes'),
  )!;
  const reviews = subcategories.find((subcategory) => subcategory.url === MIXED)!;
  const scripted = palettes.components.shift()!;
  reviews.components.push(scripted);
  writeFileSync(path.join(fixtureDir, 'catalog.json'), JSON.stringify(catalog));
  for (const file of ['content.json', 'related.json']) {
    cpSync(path.join(dist, file), path.join(fixtureDir, file));
  }
  for (const dir of ['code', 'history', 'previews', 'screenshots', 'images', 'templates']) {
    symlinkSync(path.join(dist, dir), path.join(fixtureDir, dir));
  }

  catalogue = loadCatalogue(fixtureDir);
  app = await testApp({ catalogue: () => catalogue });
  await seedDemo(app.services.database, app.config);
});

afterAll(() => {
  if (fixtureDir) rmSync(fixtureDir, { recursive: true, force: true });
});

describe(`a subcategory mixing static and interactive components (${TEST_DATABASE})`, () => {
  it('is PNG-only for everyone who does not own it, static components included', async () => {
    const { subcategory } = catalogue.subcategory(MIXED)!;
    const scripted = subcategory.components.filter((component) => component.requiresJavaScript);
    const statics = subcategory.components.filter((component) => !component.requiresJavaScript);
    expect(scripted).toHaveLength(1);
    expect(statics.length).toBeGreaterThan(0);
    expect(isPngOnly(subcategory)).toBe(true);

    // A visitor, and a customer whose Ecommerce licence was refunded.
    const customer = await signIn(app.app, DEMO_USERS.customer, DEMO_PASSWORD);
    const views = [
      (await request(app.app).get(`${MIXED}?include=archived`).set(INERTIA)).body,
      (await customer.visit(`${MIXED}?include=archived`)).body,
    ];
    for (const page of views) {
      const components = page.props.subcategory.components as Component[];
      expect(components.map((component) => component.uuid)).toEqual(
        subcategory.components.map((component) => component.uuid),
      );
      for (const component of components) {
        expect(component).toMatchObject({ viewType: 'pngPreview', previewUrl: null });
      }
    }
    for (const component of statics) {
      const url = `/catalog/previews/${component.uuid}.html`;
      expect((await request(app.app).get(url)).status, component.name).toBe(403);
      expect((await customer.agent.get(url)).status, component.name).toBe(403);
    }
    const cards = (await request(app.app).get('/components').set(INERTIA)).body.props.sections
      .flatMap((section: { categories: { subcategories: unknown[] }[] }) => section.categories)
      .flatMap((category: { subcategories: unknown[] }) => category.subcategories) as {
      url: string;
      isLocked: boolean;
    }[];
    expect(cards.find((card) => card.url === MIXED)!.isLocked).toBe(true);

    // All-access owns it: code and live previews of every component.
    const owner = await signIn(app.app, DEMO_USERS.teamOwner, DEMO_PASSWORD);
    const owned = (await owner.visit(MIXED)).body.props.subcategory.components as Component[];
    expect(owned.every((component) => component.viewType === 'downloadable')).toBe(true);
    expect((await owner.agent.get(`/catalog/previews/${statics[0]!.uuid}.html`)).status).toBe(200);
  });
});
