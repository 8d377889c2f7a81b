import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/sign-in.ts';
import { contains, INERTIA, testApp } from '../../../test/helpers.ts';
import { TEST_DATABASE } from '../../../test/services.ts';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from '../../db/seed.ts';
import { lazyCatalogue, type Catalogue } from './repository.ts';

type TestApp = Awaited<ReturnType<typeof testApp>>;
type Related = {
  name: string;
  url: string;
  product: string;
  category: string;
  subcategory: string;
  imageUrl: string | null;
};
type Component = {
  uuid: string;
  name: string;
  anchor: string;
  archived: boolean;
  related: Related[];
};

let app: TestApp;
let catalogue: Catalogue;

beforeAll(async () => {
  app = await testApp();
  await seedDemo(app.services.database, app.config);
  catalogue = lazyCatalogue(app.config.catalogDist)();
});

async function components(url: string, agent = request(app.app)): Promise<Component[]> {
  const page = await agent.get(url).set(INERTIA);
  expect(page.status, url).toBe(200);
  return page.body.props.subcategory.components as Component[];
}

describe(`related components on a component's view (${TEST_DATABASE})`, () => {
  it("carries each component's related ones for a visitor, and every link lands on a shown component", async () => {
    // Every subcategory page once: what a related link's page shows (without archived examples).
    const shown = new Map<string, Map<string, Component>>();
    for (const { subcategory } of catalogue.subcategories()) {
      const list = await components(subcategory.url);
      shown.set(subcategory.url, new Map(list.map((component) => [component.anchor, component])));
    }
    let withRelated = 0;
    let links = 0;
    for (const [url, byAnchor] of shown) {
      for (const component of byAnchor.values()) {
        expect(component.anchor).toMatch(/^component-[a-z0-9-]+$/);
        expect(component.related.length).toBeLessThanOrEqual(6);
        if (component.related.length > 0) withRelated++;
        for (const item of component.related) {
          links++;
          expect(Object.keys(item).sort()).toEqual(
            ['category', 'imageUrl', 'name', 'product', 'subcategory', 'url'].sort(),
          );
          const [path, anchor] = item.url.split('#') as [string, string];
          const target = shown.get(path)?.get(anchor);
          expect(target, `${component.name} → ${item.url}`).toBeDefined();
          expect(target!.name).toBe(item.name);
          expect(target!.archived).toBe(false);
          expect(`${path}#${anchor}`).not.toBe(`${url}#${component.anchor}`);
          // The card picture is a public file the subcategory's card already shows.
          if (item.imageUrl) {
            expect(item.imageUrl).toBe(`/catalog/screenshots/${target!.uuid}-card.png`);
          }
        }
      }
    }
    expect(withRelated).toBeGreaterThan(0);
    expect(links).toBeGreaterThan(0);
  });

  it('sends the related links with the version prefix on the legacy catalogue', async () => {
    const [first] = await components('/v1/components/marketing/sections/stats');
    expect(first!.related.length).toBeGreaterThan(0);
    for (const item of first!.related) expect(item.url).toMatch(/^\/v1\/components\//);
  });

  it('lists the same purpose in another package: Marketing stats lead to Application UI stats', async () => {
    const [first] = await components('/components/marketing/sections/stats');
    expect(first!.related[0]).toMatchObject({
      product: 'Application UI',
      subcategory: 'Stats',
      url: expect.stringMatching(/^\/components\/application-ui\/data-display\/stats#component-/),
    });
  });

  it('exposes nothing locked: no code, no preview document, only public pictures', async () => {
    const url = '/components/application-ui/navigation/command-palettes';
    const visitorPage = await request(app.app).get(url).set(INERTIA);
    const related = (visitorPage.body.props.subcategory.components as Component[]).flatMap(
      (component) => component.related,
    );
    expect(related.length).toBeGreaterThan(0);
    const json = JSON.stringify(related);
    expect(json).not.toMatch(/snippet|previewUrl|iframeHtml|\/catalog\/previews\/|<[a-z]/i);
    for (const item of related) {
      const target = catalogue.subcategory(item.url.split('#')[0]!)!;
      const component = target.subcategory.components.find(
        (candidate) => `component-${candidate.slug}` === item.url.split('#')[1],
      )!;
      for (const snippet of (await catalogue.code(component.uuid)).snippets) {
        const line = snippet.snippet.split('\n').find((text) => text.trim().length >= 60);
        if (line) expect(contains(json, line.trim())).toBe(false);
      }
      if (item.imageUrl) {
        const picture = await request(app.app).get(item.imageUrl);
        expect(picture.status).toBe(200);
        expect(picture.headers['content-type']).toBe('image/png');
      }
    }
  });

  it('gives an owner the same related links as a visitor: they are not gated', async () => {
    // The team owner holds Application UI: its command palettes come with code for them.
    const url = '/components/application-ui/navigation/command-palettes';
    const visitor = await components(url);
    const owner = await signIn(app.app, DEMO_USERS.teamOwner, DEMO_PASSWORD);
    const page = await owner.visit(url);
    const owned = page.body.props.subcategory.components as (Component & { viewType: string })[];
    expect(owned[0]!.viewType).toBe('downloadable');
    expect(owned.map((component) => component.related)).toEqual(
      visitor.map((component) => component.related),
    );
  });
});
