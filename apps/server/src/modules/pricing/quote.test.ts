import { DESIGN_EBOOK, QUOTE_REFUSALS } from '@tessera/pages/constants';
import { beforeAll, describe, expect, it } from 'vitest';
import { captureLogger, testConfig } from '../../../test/helpers.ts';
import { grant } from '../../../test/pricing-fixtures.ts';
import { TEST_DATABASE, testServices, testServicesEnv } from '../../../test/services.ts';
import { createUser, uniqueEmail } from '../../../test/users.ts';
import type { Services } from '../../services.ts';
import { DEFAULT_BLACK_FRIDAY_WINDOW, offerWindow } from './service/offers.ts';
import { quote, type QuoteInput } from './service/quote.ts';
import { pricingRepository } from './repository.ts';

let services: Services;
const OUTSIDE_OFFER = new Date('2026-06-15T12:00:00Z');
const DURING_OFFER = new Date('2026-11-27T18:00:00Z');

beforeAll(async () => {
  const config = testConfig(await testServicesEnv());
  services = await testServices(config, captureLogger().logger);
});

const ask = (input: Partial<QuoteInput> & Pick<QuoteInput, 'productSlug'>) =>
  quote(
    { db: services.database.db, mode: { testMode: true } },
    { userId: null, kind: 'personal', now: OUTSIDE_OFFER, ...input },
  );

async function customer(): Promise<number> {
  return createUser(services, uniqueEmail('pricing'), 'a-long-password-123');
}

async function priceId(slug: string, kind = 'personal') {
  const [product] = await pricingRepository(services.database.db).products([slug]);
  return { productId: product!.id, priceId: product!.prices[kind as 'personal']!.id };
}

