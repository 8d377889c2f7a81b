import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import express, { Router, type RequestHandler } from 'express';
import { matchesIfNoneMatch, negotiateEncoding, type ContentCoding } from '../compression.ts';
import { plainErrors, plainNotFound } from '../error-handlers.ts';
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

/**
 * The font preload, the stylesheets and the entry script for `entry`, from a Vite manifest. No
 * module preloads (decision 058): the first paint is the server's HTML and needs only the CSS and
 * the text font; preloaded chunks competed with them and held the largest paint back (Home's LCP
 * 3.16 s with them, 1.51 s without, issue 26). The entry's imports and the page's chunk load
 * after it, as the browser finds them.
 */
export function manifestTags(
  manifest: ViteManifest,
  entry = CLIENT_ENTRY,
  base = ASSET_BASE,
): string {
  const chunk = manifest[entry];
  if (!chunk) throw new Error(`The Vite manifest has no entry "${entry}"`);
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const current = manifest[key];
    if (!current) return;
    for (const file of current.css ?? []) css.add(file);
    for (const imported of current.imports ?? []) visit(imported);
  };
  visit(entry);
  const url = (file: string) => escapeHtml(`${base}${file}`);
  const fonts = (chunk.assets ?? []).filter((file) => TEXT_FONT.test(file));
  return [
    ...fonts.map(
      (file) => `<link rel="preload" href="${url(file)}" as="font" type="font/woff2" crossorigin>`,
    ),
    ...[...css].map((file) => `<link rel="stylesheet" href="${url(file)}">`),
    `<script type="module" src="${url(chunk.file)}"></script>`,
  ].join('\n');
}

export function clientAssetsFromManifest(manifestText: string): ClientAssets {
  const manifest = JSON.parse(manifestText) as ViteManifest;
  const tags = manifestTags(manifest);
  return { version: assetVersion(manifestText), headTags: () => tags };
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
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A hashed asset's name: nothing that could leave the folder or name a dotfile. */
const HASHED_ASSET_PATH = /^\/assets\/([A-Za-z0-9_-][A-Za-z0-9._-]*)$/;

type Coded = { body: Buffer; etag: string };
type Precompressed = Partial<Record<'br' | 'gzip', Coded>>;

async function readCoded(file: string, etag: string): Promise<Coded | undefined> {
  try {
    return { body: await readFile(file), etag };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * The build's brotli and gzip copies of a hashed asset (`x.js.br`, `x.js.gz`, made by
 * scripts/precompress.mjs), sent when the browser accepts them: `Content-Encoding`,
 * `Vary: Accept-Encoding`, a strong ETag per coding (the name carries the content hash), 304 on
 * a matching `If-None-Match`. A Range on a coded body is ignored (a full 200, `Accept-Ranges:
 * none`), which HTTP allows; an uncoded asset is left to express.static, which serves ranges.
 * Hashed files never change, so each is read once and kept (the client build is ~1.3 MB).
 */
function precompressedAssets(assetsDir: string): RequestHandler {
  const known = new Map<string, Promise<Precompressed>>();
  const lookup = (name: string) => {
    let found = known.get(name);
    if (!found) {
      const file = path.join(assetsDir, name);
      found = Promise.all([
        readCoded(`${file}.br`, `"${name}-br"`),
        readCoded(`${file}.gz`, `"${name}-gz"`),
      ]).then(([br, gzip]) => {
        // Only what exists is remembered: made-up names must not grow the map.
        if (!br && !gzip) known.delete(name);
        return { ...(br && { br }), ...(gzip && { gzip }) };
      });
      found.catch(() => known.delete(name));
      known.set(name, found);
    }
    return found;
  };
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const name = HASHED_ASSET_PATH.exec(req.path)?.[1];
    if (!name || name.endsWith('.br') || name.endsWith('.gz')) return next();
    const coded = await lookup(name);
    const available = Object.keys(coded) as ContentCoding[];
    if (available.length === 0) return next();
    res.vary('Accept-Encoding');
    const coding = negotiateEncoding(req.headers['accept-encoding'], available);
    if (coding === 'identity') return next();
    const { body, etag } = coded[coding]!;
    res.setHeader('Cache-Control', IMMUTABLE);
    res.setHeader('ETag', etag);
    res.setHeader('Accept-Ranges', 'none');
    if (matchesIfNoneMatch(req.headers['if-none-match'], etag)) return res.status(304).end();
    res.type(path.extname(name));
    res.setHeader('Content-Encoding', coding);
    res.setHeader('Content-Length', body.length);
    return req.method === 'HEAD' ? res.end() : res.end(body);
  };
}

/**
 * Serves the built client under /build/. Files under /build/assets/ carry a content hash in
 * their name and never change: they are cached for a year, and sent brotli- or gzip-coded from
 * the build's pre-compressed copies when the browser accepts it. Anything else is revalidated.
 * A missing or refused file is a line of plain text, never a page.
 *
 * With a shared assets folder (`sharedAssetsDir`, decision 034) the hashed files come from there
 * first: it holds those of the releases running beside this one, so a page rendered by another
 * release never loses its scripts to a balancer that sends the request here.
 */
export function staticAssets(storefrontDist: string, sharedAssetsDir?: string): Router {
  const root = clientDir(storefrontDist);
  const router = Router();
  if (sharedAssetsDir) {
    const shared = express.static(sharedAssetsDir, {
      index: false,
      fallthrough: true,
      dotfiles: 'ignore',
      cacheControl: false,
      setHeaders: (res) => res.setHeader('Cache-Control', IMMUTABLE),
    });
    router.use(precompressedAssets(sharedAssetsDir), (req, res, next) => {
      const name = HASHED_ASSET_PATH.exec(req.path)?.[1];
      if (!name || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
      req.url = `/${name}`;
      shared(req, res, () => {
        req.url = `/assets/${name}`;
        next();
      });
    });
  }
  const files = express.static(root, {
    index: false,
    fallthrough: false,
    dotfiles: 'ignore',
    cacheControl: false,
    setHeaders(res, filePath) {
      const hashed = path.relative(root, filePath).startsWith(HASHED_ASSETS);
      res.setHeader('Cache-Control', hashed ? IMMUTABLE : 'public, max-age=0, must-revalidate');
    },
  });
  router.use(precompressedAssets(path.join(root, 'assets')), files, plainNotFound(), plainErrors());
  return router;
}
