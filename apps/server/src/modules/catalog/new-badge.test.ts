// Issue 14 #5: "New" means added by a changelog release in the last NEW_BADGE_DAYS days
// (docs/decisions/017-previews-and-new.md), not a flag every subcategory carried.
import request from 'supertest';
import { NEW_BADGE_DAYS } from '@tessera/pages/constants';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { INERTIA, testApp } from '../../../test/helpers.ts';
import { TEST_DATABASE } from '../../../test/services.ts';
import { lazyCatalogue, type Catalogue } from './repository.ts';
import { isNewOn } from './presenter.ts';

let app: Awaited<ReturnType<typeof testApp>>;
let catalogue: Catalogue;

beforeAll(async () => {
  app = await testApp();
  catalogue = lazyCatalogue(app.config.catalogDist)();
});

afterEach(() => {
  vi.useRealTimers();
});

const day = (date: string) => new Date(`${date}T12:00:00Z`);

describe('isNewOn', () => {
  it('is new from the release day through NEW_BADGE_DAYS days after, not before or later', () => {
    const daysAfter = (days: number) => new Date(day('2026-11-23').getTime() + days * 86_400_000);
    expect(isNewOn('2026-11-23', day('2026-11-22'))).toBe(false);
    expect(isNewOn('2026-11-23', new Date('2026-11-23T00:00:00Z'))).toBe(true);
    expect(isNewOn('2026-11-23', daysAfter(NEW_BADGE_DAYS))).toBe(true);
    expect(isNewOn('2026-11-23', daysAfter(NEW_BADGE_DAYS + 1))).toBe(false);
  });

  it('is never new without a date, or with one that is not a date', () => {
    for (const value of [null, undefined, '', '2026-13-45', '23/11/2026', '2026-11-23T00:00']) {
      expect(isNewOn(value, day('2026-11-24'))).toBe(false);
    }
  });
});

describe(`the New badge on the real catalogue (${TEST_DATABASE})`, () => {
  const newSubcategories = (on: Date) =>
    catalogue
      .subcategories()
      .filter((place) => isNewOn(place.subcategory.lastAddedOn, on))
      .map((place) => place.subcategory.url)
      .sort();

  it('on 2026-11-24 marks the two subcategories of the latest release, not all or none', () => {
    const all = catalogue.subcategories().length;
    const marked = newSubcategories(day('2026-11-24'));
    expect(marked).toEqual([
      '/components/application-ui/headings/page-headings',
      '/components/marketing/sections/bento-grids',
    ]);
    expect(marked.length).toBeLessThan(all);
    // Two years on from the command palettes, they are no longer new.
    expect(newSubcategories(day('2024-11-20'))).toContain(
      '/components/application-ui/navigation/command-palettes',
    );
    expect(newSubcategories(day('2026-11-24'))).not.toContain(
      '/components/application-ui/navigation/command-palettes',
    );
  });

  it('the Components page and a subcategory page show New from the server clock', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(day('2026-11-24'));
    const page = await request(app.app).get('/components').set(INERTIA);
    expect(page.status).toBe(200);
    type Card = { url: string; isNew: boolean };
    const cards: Card[] = page.body.props.sections.flatMap(
      (section: { categories: Array<{ subcategories: Card[] }> }) =>
        section.categories.flatMap((category) => category.subcategories),
    );
    expect(
      cards
        .filter((card) => card.isNew)
        .map((card) => card.url)
        .sort(),
    ).toEqual([
      '/components/application-ui/headings/page-headings',
      '/components/marketing/sections/bento-grids',
    ]);

    const bento = await request(app.app)
      .get('/components/marketing/sections/bento-grids')
      .set(INERTIA);
    const heroes = await request(app.app).get('/components/marketing/sections/heroes').set(INERTIA);
    const flags = (response: typeof bento) =>
      (response.body.props.subcategory.components as Array<{ isNew: boolean }>).map(
        (component) => component.isNew,
      );
    expect(flags(bento).length).toBeGreaterThan(0);
    expect(flags(bento).every(Boolean)).toBe(true);
    expect(flags(heroes).some(Boolean)).toBe(false);

    vi.setSystemTime(day('2027-06-01'));
    const later = await request(app.app).get('/components').set(INERTIA);
    expect(JSON.stringify(later.body.props.sections)).not.toContain('"isNew":true');
  });
});
