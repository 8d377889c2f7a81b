// Helpers for the pipeline's tests: small content trees on disk and one shared real build.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { buildCatalog } from './build.ts';
import type { BuildResult } from './build.ts';
import { DEFAULT_CACHE_DIR } from './cache.ts';

export function temporaryDirectory(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `catalog-${prefix}-`));
}

/** Writes `files` (path → text) under a fresh directory and returns it. */
export function writeTree(root: string, files: Record<string, string>): string {
  for (const [path, text] of Object.entries(files)) {
    const file = join(root, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  return root;
}

/** A component file with its front matter. */
export function componentSource(
  html: string,
  meta: {
    name: string;
    order?: number;
    requiresJavaScript?: boolean;
    archived?: boolean;
    new?: boolean;
  },
): string {
  const lines = [
    '---',
    `name: ${meta.name}`,
    `new: ${meta.new ?? false}`,
    `archived: ${meta.archived ?? false}`,
    `requiresJavaScript: ${meta.requiresJavaScript ?? false}`,
    ...(meta.order === undefined ? [] : [`order: ${meta.order}`]),
    '---',
    html.trim(),
    '',
  ];
  return lines.join('\n');
}

/** `_product.yaml`, `_category.yaml` and `_subcategory.yaml` for one small tree. */
export function metadataFiles(
  product = 'kit',
  category = 'forms',
  subcategory = 'inputs',
): Record<string, string> {
  return {
    [`components/${product}/_product.yaml`]: 'name: Kit\ndescription: A kit.\n',
    [`components/${product}/${category}/_category.yaml`]: 'name: Forms\ndescription: Forms.\n',
    [`components/${product}/${category}/${subcategory}/_subcategory.yaml`]:
      'name: Inputs\ndescription: Inputs.\nintroduction: Inputs for forms.\n',
  };
}

export type RealBuild = BuildResult & { outDir: string };

/**
 * Builds the real catalogue into a temporary directory with the package's cache (so a warm
 * cache makes this fast, and a cold one fills it for the next run).
 */
export async function buildRealCatalog({
  screenshots,
}: {
  screenshots: boolean;
}): Promise<RealBuild> {
  const outDir = temporaryDirectory('dist');
  const result = await buildCatalog({
    outDir,
    cacheDir: DEFAULT_CACHE_DIR,
    screenshots,
    log: () => {},
  });
  return { ...result, outDir };
}
