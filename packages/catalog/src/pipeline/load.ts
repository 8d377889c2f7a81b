import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { parseComponentFile } from '../component-file.ts';
import type { ComponentMeta } from '../component-file.ts';

export const CATALOG_ROOT = resolve(import.meta.dirname, '../..');
export const CONTENT_DIR = join(CATALOG_ROOT, 'content');
export const OVERRIDES_DIR = join(CATALOG_ROOT, 'overrides');

type OverrideFile = { file: string; source: string };

export type ComponentEntry = {
  uuid: string;
  product: string;
  category: string;
  subcategory: string;
  slug: string;
  /** `<product>/<category>/<subcategory>/<slug>`: names the component in every message. */
  path: string;
  file: string;
  /** The whole file, front matter included (what the cache hashes). */
  source: string;
  meta: ComponentMeta;
  html: string;
  overrides: { react?: OverrideFile; vue?: OverrideFile };
};

type SubcategoryEntry = {
  slug: string;
  name: string;
  description: string;
  introduction: string;
  components: ComponentEntry[];
};

type CategoryEntry = {
  slug: string;
  name: string;
  description: string;
  subcategories: SubcategoryEntry[];
};

type ProductEntry = {
  slug: string;
  name: string;
  description: string;
  categories: CategoryEntry[];
};

export type CatalogSource = {
  products: ProductEntry[];
  /** Every component, in catalogue order. */
  components: ComponentEntry[];
  /** The metadata files' text, keyed by path, so the catalogue hash covers them too. */
  metadata: Record<string, string>;
};

/** A stable UUID-formatted id (version 8, "custom") derived from sha256 of the component path. */
export function componentUuid(path: string): string {
  const hex = createHash('sha256').update(path).digest('hex').slice(0, 32).split('');
  hex[12] = '8';
  hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

type Described = {
  name: string;
  description: string;
  introduction: string;
  order: number | undefined;
};

function readDescription(file: string, metadata: Record<string, string>, root: string): Described {
  if (!existsSync(file)) throw new Error(`${file}: missing`);
  const text = readFileSync(file, 'utf8');
  metadata[relative(root, file)] = text;
  const raw = (parseYaml(text) ?? {}) as Record<string, unknown>;
  if (typeof raw.name !== 'string' || !raw.name.trim()) throw new Error(`${file}: needs a name`);
  return {
    name: raw.name.trim(),
    description: typeof raw.description === 'string' ? raw.description.trim() : '',
    introduction: typeof raw.introduction === 'string' ? raw.introduction.trim() : '',
    order: typeof raw.order === 'number' ? raw.order : undefined,
  };
}

function directories(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => !name.startsWith('.') && !name.startsWith('_'))
    .filter((name) => statSync(join(dir, name)).isDirectory());
}

function byOrderThenName<T extends { order: number | undefined; name: string }>(
  a: T,
  b: T,
): number {
  const orderA = a.order ?? Number.POSITIVE_INFINITY;
  const orderB = b.order ?? Number.POSITIVE_INFINITY;
  if (orderA !== orderB) return orderA < orderB ? -1 : 1;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

function readOverride(file: string): OverrideFile | undefined {
  return existsSync(file) ? { file, source: readFileSync(file, 'utf8') } : undefined;
}

/**
 * Walks `content/components/<product>/<category>/<subcategory>/<slug>.html` with the
 * `_product.yaml`/`_category.yaml`/`_subcategory.yaml` beside them, and picks up hand-completed
 * overrides from `overrides/<same path>.react.tsx` and `.vue`. Products, categories and
 * subcategories sort by an optional `order` then name; components by `order` then name.
 */
export function loadCatalog({
  contentDir = CONTENT_DIR,
  overridesDir = OVERRIDES_DIR,
}: { contentDir?: string; overridesDir?: string } = {}): CatalogSource {
  const componentsDir = join(contentDir, 'components');
  const metadata: Record<string, string> = {};
  const products: Array<ProductEntry & { order: number | undefined }> = [];
  for (const product of directories(componentsDir)) {
    const productDir = join(componentsDir, product);
    const productMeta = readDescription(join(productDir, '_product.yaml'), metadata, componentsDir);
    const categories: Array<CategoryEntry & { order: number | undefined }> = [];
    for (const category of directories(productDir)) {
      const categoryDir = join(productDir, category);
      const categoryMeta = readDescription(
        join(categoryDir, '_category.yaml'),
        metadata,
        componentsDir,
      );
      const subcategories: Array<SubcategoryEntry & { order: number | undefined }> = [];
      for (const subcategory of directories(categoryDir)) {
        const subcategoryDir = join(categoryDir, subcategory);
        const subcategoryMeta = readDescription(
          join(subcategoryDir, '_subcategory.yaml'),
          metadata,
          componentsDir,
        );
        const components: ComponentEntry[] = [];
        for (const name of readdirSync(subcategoryDir).filter((file) => file.endsWith('.html'))) {
          const slug = name.slice(0, -'.html'.length);
          const file = join(subcategoryDir, name);
          const source = readFileSync(file, 'utf8');
          const path = `${product}/${category}/${subcategory}/${slug}`;
          const { meta, html } = parseComponentFile(source, path);
          const overrideBase = join(overridesDir, product, category, subcategory, slug);
          const overrides: ComponentEntry['overrides'] = {};
          const react = readOverride(`${overrideBase}.react.tsx`);
          const vue = readOverride(`${overrideBase}.vue`);
          if (react) overrides.react = react;
          if (vue) overrides.vue = vue;
          components.push({
            uuid: componentUuid(path),
            product,
            category,
            subcategory,
            slug,
            path,
            file,
            source,
            meta,
            html,
            overrides,
          });
        }
        const names = new Set<string>();
        for (const component of components) {
          if (names.has(component.meta.name)) {
            throw new Error(
              `${component.path}: name "${component.meta.name}" is used twice in ${subcategory}`,
            );
          }
          names.add(component.meta.name);
        }
        components.sort((a, b) =>
          byOrderThenName(
            { order: a.meta.order, name: a.meta.name },
            { order: b.meta.order, name: b.meta.name },
          ),
        );
        subcategories.push({ slug: subcategory, ...subcategoryMeta, components });
      }
      categories.push({
        slug: category,
        ...categoryMeta,
        subcategories: subcategories.sort(byOrderThenName).map(withoutOrder),
      });
    }
    products.push({
      slug: product,
      ...productMeta,
      categories: categories.sort(byOrderThenName).map(withoutOrder),
    });
  }
  const sorted = products.sort(byOrderThenName).map(withoutOrder);
  const components = sorted.flatMap((product) =>
    product.categories.flatMap((category) =>
      category.subcategories.flatMap((subcategory) => subcategory.components),
    ),
  );
  return { products: sorted, components, metadata };
}

function withoutOrder<T extends { order: number | undefined; introduction?: string }>(
  entry: T,
): Omit<T, 'order'> {
  const { order: _order, ...rest } = entry;
  return rest;
}
