// Registry items in the shadcn registry protocol (https://ui.shadcn.com/schema/registry-item.json),
// as the `shadcn` CLI reads them. The index lists names and words only; an item's files carry
// code and are built only for a viewer the catalogue presenter gave the code to.
import { COMPANION_FILES, IMAGE_PUBLIC_DIR } from '@tessera/catalog/catalogue';
import type { Snippet, SnippetLanguageName } from '@tessera/catalog/catalogue';
import type { RegistryEntry } from './names.ts';

export const ITEM_SCHEMA = 'https://ui.shadcn.com/schema/registry-item.json';
export const REGISTRY_SCHEMA = 'https://ui.shadcn.com/schema/registry.json';
export const ITEM_TYPE = 'registry:block';

/** The languages an item comes in; React is the default (`?lang=` picks another). */
export const REGISTRY_LANGUAGES = ['react', 'html', 'vue'] as const satisfies SnippetLanguageName[];
export type RegistryLanguage = (typeof REGISTRY_LANGUAGES)[number];

const EXTENSION: Record<RegistryLanguage, string> = { react: 'tsx', html: 'html', vue: 'vue' };
/**
 * React files go through the CLI's transforms (TypeScript to JavaScript in a `tsx: false`
 * project); HTML and Vue files are written as they are (`registry:file`).
 */
const FILE_TYPE: Record<RegistryLanguage, 'registry:block' | 'registry:file'> = {
  react: 'registry:block',
  html: 'registry:file',
  vue: 'registry:file',
};
/** Packages every project of that language has: never asked of the CLI to install. */
const PROVIDED: Record<RegistryLanguage, ReadonlySet<string>> = {
  react: new Set(['react', 'react-dom']),
  vue: new Set(['vue']),
  html: new Set(),
};

export interface IndexItem {
  name: string;
  type: typeof ITEM_TYPE;
  title: string;
  description: string;
  categories: string[];
  meta: ItemMeta;
}

export interface ItemMeta {
  /** The component's page in the store. */
  url: string;
  /** The package that sells it, and its slug in the store (checkout, pricing). */
  package: string;
  packageSlug: string;
  /** Index only, with a valid token: whether the token's owner has the code. */
  owned?: boolean;
  /** Items only. */
  language?: RegistryLanguage;
  languages: readonly RegistryLanguage[];
  requiresJavaScript: boolean;
  archived: boolean;
  /**
   * The component's version (1 when added, one more for each change to its code) and the date of
   * that version: an installed item whose version is below the index's is out of date.
   */
  version: number;
  updatedOn: string;
}

export interface RegistryItemFile {
  path: string;
  type: 'registry:block' | 'registry:file';
  target: string;
  content: string;
}

export interface RegistryItem extends IndexItem {
  $schema: typeof ITEM_SCHEMA;
  author: string;
  dependencies: string[];
  devDependencies: string[];
  files: RegistryItemFile[];
}

function title(entry: RegistryEntry): string {
  return `${entry.subcategory.name}: ${entry.component.name}`;
}

function description(entry: RegistryEntry): string {
  const { product, category, subcategory, component } = entry;
  const interactive = component.requiresJavaScript ? ' Interactive.' : '';
  return `${component.name}, from ${subcategory.name} in ${product.name} (${category.name}).${interactive}`;
}

function meta(entry: RegistryEntry, appUrl: string): ItemMeta {
  return {
    url: `${appUrl}${entry.subcategory.url}`,
    package: entry.product.name,
    packageSlug: entry.product.slug,
    languages: REGISTRY_LANGUAGES,
    requiresJavaScript: entry.component.requiresJavaScript,
    archived: entry.component.archived,
    version: entry.component.version,
    updatedOn: entry.component.updatedOn,
  };
}

