// The built catalogue (packages/catalog/dist, `pnpm build`), read once and indexed. Only public
// metadata is held in memory; code (dist/code/<uuid>.json) is read when an entitled viewer asks.
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { preserialized } from '../../http/inertia/raw-json.ts';
import type { ContentManifest, Template } from '@tessera/catalog/content';
import type {
  CatalogJson,
  CategoryJson,
  CodeJson,
  ComponentJson,
  HistoryJson,
  ProductJson,
  SubcategoryJson,
} from '@tessera/catalog/catalogue';
import type { RelatedCatalogJson, RelatedJson } from '@tessera/catalog/related';
import type { Logger } from '../../logger.ts';

export type {
  CategoryJson,
  CodeJson,
  ComponentJson,
  HistoryJson,
  ProductJson,
  RelatedJson,
  SubcategoryJson,
  Template,
};

/** A subcategory with the product and category it belongs to. */
export interface SubcategoryPlace {
  product: ProductJson;
  category: CategoryJson;
  subcategory: SubcategoryJson;
}

export interface ComponentPlace extends SubcategoryPlace {
  component: ComponentJson;
}

export interface Catalogue {
  /** The build's input hash: changes whenever anything in the catalogue does. */
  version: string;
  products: readonly ProductJson[];
  templates: readonly Template[];
  docs: ContentManifest['docs'];
  /** `/components/<product>/<category>/<subcategory>`, without a version prefix. */
  subcategory(url: string): SubcategoryPlace | undefined;
  subcategories(): readonly SubcategoryPlace[];
  component(uuid: string): ComponentPlace | undefined;
  template(slug: string): Template | undefined;
  /** The components related to one (dist/related.json, public metadata): empty when none. */
  related(uuid: string): readonly RelatedJson[];
  /** The three snippets of a component: only ever called for a viewer entitled to them. */
  code(uuid: string): Promise<CodeJson>;
  /**
   * The diffs of each change to a component (none for one never changed): like its code, only
   * ever called for a viewer entitled to it.
   */
  history(uuid: string): Promise<HistoryJson>;
  /** Absolute paths of files the server streams after its own checks. */
  previewFile(uuid: string): string;
  /** A component's code file, for readers that must not fill the cache (bulk downloads). */
  codeFile(uuid: string): string;
  templateArchive(template: Template): string;
  /** Public, immutable-by-content directories: screenshots, component images, template assets. */
  dirs: { screenshots: string; images: string; templates: string; fonts: string };
}

class CatalogueMissingError extends Error {
  override name = 'CatalogueMissingError';
  constructor(dir: string, file: string) {
    super(
      `The catalogue is not built: ${path.join(dir, file)} is missing. Run \`pnpm build\` (or \`npm start\`, which builds it).`,
    );
  }
}

function readJson<T>(dir: string, file: string): T {
  const full = path.join(dir, file);
  if (!existsSync(full)) throw new CatalogueMissingError(dir, file);
  return JSON.parse(readFileSync(full, 'utf8')) as T;
}