describe(`quote (${TEST_DATABASE})`, () => {
  it('prices all-access for a visitor at the list price, each licence kind its own price', async () => {
    expect(await ask({ productSlug: 'all-access' })).toEqual({
      ok: true,
      ...(await priceId('all-access')),
      productSlug: 'all-access',
      productName: 'All-access',
      description: expect.stringContaining('Every component'),
      kind: 'personal',
      amount: 29_900,
      advertised: 29_900,
      currency: 'USD',
      includesEbook: false,
      upgradeLicenseId: null,
      licenseProductId: (await priceId('all-access')).productId,
      licenseProductSlug: 'all-access',
      creditedLicenseIds: [],
    });
    const team = await ask({ productSlug: 'all-access', kind: 'team' });
    expect(team).toMatchObject({
      ok: true,
      kind: 'team',
      amount: 97_900,
      ...(await priceId('all-access', 'team')),
    });
    expect(team.ok && team.description).toMatch(/up to 25 people/);
    expect(await ask({ productSlug: 'all-access', kind: 'restricted' })).toMatchObject({
      amount: 14_900,
    });
    expect(await ask({ productSlug: 'all-access', kind: 'classroom' })).toMatchObject({
      amount: 29_900,
    });
  });

  it('prices a template and a package from the database', async () => {
    const [salient] = await pricingRepository(services.database.db).products(['salient']);
    expect(await ask({ productSlug: 'salient' })).toMatchObject({
      ok: true,
      productName: 'Salient',
      amount: salient!.prices.personal!.amount,
      licenseProductSlug: 'salient',
    });
    expect(await ask({ productSlug: 'ecommerce' })).toMatchObject({ ok: true, amount: 14_900 });
  });

  it('refuses what does not exist or is not sold that way', async () => {
    expect(await ask({ productSlug: 'no-such-thing' })).toEqual({
      ok: false,
      reason: 'unknown-product',
      message: QUOTE_REFUSALS['unknown-product'],
    });
    // Team, Classroom and Restricted licences exist for all-access only.
    for (const kind of ['team', 'classroom', 'restricted'] as const) {
      expect(await ask({ productSlug: 'marketing', kind })).toMatchObject({
        ok: false,
        reason: 'not-for-sale',
      });
      expect(await ask({ productSlug: 'catalyst', kind })).toMatchObject({
        ok: false,
        reason: 'not-for-sale',
      });
    }
    expect(
      await ask({ productSlug: 'black-friday', kind: 'team', now: DURING_OFFER }),
    ).toMatchObject({
      reason: 'not-for-sale',
    });
  });

  it('refuses an upgrade to a visitor', async () => {
    expect(await ask({ productSlug: 'all-access', upgradeLicenseId: 1 })).toMatchObject({
      ok: false,
      reason: 'sign-in-required',
    });
  });

  it('takes what a customer paid for packages off all-access, and replaces the dearest on upgrade', async () => {
    const userId = await customer();
    const marketing = await grant(services.database.db, {
      userId,
      productSlug: 'marketing',
      paid: 14_900,
    });
    // Bought in a sale: what was paid counts, not the list price.
    const commit = await grant(services.database.db, {
      userId,
      productSlug: 'commit',
      paid: 4_900,
    });
    // Refunded: counts for nothing.
    await grant(services.database.db, {
      userId,
      productSlug: 'ecommerce',
      paid: 14_900,
      refunded: true,
    });
    expect(await ask({ userId, productSlug: 'all-access' })).toMatchObject({
      ok: true,
      amount: 29_900 - 14_900 - 4_900,
      advertised: 29_900,
      upgradeLicenseId: marketing,
      creditedLicenseIds: [marketing, commit],
    });
    // Choosing which licence the upgrade replaces.
    expect(
      await ask({ userId, productSlug: 'all-access', upgradeLicenseId: commit }),
    ).toMatchObject({
      ok: true,
      amount: 10_100,
      upgradeLicenseId: commit,
    });
    // One more package and the floor holds: a quarter of the list price, to the dollar.
    await grant(services.database.db, { userId, productSlug: 'application-ui', paid: 14_900 });
    expect(await ask({ userId, productSlug: 'all-access' })).toMatchObject({ amount: 7_500 });
    // The same customer buys a package or template at its list price.
    expect(await ask({ userId, productSlug: 'ecommerce' })).toMatchObject({
      ok: true,
      amount: 14_900,
    });
  });

  it('refuses what the customer already owns', async () => {
    const userId = await customer();
    await grant(services.database.db, { userId, productSlug: 'marketing' });
    expect(await ask({ userId, productSlug: 'marketing' })).toMatchObject({
      ok: false,
      reason: 'already-owned',
      message: QUOTE_REFUSALS['already-owned'],
    });
    const owner = await customer();
    await grant(services.database.db, { userId: owner, productSlug: 'all-access', paid: 29_900 });
    for (const productSlug of ['all-access', 'marketing', 'catalyst']) {
      expect(await ask({ userId: owner, productSlug })).toMatchObject({
        ok: false,
        reason: 'already-owned',
      });
    }
    expect(
      await ask({ userId: owner, productSlug: 'all-access', kind: 'restricted' }),
    ).toMatchObject({
      reason: 'already-owned',
    });
    expect(
      await ask({ userId: owner, productSlug: 'black-friday', now: DURING_OFFER }),
    ).toMatchObject({ reason: 'already-owned' });
  });

  it('prices personal all-access → team with the same rule, replacing the personal licence', async () => {
    const userId = await customer();
    const personal = await grant(services.database.db, {
      userId,
      productSlug: 'all-access',
      paid: 29_900,
    });
    const expected = {
      ok: true,
      kind: 'team',
      amount: 97_900 - 29_900,
      advertised: 97_900,
      upgradeLicenseId: personal,
    };
    expect(await ask({ userId, productSlug: 'all-access', kind: 'team' })).toMatchObject(expected);
    expect(
      await ask({ userId, productSlug: 'all-access', kind: 'team', upgradeLicenseId: personal }),
    ).toMatchObject(expected);
  });

  it('refuses to upgrade a licence that is not the customer’s or that the product does not replace', async () => {
    const userId = await customer();
    const stranger = await customer();
    const theirs = await grant(services.database.db, {
      userId: stranger,
      productSlug: 'marketing',
    });
    const mine = await grant(services.database.db, { userId, productSlug: 'marketing' });
    const refunded = await grant(services.database.db, {
      userId,
      productSlug: 'ecommerce',
      refunded: true,
    });
    for (const upgradeLicenseId of [theirs, refunded, 2_147_483_647]) {
      expect(await ask({ userId, productSlug: 'all-access', upgradeLicenseId })).toMatchObject({
        ok: false,
        reason: 'invalid-upgrade',
      });
    }
    // A template does not replace a package; a bundle replaces nothing.
    expect(await ask({ userId, productSlug: 'catalyst', upgradeLicenseId: mine })).toMatchObject({
      reason: 'invalid-upgrade',
    });
    expect(
      await ask({ userId, productSlug: 'black-friday', upgradeLicenseId: mine, now: DURING_OFFER }),
    ).toMatchObject({ reason: 'invalid-upgrade' });
  });

  it('upgrades a Restricted licence to the standard one and a Classroom team to a team licence', async () => {
    const userId = await customer();
    const restricted = await grant(services.database.db, {
      userId,
      productSlug: 'all-access',
      kind: 'restricted',
      paid: 14_900,
    });
    expect(await ask({ userId, productSlug: 'all-access' })).toMatchObject({
      ok: true,
      amount: 15_000,
      upgradeLicenseId: restricted,
    });
    const teacher = await customer();
    const classroom = await grant(services.database.db, {
      userId: null,
      productSlug: 'all-access',
      kind: 'classroom',
      paid: 29_900,
      team: { name: 'Design 101', ownerId: teacher },
    });
    expect(await ask({ userId: teacher, productSlug: 'all-access', kind: 'team' })).toMatchObject({
      ok: true,
      amount: 68_000,
      upgradeLicenseId: classroom,
    });
  });

  it('a member of a team with all-access has nothing to buy but may still start a team', async () => {
    const owner = await customer();
    const member = await customer();
    await grant(services.database.db, {
      userId: owner,
      productSlug: 'all-access',
      kind: 'team',
      paid: 97_900,
      team: { name: 'Northwind', ownerId: owner, memberIds: [member] },
    });
    expect(await ask({ userId: member, productSlug: 'all-access' })).toMatchObject({
      reason: 'already-owned',
    });
    expect(await ask({ userId: member, productSlug: 'salient' })).toMatchObject({
      reason: 'already-owned',
    });
    expect(await ask({ userId: member, productSlug: 'all-access', kind: 'team' })).toMatchObject({
      ok: true,
      amount: 97_900,
    });
    expect(await ask({ userId: owner, productSlug: 'all-access', kind: 'team' })).toMatchObject({
      reason: 'already-owned',
    });
  });
});