/** What the index says of a component: never its code, nor anything derived from it. */
export function indexItem(entry: RegistryEntry, appUrl: string, owned?: boolean): IndexItem {
  return {
    name: entry.name,
    type: ITEM_TYPE,
    title: title(entry),
    description: description(entry),
    categories: [entry.product.slug, entry.category.slug, entry.subcategory.slug],
    meta: owned === undefined ? meta(entry, appUrl) : { ...meta(entry, appUrl), owned },
  };
}

/** Where the file lands: under the project's `components` alias (components.json). */
export function filePaths(entry: RegistryEntry, language: RegistryLanguage) {
  const relative = `tessera/${entry.product.slug}/${entry.subcategory.slug}/${entry.component.slug}.${EXTENSION[language]}`;
  return { path: `registry/${relative}`, target: `@components/${relative}` };
}

const IMPORT =
  /(?:^|[;\n])\s*(import|export)\s+(type\s+)?(?:[\w*${}\s,]+?\s+from\s+)?['"]([^'"\n]+)['"]/g;

/** The npm package an import specifier names, or null for relative, absolute and built-ins. */
export function packageOf(specifier: string): string | null {
  if (/^(?:\.|\/|node:|[a-z]+:\/\/)/.test(specifier)) return null;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  return /^(?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/.test(name) ? name : null;
}

/**
 * The npm packages a snippet imports (`dependencies`) and imports for types only
 * (`devDependencies`), less what every project of its language already has.
 */
export function npmDependencies(
  code: string,
  language: RegistryLanguage,
): { dependencies: string[]; devDependencies: string[] } {
  const runtime = new Set<string>();
  const types = new Set<string>();
  if (language !== 'html') {
    for (const match of code.matchAll(IMPORT)) {
      const name = packageOf(match[3]!);
      if (!name || PROVIDED[language].has(name)) continue;
      (match[2] ? types : runtime).add(name);
    }
  }
  const dependencies = [...runtime].sort();
  return { dependencies, devDependencies: [...types].filter((name) => !runtime.has(name)).sort() };
}

/** An image the component shows: `<product>/<file>` under /images/catalog/, and its text. */
export interface ImageFile {
  image: string;
  content: string;
}

/**
 * The files that travel with a snippet: the images it shows, written to the project's public
 * folder (`~/` is the project root) so `/images/catalog/…` resolves in every bundler (Vite
 * serves and copies `public/` as the site root), and for React the companion type files a
 * TypeScript project needs beside it (`companions`).
 */
export function supportFiles(
  snippet: Pick<Snippet, 'companions'>,
  language: RegistryLanguage,
  images: readonly ImageFile[],
): RegistryItemFile[] {
  const files: RegistryItemFile[] = [];
  if (language === 'react') {
    for (const name of snippet.companions ?? []) {
      files.push({
        path: `registry/tessera/${name}`,
        type: 'registry:file',
        target: `@components/tessera/${name}`,
        content: COMPANION_FILES[name],
      });
    }
  }
  for (const { image, content } of images) {
    files.push({
      path: `registry/images/${image}`,
      type: 'registry:file',
      target: `~/${IMAGE_PUBLIC_DIR}/${image}`,
      content,
    });
  }
  return files;
}

/** The whole item: called only with the snippets the presenter gave this viewer. */
export function registryItem(
  entry: RegistryEntry,
  snippet: Pick<Snippet, 'snippet' | 'companions'>,
  language: RegistryLanguage,
  settings: { appUrl: string; brandName: string },
  images: readonly ImageFile[] = [],
): RegistryItem {
  const { path, target } = filePaths(entry, language);
  return {
    $schema: ITEM_SCHEMA,
    ...indexItem(entry, settings.appUrl),
    author: `${settings.brandName} <${settings.appUrl}>`,
    ...npmDependencies(snippet.snippet, language),
    files: [
      { path, type: FILE_TYPE[language], target, content: snippet.snippet },
      ...supportFiles(snippet, language, images),
    ],
    meta: { ...meta(entry, settings.appUrl), language },
  };
}
