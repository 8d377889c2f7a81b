import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import express, { Router } from 'express';
import { plainClientErrors, plainNotFound } from '../errors.ts';
import { escapeHtml } from '../inertia/document.ts';
import type { ClientAssets } from './types.ts';

/** The storefront's client entry, as keyed in the Vite manifest. */
export const CLIENT_ENTRY = 'src/main.tsx';
/** Vite `base` of the storefront build: every asset URL starts with it. */
export const ASSET_BASE = '/build/';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  css?: string[];
  imports?: string[];
  /** Files the chunk's code or CSS refers to (fonts among them). */
  assets?: string[];
}

/**
 * The text face every page sets its words in (Inter, Latin): fetched with the stylesheet rather
 * than after it, so text is laid out once in it instead of swapping from the fallback and moving
 * the page (layout shift, decision 017).
 */
const TEXT_FONT = /(^|\/)inter-latin-wght-normal-[\w-]+\.woff2$/;

export type ViteManifest = Record<string, ManifestChunk>;

export function clientDir(storefrontDist: string): string {
  return path.join(storefrontDist, 'client');
}

function manifestPath(storefrontDist: string): string {
  return path.join(clientDir(storefrontDist), '.vite', 'manifest.json');
}

export function ssrEntryPath(storefrontDist: string): string {
  return path.join(storefrontDist, 'ssr', 'ssr.js');
}

/** No build: no version checks, no asset tags. */
export const NO_ASSETS: ClientAssets = { version: '', headTags: () => '' };

/** The asset version is a hash of the manifest: any new build changes it. */
export function assetVersion(manifestText: string): string {
  return createHash('sha256').update(manifestText).digest('hex').slice(0, 20);
}

/** Stylesheets, module preloads and the entry script for `entry`, from a Vite manifest. */
export function manifestTags(
  manifest: ViteManifest,
  entry = CLIENT_ENTRY,
  base = ASSET_BASE,
): string {
  const chunk = manifest[entry];
  if (!chunk) throw new Error(`The Vite manifest has no entry "${entry}"`);
  const css = new Set<string>();
  const preloads = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string, isEntry: boolean) => {
    if (seen.has(key)) return;
    seen.add(key);
    const current = manifest[key];
    if (!current) return;
    for (const file of current.css ?? []) css.add(file);
    if (!isEntry) preloads.add(current.file);
    for (const imported of current.imports ?? []) visit(imported, false);
  };
  visit(entry, true);
  const url = (file: string) => escapeHtml(`${base}${file}`);
  const fonts = (chunk.assets ?? []).filter((file) => TEXT_FONT.test(file));
  return [
    ...fonts.map(
      (file) => `<link rel="preload" href="${url(file)}" as="font" type="font/woff2" crossorigin>`,
    ),
    ...[...css].map((file) => `<link rel="stylesheet" href="${url(file)}">`),
    ...[...preloads].map((file) => `<link rel="modulepreload" href="${url(file)}">`),
    `<script type="module" src="${url(chunk.file)}"></script>`,
  ].join('\n');
}

/** The Inertia page component's chunk in the manifest (apps/storefront/src/pages/{name}.tsx). */
export function pageChunkKey(component: string): string {
  return `src/pages/${component}.tsx`;
}

/**
 * Preloads for one page, beside the entry's tags: its chunk and the chunks it imports (which
 * the browser would discover only after the entry ran and asked for the page). The font is
 * the entry's (`manifestTags`).
 */
export function pagePreloadTags(
  manifest: ViteManifest,
  component: string,
  entry = CLIENT_ENTRY,
  base = ASSET_BASE,
): string {
  const url = (file: string) => escapeHtml(`${base}${file}`);
  const tags: string[] = [];
  // What the entry's tags already load.
  const loaded = new Set<string>();
  const collect = (key: string, into: Set<string>, skip: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || skip.has(chunk.file) || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) collect(imported, into, skip);
  };
  collect(entry, loaded, new Set());
  const page = new Set<string>();
  if (manifest[pageChunkKey(component)]) collect(pageChunkKey(component), page, loaded);
  for (const file of page) tags.push(`<link rel="modulepreload" href="${url(file)}">`);
  return tags.join('\n');
}

export function clientAssetsFromManifest(manifestText: string): ClientAssets {
  const manifest = JSON.parse(manifestText) as ViteManifest;
  const tags = manifestTags(manifest);
  // Built once per component (a few dozen pages), then a lookup per request.
  const perPage = new Map<string, string>();
  return {
    version: assetVersion(manifestText),
    headTags: (_url, component) => {
      if (component === undefined) return tags;
      let page = perPage.get(component);
      if (page === undefined) {
        const preloads = pagePreloadTags(manifest, component);
        page = preloads ? `${preloads}\n${tags}` : tags;
        perPage.set(component, page);
      }
      return page;
    },
  };
}

/** Reads the built client's manifest once; null when the storefront has not been built. */
export async function loadClientAssets(storefrontDist: string): Promise<ClientAssets | null> {
  let text: string;
  try {
    text = await readFile(manifestPath(storefrontDist), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return clientAssetsFromManifest(text);
}

const HASHED_ASSETS = `assets${path.sep}`;

/**
 * Serves the built client under /build/. Files under /build/assets/ carry a content hash in
 * their name and never change: they are cached for a year. Anything else is revalidated. A
 * missing or refused file is a line of plain text, never a page.
 */
export function staticAssets(storefrontDist: string): Router {
  const root = clientDir(storefrontDist);
  const router = Router();
  const files = express.static(root, {
    index: false,
    fallthrough: false,
    dotfiles: 'ignore',
    cacheControl: false,
    setHeaders(res, filePath) {
      const hashed = path.relative(root, filePath).startsWith(HASHED_ASSETS);
      res.setHeader(
        'Cache-Control',
        hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
      );
    },
  });
  router.use(files, plainNotFound(), plainClientErrors());
  return router;
}
