import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { INERTIA, testApp } from '../../../test/helpers.ts';
import { TEST_DATABASE } from '../../../test/services.ts';
import { lazyCatalogue } from './repository.ts';

let app: Awaited<ReturnType<typeof testApp>>;
let current = 0;

beforeAll(async () => {
  app = await testApp();
  // Counted here from the build's own files, not with the server's function.
  for (const place of lazyCatalogue(app.config.catalogDist)().subcategories()) {
    for (const component of place.subcategory.components) if (!component.archived) current += 1;
  }
});

describe(`catalogue claims (${TEST_DATABASE})`, () => {
  it('tells Home and Components the real number of current components', async () => {
    expect(current).toBeGreaterThan(0);
    for (const url of ['/', '/components']) {
      const page = await request(app.app).get(url).set(INERTIA);
      expect(page.status).toBe(200);
      expect(page.body.props.componentCount, url).toBe(current);
    }
  });
});