/** What the parsed code of the most recently shown components may weigh. */
const CODE_CACHE_BYTES = 32 * 1024 * 1024;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Reads and indexes a catalogue build. Throws CatalogueMissingError when it was not built. */
export function loadCatalogue(dir: string): Catalogue {
  const catalog = readJson<CatalogJson>(dir, 'catalog.json');
  const content = readJson<ContentManifest>(dir, 'content.json');
  const related = readJson<RelatedCatalogJson>(dir, 'related.json');
  if (related.generatedFrom !== catalog.generatedFrom) {
    throw new Error(
      `The catalogue build is inconsistent: ${path.join(dir, 'related.json')} was derived from another build than catalog.json. Rebuild it (\`pnpm build\`).`,
    );
  }

  const bySubcategoryUrl = new Map<string, SubcategoryPlace>();
  const byUuid = new Map<string, ComponentPlace>();
  for (const product of catalog.products) {
    for (const category of product.categories) {
      for (const subcategory of category.subcategories) {
        const place = { product, category, subcategory };
        bySubcategoryUrl.set(subcategory.url, place);
        for (const component of subcategory.components) {
          byUuid.set(component.uuid, { ...place, component });
        }
      }
    }
  }
  const templates = [...content.templates].sort((a, b) => a.order - b.order);
  const bySlug = new Map(templates.map((template) => [template.slug as string, template]));
  // Highlighted code is most of an owner's page: kept parsed and serialized, within a bound.
  const codeCache = new LRUCache<string, { code: CodeJson; bytes: number }>({
    maxSize: CODE_CACHE_BYTES,
    // The parsed objects and the serialized snippets: about twice the file.
    sizeCalculation: ({ bytes }) => Math.max(1, 2 * bytes),
    fetchMethod: async (uuid) => {
      const text = await readFile(path.join(dir, 'code', `${uuid}.json`), 'utf8');
      const code = JSON.parse(text) as CodeJson;
      preserialized(code.snippets);
      return { code, bytes: text.length };
    },
  });

  const historyCache = new LRUCache<string, HistoryJson>({
    max: 256,
    fetchMethod: async (uuid) =>
      JSON.parse(await readFile(path.join(dir, 'history', `${uuid}.json`), 'utf8')) as HistoryJson,
  });

  return {
    version: catalog.generatedFrom,
    products: catalog.products,
    templates,
    docs: content.docs,
    subcategory: (url) => bySubcategoryUrl.get(url),
    subcategories: () => [...bySubcategoryUrl.values()],
    component: (uuid) => (UUID.test(uuid) ? byUuid.get(uuid) : undefined),
    template: (slug) => bySlug.get(slug),
    // Only components of this build: the file's own key, never another object's property.
    related: (uuid) =>
      byUuid.has(uuid) && Object.hasOwn(related.components, uuid) ? related.components[uuid]! : [],
    code(uuid) {
      if (!byUuid.has(uuid)) return Promise.reject(new Error(`No component ${uuid}`));
      return codeCache.fetch(uuid).then((entry) => entry!.code);
    },
    async history(uuid) {
      const place = byUuid.get(uuid);
      if (!place) throw new Error(`No component ${uuid}`);
      if (place.component.version <= 1) return { changes: [] };
      return (await historyCache.fetch(uuid))!;
    },
    previewFile: (uuid) => path.join(dir, 'previews', `${uuid}.html`),
    codeFile(uuid) {
      if (!byUuid.has(uuid)) throw new Error(`No component ${uuid}`);
      return path.join(dir, 'code', `${uuid}.json`);
    },
    templateArchive: (template) => path.join(dir, template.downloadPath),
    dirs: {
      screenshots: path.join(dir, 'screenshots'),
      images: path.join(dir, 'images'),
      templates: path.join(dir, 'templates'),
      fonts: path.join(dir, 'fonts'),
    },
  };
}

/**
 * The public image URLs the pages show (category cards, component screenshots, template images)
 * whose files the build lacks: a catalogue built without Chromium, or a partial copy.
 */
export function missingImages(catalogue: Catalogue): string[] {
  const urls: (string | null)[] = [];
  for (const { subcategory } of catalogue.subcategories()) {
    urls.push(subcategory.thumbnailUrl);
    for (const component of subcategory.components) {
      urls.push(
        component.smallScreenshotUrl,
        component.largeScreenshotUrl,
        component.smallDarkScreenshotUrl,
        component.largeDarkScreenshotUrl,
      );
    }
  }
  for (const template of catalogue.templates) {
    urls.push(template.imageUrl, template.bannerUrl);
  }
  const roots = {
    '/catalog/screenshots/': catalogue.dirs.screenshots,
    '/catalog/images/': catalogue.dirs.images,
    '/catalog/templates/': catalogue.dirs.templates,
  };
  const missing = new Set<string>();
  for (const url of urls) {
    if (!url) continue;
    const [prefix, dir] = Object.entries(roots).find(([start]) => url.startsWith(start)) ?? [];
    if (!prefix || !dir) continue;
    let file: string;
    try {
      file = decodeURIComponent(url.slice(prefix.length));
    } catch {
      file = url.slice(prefix.length);
    }
    if (!existsSync(path.join(dir, file))) missing.add(url);
  }
  return [...missing];
}

/**
 * The catalogue, loaded on first use: a process that never shows it (a migration, a test of
 * the accounts pages) never needs it built. `preload` reads it at start (production).
 * `onLoad` runs once, when it is first read.
 */
export function lazyCatalogue(
  dir: string,
  onLoad?: (catalogue: Catalogue) => void,
): () => Catalogue {
  let loaded: Catalogue | undefined;
  return () => {
    if (loaded) return loaded;
    loaded = loadCatalogue(dir);
    onLoad?.(loaded);
    return loaded;
  };
}

/**
 * The built catalogue the store serves, read from `dir` on first use. A build without the
 * images the pages show still serves (each page shows a named placeholder), but says so once,
 * as an error in production.
 */
export function builtCatalogue(options: {
  dir: string;
  logger: Logger;
  production: boolean;
}): () => Catalogue {
  const { logger } = options;
  return lazyCatalogue(options.dir, (loaded) => {
    const missing = missingImages(loaded);
    if (missing.length === 0) return;
    const message = `The catalogue build lacks ${missing.length} image(s) the pages show, e.g. ${missing[0]}: rebuild it with Chromium (\`npm start\` or \`node scripts/build.mjs\`)`;
    const fields = { missing: missing.length, example: missing[0] };
    if (options.production) logger.error(fields, message);
    else logger.warn(fields, message);
  });
}
