import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { INERTIA, testApp } from '../../../test/helpers.ts';
import { TEST_DATABASE } from '../../../test/services.ts';

/**
 * Decision 056: a product renamed on one instance (or by an operator's SQL) is shown by every
 * instance at once, not after the product list's minute. Two app instances share this file's
 * PostgreSQL database, each with its own services and listening connection, as two processes.
 */
describe.skipIf(TEST_DATABASE !== 'postgres')(
  'a product change on every instance (postgres)',
  () => {
    it('reaches the other instance within a second, its cached list forgotten', async () => {
      const first = await testApp();
      const second = await testApp({ env: {} });
      first.services.startWorkers();
      second.services.startWorkers();
      const names = async (app: typeof first) => {
        const response = await request(app.app).get('/').set(INERTIA);
        expect(response.status).toBe(200);
        return (response.body as { props: { products: { name: string }[] } }).props.products.map(
          (product) => product.name,
        );
      };
      const product = await first.services.database.db
        .selectFrom('products')
        .select(['id', 'name'])
        .where('type', '=', 'components')
        .orderBy('sort_order')
        .executeTakeFirstOrThrow();
      // The second instance has read (and keeps) the list.
      expect(await names(second)).toContain(product.name);
      // Give both listeners their LISTEN before the change.
      await new Promise((resolve) => setTimeout(resolve, 500));

      const renamed = `${product.name} (renamed ${Date.now()})`;
      await first.services.database.db
        .updateTable('products')
        .set({ name: renamed })
        .where('id', '=', product.id)
        .execute();
      const started = Date.now();
      let seen: string[] = [];
      while (Date.now() - started < 5000) {
        seen = await names(second);
        if (seen.includes(renamed)) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(seen).toContain(renamed);
      expect(Date.now() - started).toBeLessThan(1000);
      await first.services.database.db
        .updateTable('products')
        .set({ name: product.name })
        .where('id', '=', product.id)
        .execute();
    });
  },
);
