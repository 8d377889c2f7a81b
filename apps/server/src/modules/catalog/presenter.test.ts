import { NEW_BADGE_DAYS } from '@tessera/pages/constants';
import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/helpers.ts';
import { entitlementsFrom, NO_ENTITLEMENTS } from '../licensing/index.ts';
import {
  currentComponentCount,
  homeCatalogue,
  isNewOn,
  isPngOnly,
  mayPreview,
  presentComponent,
  presentFeaturedProducts,
  presentPlayground,
  presentSections,
  presentSubcategory,
  presentSubcategorySummary,
  presentTemplate,
  previewUrl,
  releaseComponents,
  versionPrefixOf,
  viewTypeFor,
} from './presenter.ts';
import { loadCatalogue, type SubcategoryPlace } from './repository.ts';

// Every decision about code and previews, made from the viewer's entitlements over the built
// catalogue (decision 004), without the app: what an owner gets, what anyone else never does.
const catalogue = loadCatalogue(testConfig().catalogDist);
const places = catalogue.subcategories();
const marketing = entitlementsFrom(['marketing']);
const allAccess = entitlementsFrom(['all-access']);

const staticPlace = places.find((place) => !isPngOnly(place.subcategory))!;
const scriptedPlace = places.find((place) => isPngOnly(place.subcategory))!;
/** A component changed since its first version, with the place it lives in. */
const changed = places
  .flatMap((place) => place.subcategory.components.map((component) => ({ place, component })))
  .find(({ component }) => component.history.some((entry) => entry.version > 1))!;
const archivedPlace = places.find((place) => place.subcategory.hasArchived)!;

describe('what a viewer may see', () => {
  it('an owner gets the code; anyone else a live preview of static HTML, a picture of scripts', () => {
    const scriptedOwner = entitlementsFrom([scriptedPlace.product.slug]);
    expect(viewTypeFor(scriptedPlace, scriptedOwner)).toBe('downloadable');
    expect(viewTypeFor(scriptedPlace, allAccess)).toBe('downloadable');
    expect(viewTypeFor(scriptedPlace, NO_ENTITLEMENTS)).toBe('pngPreview');
    expect(mayPreview(scriptedPlace, NO_ENTITLEMENTS)).toBe(false);
    expect(mayPreview(scriptedPlace, scriptedOwner)).toBe(true);
    const stranger = entitlementsFrom(['some-other-package']);
    expect(viewTypeFor(staticPlace, stranger)).toBe('htmlPreview');
    expect(mayPreview(staticPlace, stranger)).toBe(true);
  });

  it('a subcategory is PNG-only as soon as one component needs JavaScript', () => {
    const [first, ...rest] = staticPlace.subcategory.components;
    const mixed = {
      ...staticPlace.subcategory,
      components: [{ ...first!, requiresJavaScript: true }, ...rest],
    };
    expect(isPngOnly(staticPlace.subcategory)).toBe(false);
    expect(isPngOnly(mixed)).toBe(true);
  });

  it('gives an owner the snippets and the diffs of each change; anyone else neither', async () => {
    const { place, component } = changed;
    const owner = entitlementsFrom([place.product.slug]);
    const owned = await presentComponent(catalogue, place, component, owner);
    expect(owned.viewType).toBe('downloadable');
    expect(owned.snippets.length).toBeGreaterThan(0);
    expect(owned.previewUrl).toBe(previewUrl(catalogue, component.uuid));
    // Newest first; the first version has no diff, a later one has its own.
    expect(owned.changes!.map((change) => change.version)).toEqual(
      component.history.map((entry) => entry.version).reverse(),
    );
    expect(owned.changes!.at(-1)).toMatchObject({ version: 1, diffs: [] });
    const later = owned.changes!.find((change) => change.version > 1)!;
    const history = await catalogue.history(component.uuid);
    expect(later.diffs).toEqual(
      history.changes.find((change) => change.version === later.version)!.diffs,
    );
    expect(later.diffs!.length).toBeGreaterThan(0);

    const shown = await presentComponent(catalogue, place, component, NO_ENTITLEMENTS);
    expect(shown.snippets).toEqual([]);
    expect(shown.changes!.every((change) => change.diffs === null)).toBe(true);
    expect(shown.changes!.map(({ version, date, reason }) => ({ version, date, reason }))).toEqual(
      owned.changes!.map(({ version, date, reason }) => ({ version, date, reason })),
    );
  });

  it('gives each change its own diffs, and none to a version the history file does not hold', async () => {
    const { place, component } = changed;
    const entry = component.history[0]!;
    const three = {
      ...component,
      history: [1, 2, 3, 4].map((version) => ({ ...entry, version })),
    };
    const diff = (text: string) => [{ path: 'x.html', lines: [text] }] as never;
    const histories = {
      ...catalogue,
      history: async () => ({
        changes: [
          { version: 2, diffs: diff('two') },
          { version: 3, diffs: diff('three') },
        ],
      }),
    } as unknown as typeof catalogue;
    const owner = entitlementsFrom([place.product.slug]);
    const shown = await presentComponent(histories, place, three, owner);
    expect(shown.changes!.map((change) => [change.version, change.diffs])).toEqual([
      [4, []],
      [3, diff('three')],
      [2, diff('two')],
      [1, []],
    ]);
  });

  it('a picture-only viewer gets no preview address; sizes default when the build gave none', async () => {
    const component = scriptedPlace.subcategory.components[0]!;
    const shown = await presentComponent(catalogue, scriptedPlace, component, NO_ENTITLEMENTS);
    expect(shown).toMatchObject({ viewType: 'pngPreview', previewUrl: null, snippets: [] });
    const bare = {
      ...component,
      smallWidth: undefined,
      smallHeight: undefined,
      largeWidth: undefined,
      largeHeight: undefined,
      previewHeights: undefined,
    } as unknown as typeof component;
    expect(await presentComponent(catalogue, scriptedPlace, bare, NO_ENTITLEMENTS)).toMatchObject({
      smallWidth: 375,
      smallHeight: 0,
      largeWidth: 1280,
      largeHeight: 0,
      previewHeights: null,
    });
    expect(previewUrl(catalogue, 'abc')).toBe(
      `/catalog/previews/abc.html?v=${catalogue.version.slice(0, 12)}`,
    );
  });
});

