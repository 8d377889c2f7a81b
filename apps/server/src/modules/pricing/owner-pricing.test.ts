import { describe, expect, it } from 'vitest';
import { OWNER_PRICE_FLOOR_PERCENT } from '@tessera/pages/constants';
import { ownerPricing, type Holding, type PriceTarget } from './service/owner-pricing.ts';

let nextId = 1;
function held(overrides: Partial<Holding> & Pick<Holding, 'productType'>): Holding {
  const licenseId = overrides.licenseId ?? nextId++;
  return {
    licenseId,
    productId: licenseId + 1000,
    productSlug: `product-${licenseId}`,
    productName: `Product ${licenseId}`,
    kind: 'personal',
    isActive: true,
    deactivationReason: null,
    paid: { amount: 14_900, currency: 'USD' },
    teamName: null,
    ...overrides,
  };
}

const personal: PriceTarget = {
  productType: 'all-access',
  kind: 'personal',
  listAmount: 29_900,
  currency: 'USD',
};
const team: PriceTarget = { ...personal, kind: 'team', listAmount: 97_900 };

describe('owner pricing', () => {
  it('charges the list price to a customer who owns nothing', () => {
    expect(ownerPricing({ target: personal, holdings: [] })).toEqual({
      amount: 29_900,
      advertised: 29_900,
      credit: 0,
      creditedLicenseIds: [],
    });
  });

  it('takes off what the customer paid for packages and templates', () => {
    const marketing = held({
      productType: 'components',
      paid: { amount: 14_900, currency: 'USD' },
    });
    const template = held({ productType: 'template', paid: { amount: 4_900, currency: 'USD' } });
    const result = ownerPricing({ target: personal, holdings: [template, marketing] });
    expect(result).toMatchObject({ amount: 29_900 - 14_900 - 4_900, advertised: 29_900 });
    expect(result.credit).toBe(19_800);
    // The dearest first: the licence an upgrade replaces.
    expect(result.creditedLicenseIds).toEqual([marketing.licenseId, template.licenseId]);
  });

  it('never goes below the floor, rounded up to a whole dollar', () => {
    const holdings = ['components', 'components', 'components'].map((type) =>
      held({ productType: type as Holding['productType'] }),
    );
    const floor = Math.ceil((29_900 * OWNER_PRICE_FLOOR_PERCENT) / 100 / 100) * 100;
    expect(floor % 100).toBe(0);
    expect(floor).toBeGreaterThanOrEqual((29_900 * OWNER_PRICE_FLOOR_PERCENT) / 100);
    expect(ownerPricing({ target: personal, holdings }).amount).toBe(floor);
    // A floor other than the store's, to show the parameter is the rule.
    expect(ownerPricing({ target: personal, holdings, floorPercent: 10 }).amount).toBe(3_000);
  });

  it('does not count refunded purchases, licences without a purchase or other currencies', () => {
    const holdings = [
      held({
        productType: 'components',
        paid: null,
        isActive: false,
        deactivationReason: 'refund',
      }),
      held({ productType: 'components', paid: null }),
      held({ productType: 'template', paid: { amount: 7_900, currency: 'EUR' } }),
    ];
    expect(ownerPricing({ target: personal, holdings })).toMatchObject({
      amount: 29_900,
      credit: 0,
      creditedLicenseIds: [],
    });
  });

  it('does not count a licence deactivated for another reason than an upgrade', () => {
    const revoked = held({
      productType: 'components',
      isActive: false,
      deactivationReason: 'other',
    });
    expect(ownerPricing({ target: personal, holdings: [revoked] }).amount).toBe(29_900);
  });

  it('still counts a package given up in an earlier upgrade, once', () => {
    const upgraded = held({
      productType: 'components',
      isActive: false,
      deactivationReason: 'upgrade',
    });
    const allAccess = held({
      productType: 'all-access',
      kind: 'personal',
      paid: { amount: 15_000, currency: 'USD' },
    });
    // Personal all-access again is not on sale to them (the quote says already owned); the team
    // upgrade counts both purchases, each once.
    const result = ownerPricing({ target: team, holdings: [upgraded, allAccess] });
    expect(result.amount).toBe(97_900 - 14_900 - 15_000);
    expect(result.creditedLicenseIds).toEqual([allAccess.licenseId, upgraded.licenseId]);
  });

  it('prices personal all-access → team with the same rule (upgrade-team)', () => {
    const allAccess = held({
      productType: 'all-access',
      kind: 'personal',
      paid: { amount: 29_900, currency: 'USD' },
    });
    expect(ownerPricing({ target: team, holdings: [allAccess] })).toMatchObject({
      amount: 68_000,
      advertised: 97_900,
      creditedLicenseIds: [allAccess.licenseId],
    });
  });

  it('counts a Restricted all-access toward the standard licence, and a Classroom toward team', () => {
    const restricted = held({
      productType: 'all-access',
      kind: 'restricted',
      paid: { amount: 14_900, currency: 'USD' },
    });
    const classroom = held({
      productType: 'all-access',
      kind: 'classroom',
      paid: { amount: 29_900, currency: 'USD' },
      teamName: 'Design 101',
    });
    expect(ownerPricing({ target: personal, holdings: [restricted, classroom] })).toMatchObject({
      amount: 15_000,
      creditedLicenseIds: [restricted.licenseId],
    });
    expect(ownerPricing({ target: team, holdings: [restricted, classroom] })).toMatchObject({
      amount: 97_900 - 14_900 - 29_900,
    });
  });

  it('gives no credit toward packages, templates, Restricted or Classroom licences', () => {
    const holdings = [held({ productType: 'components' })];
    for (const target of [
      { ...personal, productType: 'components' as const, listAmount: 14_900 },
      { ...personal, productType: 'template' as const, listAmount: 7_900 },
      { ...personal, kind: 'restricted' as const, listAmount: 14_900 },
      { ...personal, kind: 'classroom' as const, listAmount: 29_900 },
    ]) {
      expect(ownerPricing({ target, holdings }).amount).toBe(target.listAmount);
    }
  });
});
