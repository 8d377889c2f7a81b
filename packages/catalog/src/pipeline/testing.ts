// Helpers for the pipeline's tests: small content trees on disk and one shared real build.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { codeHash, earlierCodeBase, historyFile } from '../history/history.ts';
import type { HistoryEntry, VersionCode } from '../history/history.ts';
import { buildCatalog } from './build.ts';
import { loadCatalog } from './load.ts';
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

type HistoryData = Record<string, HistoryEntry[]>;

function readHistoryFile(file: string): HistoryData {
  return existsSync(file) ? ((parseYaml(readFileSync(file, 'utf8')) ?? {}) as HistoryData) : {};
}

function writeHistoryFile(file: string, data: HistoryData): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, stringifyYaml(data));
}

function currentCode(contentDir: string, path: string, overridesDir?: string): VersionCode {
  const component = loadCatalog({
    contentDir,
    ...(overridesDir ? { overridesDir } : {}),
  }).components.find((candidate) => candidate.path === path);
  if (!component) throw new Error(`no component ${path}`);
  const code: VersionCode = { html: component.html };
  if (component.overrides.react) code.react = component.overrides.react.source;
  if (component.overrides.vue) code.vue = component.overrides.vue.source;
  return code;
}

/**
 * Gives every component of a small content tree without a history its first version (the build
 * requires one), dated `date`. Returns the content directory.
 */
export function withHistory(
  contentDir: string,
  { overridesDir, date = '2026-01-05' }: { overridesDir?: string; date?: string } = {},
): string {
  const historyDir = join(contentDir, 'history');
  const catalog = loadCatalog({ contentDir, ...(overridesDir ? { overridesDir } : {}) });
  for (const component of catalog.components) {
    const file = historyFile(historyDir, component.path);
    const data = readHistoryFile(file);
    if (data[component.slug]) continue;
    data[component.slug] = [
      {
        version: 1,
        date,
        hash: codeHash(currentCode(contentDir, component.path, overridesDir)),
        reason: 'Added',
      },
    ];
    writeHistoryFile(file, data);
  }
  return contentDir;
}

/**
 * Changes a component's HTML file as an author does: keeps the code of its newest version beside
 * the history, writes `source`, and records the new version with `reason` on `date`.
 */
export function changeComponent(
  contentDir: string,
  path: string,
  source: string,
  { reason, date }: { reason: string; date: string },
): void {
  const historyDir = join(contentDir, 'history');
  const file = historyFile(historyDir, path);
  const data = readHistoryFile(file);
  const slug = path.split('/').at(-1)!;
  const versions = data[slug] ?? [];
  const newest = versions.length;
  const before = currentCode(contentDir, path);
  const base = earlierCodeBase(historyDir, path, newest);
  mkdirSync(dirname(base), { recursive: true });
  writeFileSync(`${base}.html`, before.html);
  writeFileSync(join(contentDir, 'components', `${path}.html`), source);
  versions.push({
    version: newest + 1,
    date,
    hash: codeHash(currentCode(contentDir, path)),
    reason,
  });
  data[slug] = versions;
  writeHistoryFile(file, data);
}
