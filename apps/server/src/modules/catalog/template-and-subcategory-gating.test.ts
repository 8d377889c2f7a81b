import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/helpers.ts';
import {
  ALL_ACCESS,
  entitlementsFrom,
  NO_ENTITLEMENTS,
  type Entitlements,
} from '../licensing/index.ts';
import { loadCatalogue } from './repository.ts';
import { isPngOnly, presentSubcategorySummary, presentTemplate } from './presenter.ts';

const catalogue = loadCatalogue(testConfig().catalogDist);

/** Entitlements as the access policy builds them from active licences. */
function holding(...slugs: string[]): Entitlements {
  return entitlementsFrom(slugs);
}

describe('the Template page', () => {
  const [template, other] = catalogue.templates;

  it('offers the download only to a viewer who owns that template', () => {
    if (!template || !other) throw new Error('the catalogue needs two templates');
    const price = { currency: 'USD', amount: 9900 };
    for (const viewer of [NO_ENTITLEMENTS, holding(other.slug), holding('application-ui')]) {
      expect(presentTemplate(template, viewer, price)).toMatchObject({
        isLicensed: false,
        downloadUrl: null,
        price,
        checkoutUrl: `/checkout/${template.slug}`,
      });
    }
    for (const viewer of [holding(template.slug), holding(ALL_ACCESS)]) {
      expect(presentTemplate(template, viewer, price)).toMatchObject({
        isLicensed: true,
        downloadUrl: `/templates/${template.slug}/download`,
      });
    }
  });
});

describe('a template sold only in all-access', () => {
  it('has neither a price nor a checkout of its own', () => {
    const [template] = catalogue.templates;
    expect(presentTemplate(template!, NO_ENTITLEMENTS, null)).toMatchObject({
      price: null,
      checkoutUrl: null,
    });
  });
});

describe('a subcategory card', () => {
  const places = catalogue.subcategories();
  const pngOnly = places.find((place) => isPngOnly(place.subcategory));
  const live = places.find((place) => !isPngOnly(place.subcategory));

  it('is locked for a viewer without its package only where the previews are PNG-only', () => {
    if (!pngOnly || !live) throw new Error('the catalogue needs both kinds of subcategory');
    expect(presentSubcategorySummary(pngOnly, NO_ENTITLEMENTS, '').isLocked).toBe(true);
    expect(presentSubcategorySummary(live, NO_ENTITLEMENTS, '').isLocked).toBe(false);
    for (const viewer of [holding(pngOnly.product.slug), holding(ALL_ACCESS)]) {
      expect(presentSubcategorySummary(pngOnly, viewer, '').isLocked).toBe(false);
    }
  });
});
