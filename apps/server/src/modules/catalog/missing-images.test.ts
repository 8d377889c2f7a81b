import { copyFile, mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, testConfig } from '../../../test/helpers.ts';
import { testServicesEnv, TEST_DATABASE } from '../../../test/services.ts';
import { loadCatalogue, missingImages } from './repository.ts';

// A copy of the real build that lacks one screenshot the pages show.
const dist = path.resolve(import.meta.dirname, '../../../../../packages/catalog/dist');
let copy: string;
let removed: string;

beforeAll(async () => {
  copy = await mkdtemp(path.join(tmpdir(), 'tessera-catalogue-'));
  for (const file of ['catalog.json', 'content.json', 'related.json']) {
    await copyFile(path.join(dist, file), path.join(copy, file));
  }
  for (const dir of ['images', 'templates', 'previews', 'code', 'private']) {
    await symlink(path.join(dist, dir), path.join(copy, dir));
  }
  const heroes = loadCatalogue(dist).subcategory('/components/marketing/sections/heroes');
  const component = heroes?.subcategory.components[0];
  if (!component) throw new Error('no Heroes component in the build');
  removed = component.largeDarkScreenshotUrl;
  const gone = path.basename(removed);
  await mkdir(path.join(copy, 'screenshots'));
  for (const file of await readdir(path.join(dist, 'screenshots'))) {
    if (file !== gone) {
      await symlink(path.join(dist, 'screenshots', file), path.join(copy, 'screenshots', file));
    }
  }
});

afterAll(async () => {
  await rm(copy, { recursive: true, force: true });
});

describe(`a catalogue build with a missing image (${TEST_DATABASE})`, () => {
  it('finds none missing in the real build and exactly the removed one in the copy', () => {
    expect(missingImages(loadCatalogue(dist))).toEqual([]);
    expect(missingImages(loadCatalogue(copy))).toEqual([removed]);
  });

  it('warns once, naming it, and still serves the pages', async () => {
    const app = await testApp({ env: { CATALOG_DIST: copy } });
    for (const url of ['/', '/components/marketing/sections/heroes']) {
      expect((await request(app.app).get(url)).status).toBe(200);
    }
    const warnings = app.lines.filter((line) => line.msg.includes('lacks'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 40, missing: 1, example: removed });
    expect(warnings[0]?.msg).toContain(removed);
  });

  it('says it loudly at start in production, and starts', async () => {
    const config = testConfig({
      ...(await testServicesEnv()),
      NODE_ENV: 'production',
      PASSWORD_HASH_COST: '17',
      CATALOG_DIST: copy,
      STOREFRONT_DIST: path.join(tmpdir(), 'tessera-no-dist'),
    });
    const app = await testApp({ config });
    const errors = app.lines.filter((line) => line.msg.includes('lacks'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ level: 50, missing: 1, example: removed });
  });
});