describe('pages of the catalogue', () => {
  it('a subcategory page hides archived examples unless asked, under the version prefix', async () => {
    const current = archivedPlace.subcategory.components.filter((component) => !component.archived);
    const page = await presentSubcategory(catalogue, archivedPlace, marketing, {
      prefix: '/v1',
      includeArchived: false,
    });
    expect(page.components.map((component) => component.uuid)).toEqual(
      current.map((component) => component.uuid),
    );
    expect(page.showingArchived).toBe(false);
    expect(page.url).toBe(`/v1${archivedPlace.subcategory.url}`);
    expect(page.category).toEqual({
      name: archivedPlace.category.name,
      url: `/v1/components#product-${archivedPlace.product.slug}`,
      product: {
        name: archivedPlace.product.name,
        url: `/v1/components#product-${archivedPlace.product.slug}`,
      },
    });
    expect(page.components[0]!.anchor).toBe(`component-${current[0]!.slug}`);
    const all = await presentSubcategory(catalogue, archivedPlace, marketing, {
      prefix: '',
      includeArchived: true,
    });
    expect(all.components).toHaveLength(archivedPlace.subcategory.components.length);
    expect(all.showingArchived).toBe(true);
    // Asking for archived examples where there are none shows the current ones only.
    const plain = await presentSubcategory(catalogue, staticPlace, marketing, {
      prefix: '',
      includeArchived: true,
    });
    expect(plain.showingArchived).toBe(staticPlace.subcategory.hasArchived);
  });

  it('related components are links under the prefix, with nothing gated', async () => {
    const withRelated = places.find((place) =>
      place.subcategory.components.some((component) => catalogue.related(component.uuid).length),
    )!;
    const page = await presentSubcategory(catalogue, withRelated, NO_ENTITLEMENTS, {
      prefix: '/v1',
      includeArchived: false,
    });
    const related = page.components.flatMap((component) => component.related ?? []);
    expect(related.length).toBeGreaterThan(0);
    for (const link of related) {
      expect(Object.keys(link).sort()).toEqual(
        ['category', 'imageUrl', 'name', 'product', 'subcategory', 'url'].sort(),
      );
      expect(link.url.startsWith('/v1/components/')).toBe(true);
    }
  });

  it('the playground shows previews only: never snippets or the code of a change, even to an owner', async () => {
    const shown = await presentPlayground(catalogue, allAccess);
    expect(shown).toHaveLength(
      places.filter((place) => place.subcategory.components.some((c) => !c.archived)).length,
    );
    for (const component of shown) {
      expect(component.snippets).toEqual([]);
      expect(component.changes!.every((change) => change.diffs === null)).toBe(true);
      expect(component.archived).toBe(false);
      expect(component.product.url).toMatch(/^\/components#product-/);
    }
    const first = places[0]!;
    expect(shown[0]).toMatchObject({
      product: { name: first.product.name, url: `/components#product-${first.product.slug}` },
      category: { name: first.category.name, url: `/components#product-${first.product.slug}` },
      subcategory: { name: first.subcategory.name, url: first.subcategory.url },
    });
    const retired = {
      ...first,
      subcategory: {
        ...first.subcategory,
        components: first.subcategory.components.map((c) => ({ ...c, archived: true })),
      },
    };
    expect(
      await presentPlayground({ ...catalogue, subcategories: () => [retired] }, allAccess),
    ).toEqual([]);
  });

  it('cards: locked only for a picture-only viewer, the thumbnail or else the first screenshot', () => {
    const summary = (place: SubcategoryPlace, viewer = NO_ENTITLEMENTS) =>
      presentSubcategorySummary(place, viewer, '/v1');
    expect(summary(scriptedPlace).isLocked).toBe(true);
    expect(summary(scriptedPlace, allAccess).isLocked).toBe(false);
    expect(summary(staticPlace).isLocked).toBe(false);
    expect(summary(staticPlace).url).toBe(`/v1${staticPlace.subcategory.url}`);
    const noThumbnail = {
      ...staticPlace,
      subcategory: { ...staticPlace.subcategory, thumbnailUrl: null },
    };
    expect(summary(noThumbnail).imageUrl).toBe(
      staticPlace.subcategory.components[0]!.smallScreenshotUrl,
    );
    const empty = { ...staticPlace, subcategory: { ...noThumbnail.subcategory, components: [] } };
    expect(summary(empty).imageUrl).toBe('');
    const recent = new Date(Date.now() - (NEW_BADGE_DAYS - 1) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const fresh = {
      ...staticPlace,
      subcategory: { ...staticPlace.subcategory, lastAddedOn: recent },
    };
    expect(summary(fresh).isNew).toBe(true);
  });

  it('the Components page and Home list every product, Home six subcategories each with the real count', () => {
    const sections = presentSections(catalogue, NO_ENTITLEMENTS, '');
    expect(sections.map((section) => section.anchor)).toEqual(
      catalogue.products.map((product) => `product-${product.slug}`),
    );
    expect(sections.flatMap((s) => s.categories.flatMap((c) => c.subcategories))).toEqual(
      places.map((place) => presentSubcategorySummary(place, NO_ENTITLEMENTS, '')),
    );
    const featured = presentFeaturedProducts(catalogue, NO_ENTITLEMENTS);
    for (const [index, product] of catalogue.products.entries()) {
      const own = places.filter((place) => place.product.slug === product.slug);
      expect(featured[index]!.subcategories).toEqual(
        own.slice(0, 6).map((place) => presentSubcategorySummary(place, NO_ENTITLEMENTS, '')),
      );
      expect(featured[index]!.componentCount).toBe(
        own.reduce((sum, place) => sum + place.subcategory.componentCount, 0),
      );
    }
    expect(presentFeaturedProducts(catalogue, NO_ENTITLEMENTS, 2)[0]!.subcategories).toHaveLength(
      2,
    );
  });

  it('the home page gets this viewer’s featured packages, the templates and the current count', async () => {
    const home = await homeCatalogue(() => catalogue)({
      entitlements: async () => allAccess,
    } as unknown as Request);
    expect(home.featuredProducts).toEqual(presentFeaturedProducts(catalogue, allAccess));
    expect(home.templates.map((template) => template.slug)).toEqual(
      catalogue.templates.map((template) => template.slug),
    );
    expect(home.componentCount).toBe(currentComponentCount(catalogue));
  });

  it('counts only current components', () => {
    const all = places.flatMap((place) => place.subcategory.components);
    expect(currentComponentCount(catalogue)).toBe(all.filter((c) => !c.archived).length);
    expect(currentComponentCount(catalogue)).toBeLessThan(all.length);
  });
});

describe('templates', () => {
  const template = catalogue.templates[0]!;
  it('links the download only for an owner, the checkout only with a price', () => {
    const price = { amount: 9900, currency: 'USD' } as never;
    const owned = presentTemplate(template, entitlementsFrom([template.slug]), null);
    expect(owned).toMatchObject({
      isLicensed: true,
      downloadUrl: `/templates/${template.slug}/download`,
      checkoutUrl: null,
      url: `/templates/${template.slug}`,
    });
    const forSale = presentTemplate(template, NO_ENTITLEMENTS, price);
    expect(forSale).toMatchObject({ isLicensed: false, downloadUrl: null, price });
    expect(forSale.checkoutUrl).toContain(template.slug);
    expect(presentTemplate(template, allAccess, price).downloadUrl).not.toBeNull();
    expect(owned.images).toEqual([
      { url: template.bannerUrl, alt: `${template.name}: the demo's first screen` },
      { url: template.imageUrl, alt: `${template.name}: the demo at a glance` },
    ]);
  });
});

describe('the changelog’s components', () => {
  it('names each release’s added and changed components, archived ones with their address', () => {
    const byRelease = releaseComponents(catalogue);
    expect(releaseComponents(catalogue)).toBe(byRelease);
    const added = places
      .flatMap((place) => place.subcategory.components.map((component) => ({ place, component })))
      .find(({ component }) => component.addedIn)!;
    expect(byRelease.get(added.component.addedIn!)).toContainEqual({
      name: added.component.name,
      subcategory: added.place.subcategory.name,
      url: `${added.place.subcategory.url}#component-${added.component.uuid}`,
      change: 'added',
      reason: null,
    });

    // One component archived and changed by a later release (the catalogue has no such change yet).
    const { place, component } = changed;
    const history = [
      { ...component.history[0]!, version: 1, release: 'Spring' },
      { ...component.history[0]!, version: 2, release: 'Summer', reason: 'Sharper focus ring.' },
    ];
    const edited = { ...component, archived: true, addedIn: 'Spring', history };
    const untracked = { ...component, uuid: 'no-release', addedIn: null, history: [history[0]!] };
    const subcategory = { ...place.subcategory, components: [edited, untracked] };
    const other = { ...catalogue, subcategories: () => [{ ...place, subcategory }] };
    const links = releaseComponents(other);
    const url = `${place.subcategory.url}?include=archived#component-${component.uuid}`;
    const base = { name: component.name, subcategory: place.subcategory.name, url };
    expect(links.get('Spring')).toEqual([{ ...base, change: 'added', reason: null }]);
    expect(links.get('Summer')).toEqual([
      { ...base, change: 'changed', reason: 'Sharper focus ring.' },
    ]);
    expect([...links.keys()].sort()).toEqual(['Spring', 'Summer']);
  });
});

describe('small rules', () => {
  it('the legacy catalogue is /v1 and what is under it, nothing else', () => {
    expect(versionPrefixOf('/v1')).toBe('/v1');
    expect(versionPrefixOf('/v1/components')).toBe('/v1');
    expect(versionPrefixOf('/v10/components')).toBe('');
    expect(versionPrefixOf('/components/v1')).toBe('');
  });

  it('is new on its release day and the days after, from the real clock by default', () => {
    const today = new Date().toISOString().slice(0, 10);
    expect(isNewOn(today)).toBe(true);
    expect(isNewOn('2000-01-01')).toBe(false);
    expect(isNewOn('2026-02-30', new Date('2026-03-01T00:00:00Z'))).toBe(false);
  });

  it('is new from the first millisecond of its day through the last of its last day', () => {
    const start = Date.parse('2026-05-10T00:00:00Z');
    const end = start + (NEW_BADGE_DAYS + 1) * 86_400_000;
    expect(isNewOn('2026-05-10', new Date(start))).toBe(true);
    expect(isNewOn('2026-05-10', new Date(start - 1))).toBe(false);
    expect(isNewOn('2026-05-10', new Date(end - 1))).toBe(true);
    expect(isNewOn('2026-05-10', new Date(end))).toBe(false);
    // Only a bare date is one; a date that reads as none is never new.
    for (const value of [
      'x2026-05-10',
      '2026-05-10x',
      '2026-05-10T00:00',
      '2026-99-99',
      '',
      null,
    ]) {
      expect(isNewOn(value, new Date(start)), String(value)).toBe(false);
    }
  });
});