describe(`the Black Friday bundle (${TEST_DATABASE})`, () => {
  const window = DEFAULT_BLACK_FRIDAY_WINDOW;

  it('sells all-access plus the ebook inside its window, retail struck through', async () => {
    const result = await ask({ productSlug: 'black-friday', now: new Date(window.startsAt) });
    const [allAccess] = await pricingRepository(services.database.db).products(['all-access']);
    expect(result).toMatchObject({
      ok: true,
      productSlug: 'black-friday',
      includesEbook: true,
      amount: 29_900,
      advertised: allAccess!.prices.personal!.amount + DESIGN_EBOOK.retailAmount,
      // The licence fulfilment issues is all-access.
      licenseProductId: allAccess!.id,
      licenseProductSlug: 'all-access',
      upgradeLicenseId: null,
    });
    expect(
      await ask({ productSlug: 'black-friday', now: new Date(window.endsAt - 1) }),
    ).toMatchObject({
      ok: true,
    });
  });

  it('says the offer has ended outside its window, to owners too', async () => {
    for (const now of [new Date(window.startsAt - 1), new Date(window.endsAt), OUTSIDE_OFFER]) {
      expect(await ask({ productSlug: 'black-friday', now })).toEqual({
        ok: false,
        reason: 'offer-ended',
        message: QUOTE_REFUSALS['offer-ended'],
      });
    }
  });

  it('follows a configured window', async () => {
    const blackFriday = offerWindow('2030-11-25T00:00:00Z', '2030-11-30T00:00:00Z');
    const at = (now: string) =>
      quote(
        { db: services.database.db, blackFriday, mode: { testMode: true } },
        { userId: null, productSlug: 'black-friday', kind: 'personal', now: new Date(now) },
      );
    expect(await at('2030-11-29T23:59:59Z')).toMatchObject({ ok: true });
    expect(await at('2030-11-30T00:00:00Z')).toMatchObject({ reason: 'offer-ended' });
    expect(await at(DURING_OFFER.toISOString())).toMatchObject({ reason: 'offer-ended' });
  });
});
