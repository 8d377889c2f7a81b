import { TEMPLATE_SLUGS } from '@tessera/catalog/content';
import {
  ALL_ACCESS_SLUG,
  BLACK_FRIDAY_MIN_DISCOUNT_PERCENT,
  BLACK_FRIDAY_SLUG,
  DESIGN_EBOOK,
} from '@tessera/pages/constants';
import { beforeAll, describe, expect, it } from 'vitest';
import { captureLogger, testConfig } from '../../../test/helpers.ts';
import { TEST_DATABASE, testServices, testServicesEnv } from '../../../test/services.ts';
import type { Services } from '../../services.ts';
import { CORE_PRODUCTS, ensureProducts, templateProducts } from './service/products.ts';
import { pricingRepository } from './repository.ts';

let services: Services;

beforeAll(async () => {
  const config = testConfig(await testServicesEnv());
  services = await testServices(config, captureLogger().logger);
});

async function counts() {
  const { db } = services.database;
  const products = await db
    .selectFrom('products')
    .select(db.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  const prices = await db
    .selectFrom('prices')
    .select(db.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return { products: Number(products.n), prices: Number(prices.n) };
}

describe(`the things for sale (${TEST_DATABASE})`, () => {
  it('are seeded at start: three packages, eleven templates, all-access and the bundle', async () => {
    const products = await pricingRepository(services.database.db).products();
    const byType = (type: string) => products.filter((product) => product.type === type);
    expect(byType('components').map((product) => product.slug)).toEqual([
      'marketing',
      'application-ui',
      'ecommerce',
    ]);
    expect(byType('template').map((product) => product.slug)).toEqual(
      // In the catalogue's order, not alphabetical.
      (await templateProducts()).sort((a, b) => a.sortOrder - b.sortOrder).map((t) => t.slug),
    );
    expect(byType('template')).toHaveLength(TEMPLATE_SLUGS.length);
    expect(byType('all-access').map((product) => product.slug)).toEqual([ALL_ACCESS_SLUG]);
    expect(byType('bundle').map((product) => product.slug)).toEqual([BLACK_FRIDAY_SLUG]);
    for (const product of products) expect(product.description, product.slug).not.toBe('');
  });

  it('sell team, Classroom and Restricted licences for all-access only', async () => {
    const products = await pricingRepository(services.database.db).products();
    for (const product of products) {
      const kinds = Object.keys(product.prices).sort();
      expect(kinds, product.slug).toEqual(
        product.type === 'all-access'
          ? ['classroom', 'personal', 'restricted', 'team']
          : ['personal'],
      );
    }
    const [allAccess] = await pricingRepository(services.database.db).products([ALL_ACCESS_SLUG]);
    const { personal, team, classroom, restricted } = allAccess!.prices;
    // Reduced licences cost less than the ones they stand in for.
    expect(restricted!.amount).toBeLessThan(personal!.amount);
    expect(classroom!.amount).toBeLessThan(team!.amount);
  });

  it('take each template’s launch price from its template.yaml', async () => {
    const products = await pricingRepository(services.database.db).products([...TEMPLATE_SLUGS]);
    const seeds = await templateProducts();
    for (const seed of seeds) {
      const product = products.find((candidate) => candidate.slug === seed.slug)!;
      expect(product.name).toBe(seed.name);
      expect(product.prices.personal?.amount, seed.slug).toBe(seed.prices.personal);
      expect(product.prices.personal?.currency).toBe('USD');
    }
  });

  it('price the Black Friday bundle more than 30% below all-access plus the ebook', async () => {
    const [allAccess, bundle] = await pricingRepository(services.database.db).products([
      ALL_ACCESS_SLUG,
      BLACK_FRIDAY_SLUG,
    ]);
    const retail = allAccess!.prices.personal!.amount + DESIGN_EBOOK.retailAmount;
    const price = bundle!.prices.personal!.amount;
    expect(((retail - price) / retail) * 100).toBeGreaterThan(BLACK_FRIDAY_MIN_DISCOUNT_PERCENT);
  });

  it('seeding again, even from several instances at once, adds nothing and changes no price', async () => {
    const { db } = services.database;
    const before = await counts();
    const [catalyst] = await pricingRepository(db).products(['catalyst']);
    await db
      .updateTable('prices')
      .set({ amount: 12_345 })
      .where('id', '=', catalyst!.prices.personal!.id)
      .execute();
    await Promise.all([ensureProducts(db), ensureProducts(db), ensureProducts(db)]);
    expect(await counts()).toEqual(before);
    const [after] = await pricingRepository(db).products(['catalyst']);
    expect(after!.prices.personal!.amount).toBe(12_345);
  });

  it('adds a product or price that is missing, and a description to a product without one', async () => {
    const { db } = services.database;
    const [allAccess] = await pricingRepository(db).products([ALL_ACCESS_SLUG]);
    await db.deleteFrom('prices').where('id', '=', allAccess!.prices.classroom!.id).execute();
    await db
      .updateTable('products')
      .set({ description: '' })
      .where('id', '=', allAccess!.id)
      .execute();
    await ensureProducts(db, CORE_PRODUCTS);
    const [restored] = await pricingRepository(db).products([ALL_ACCESS_SLUG]);
    expect(restored!.prices.classroom!.amount).toBe(CORE_PRODUCTS[0]!.prices.classroom);
    expect(restored!.description).toBe(CORE_PRODUCTS[0]!.description);
  });

  it('do not sell a price made inactive', async () => {
    const { db } = services.database;
    const [marketing] = await pricingRepository(db).products(['marketing']);
    await db
      .updateTable('prices')
      .set({ is_active: 0 })
      .where('product_id', '=', marketing!.id)
      .execute();
    const [after] = await pricingRepository(db).products(['marketing']);
    expect(after!.prices).toEqual({});
    await db
      .updateTable('prices')
      .set({ is_active: 1 })
      .where('product_id', '=', marketing!.id)
      .execute();
  });
});
