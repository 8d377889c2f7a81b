import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { componentUuid, loadCatalog } from './load.ts';
import { componentSource, metadataFiles, temporaryDirectory, writeTree } from './testing.ts';

describe('componentUuid', () => {
  test('is a stable UUID-formatted id derived from the path', () => {
    const uuid = componentUuid('marketing/sections/heroes/simple-centered');
    expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(componentUuid('marketing/sections/heroes/simple-centered')).toBe(uuid);
    expect(componentUuid('marketing/sections/heroes/split')).not.toBe(uuid);
  });
});

describe('loadCatalog', () => {
  test('walks products, categories and subcategories and sorts components by order then name', () => {
    const root = writeTree(temporaryDirectory('load'), {
      ...metadataFiles(),
      'components/kit/forms/inputs/zeta.html': componentSource('<div>z</div>', {
        name: 'Zeta',
        order: 1,
      }),
      'components/kit/forms/inputs/alpha.html': componentSource('<div>a</div>', {
        name: 'Alpha',
        order: 2,
      }),
      'components/kit/forms/inputs/beta.html': componentSource('<div>b</div>', { name: 'Beta' }),
      'components/kit/forms/inputs/aardvark.html': componentSource('<div>b</div>', {
        name: 'Aardvark',
      }),
    });
    const overrides = writeTree(temporaryDirectory('overrides'), {
      'kit/forms/inputs/alpha.react.tsx':
        'export default function Alpha() { return <div>a</div> }\n',
    });
    const catalog = loadCatalog({ contentDir: root, overridesDir: overrides });
    const [product] = catalog.products;
    expect(product?.name).toBe('Kit');
    const subcategory = product?.categories[0]?.subcategories[0];
    expect(subcategory).toMatchObject({
      slug: 'inputs',
      name: 'Inputs',
      introduction: 'Inputs for forms.',
    });
    expect(subcategory?.components.map((component) => component.slug)).toEqual([
      'zeta',
      'alpha',
      'aardvark',
      'beta',
    ]);
    const alpha = catalog.components.find((component) => component.slug === 'alpha')!;
    expect(alpha.path).toBe('kit/forms/inputs/alpha');
    expect(alpha.uuid).toBe(componentUuid('kit/forms/inputs/alpha'));
    expect(alpha.overrides.react?.file).toBe(join(overrides, 'kit/forms/inputs/alpha.react.tsx'));
    expect(alpha.overrides.vue).toBeUndefined();
    expect(Object.keys(catalog.metadata)).toContain('kit/_product.yaml');
  });

  test('refuses two components with the same name in a subcategory', () => {
    const root = writeTree(temporaryDirectory('load'), {
      ...metadataFiles(),
      'components/kit/forms/inputs/a.html': componentSource('<div>a</div>', { name: 'Same' }),
      'components/kit/forms/inputs/b.html': componentSource('<div>b</div>', { name: 'Same' }),
    });
    expect(() => loadCatalog({ contentDir: root })).toThrow(/"Same" is used twice/);
  });

  test('the real catalogue has unique, stable ids and every component in a subcategory', () => {
    const catalog = loadCatalog();
    const counted = catalog.products
      .flatMap((product) => product.categories)
      .flatMap((category) => category.subcategories)
      .reduce((sum, subcategory) => sum + subcategory.components.length, 0);
    expect(counted).toBe(catalog.components.length);
    expect(catalog.components.length).toBeGreaterThanOrEqual(200);
  });
});
