// Every component's versions on its page: reasons and dates for everyone, the code of a change
// (its diff) only for a viewer who owns the component; the changelog links what a release touched.
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/sign-in.ts';
import { INERTIA, testApp, testConfig } from '../../../test/helpers.ts';
import { TEST_DATABASE } from '../../../test/services.ts';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from '../../db/seed.ts';
import { loadCatalogue, type Catalogue } from './repository.ts';

type TestApp = Awaited<ReturnType<typeof testApp>>;
type Change = {
  version: number;
  date: string;
  reason: string;
  diffs: Array<{ language: string; patch: string | null }> | null;
};
type Component = { uuid: string; version: number; updatedOn: string; changes: Change[] };

let app: TestApp;
let catalogue: Catalogue;

beforeAll(async () => {
  catalogue = loadCatalogue(testConfig().catalogDist);
  app = await testApp({ catalogue: () => catalogue });
  await seedDemo(app.services.database, app.config);
});

/** A subcategory of `product` with a component changed since it was added, and that component. */
function changedComponent(product: string) {
  const place = catalogue
    .subcategories()
    .find(
      (candidate) =>
        candidate.product.slug === product &&
        candidate.subcategory.components.some(
          (component) => !component.archived && component.version > 1,
        ),
    )!;
  const component = place.subcategory.components.find(
    (candidate) => !candidate.archived && candidate.version > 1,
  )!;
  return { url: place.subcategory.url, component };
}

describe(`a component's history on its page (${TEST_DATABASE})`, () => {
  it("gives an owner each change's reason, date and diff in every language", async () => {
    const { url, component } = changedComponent('marketing');
    const owner = await signIn(app.app, DEMO_USERS.teamOwner, DEMO_PASSWORD);
    const page = (await owner.visit(url)).body;
    const shown = (page.props.subcategory.components as Component[]).find(
      (candidate) => candidate.uuid === component.uuid,
    )!;
    expect(shown.version).toBe(component.version);
    expect(shown.updatedOn).toBe(component.history.at(-1)!.date);
    expect(shown.changes.map((change) => change.version)).toEqual(
      component.history.map((entry) => entry.version).reverse(),
    );
    const newest = shown.changes[0]!;
    expect(newest.reason).toBe(component.history.at(-1)!.reason);
    expect(newest.diffs!.map((diff) => diff.language)).toEqual(['html', 'react', 'vue']);
    const html = newest.diffs!.find((diff) => diff.language === 'html')!.patch!;
    expect(html).toMatch(new RegExp(`^--- v${newest.version - 1}/`));
    expect(html).toMatch(/^@@ /m);
    expect(shown.changes.at(-1)).toMatchObject({ version: 1, diffs: [] });
  });

  it('gives a visitor and a customer without the package the reasons and dates, no code', async () => {
    // The demo customer's Ecommerce licence was refunded.
    const { url, component } = changedComponent('ecommerce');
    const customer = await signIn(app.app, DEMO_USERS.customer, DEMO_PASSWORD);
    const visitor = await request(app.app).get(url).set(INERTIA);
    const customerPage = await customer.visit(url);
    const code = await catalogue.history(component.uuid);
    const patch = code.changes.at(-1)!.diffs.find((diff) => diff.patch)!.patch!;
    // A line only the diff carries: the hunk header.
    const hunk = patch.split('\n').find((line) => line.startsWith('@@'))!;
    for (const response of [visitor, customerPage]) {
      const shown = (response.body.props.subcategory.components as Component[]).find(
        (candidate) => candidate.uuid === component.uuid,
      )!;
      expect(shown.changes.map((change) => [change.version, change.reason, change.diffs])).toEqual(
        component.history.map((entry) => [entry.version, entry.reason, null]).reverse(),
      );
      expect(response.text).not.toContain(hunk);
      expect(response.text).not.toContain('+++ v');
    }
  });
});

describe(`the changelog links what each release touched (${TEST_DATABASE})`, () => {
  it('lists the components a release added, each linked to its place', async () => {
    const response = await request(app.app).get('/changelog').set(INERTIA);
    const entries = response.body.props.entries as Array<{
      anchor: string;
      components: Array<{ name: string; url: string; change: string }>;
      release?: string;
    }>;
    const bento = entries.find((entry) => entry.anchor.startsWith('2026-11-23'))!;
    const added = catalogue
      .subcategories()
      .flatMap((place) =>
        place.subcategory.components
          .filter((component) => component.addedIn === '2026-11-23-bento-grids-and-page-headings')
          .map((component) => `${place.subcategory.url}#component-${component.uuid}`),
      );
    expect(added.length).toBeGreaterThan(0);
    expect(
      bento.components.filter((link) => link.change === 'added').map((link) => link.url),
    ).toEqual(added);
    expect(entries.every((entry) => entry.release === undefined)).toBe(true);
    // An old release that named no component links none.
    const catalyst = entries.find((entry) => entry.anchor.startsWith('2024-04-09'))!;
    expect(catalyst.components).toEqual([]);
  });
});
