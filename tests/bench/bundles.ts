// `pnpm bench bundles`: the JavaScript and CSS a first load of each page fetches before it can
// render, gzip-compressed, beside the issue 15 budgets (JS ≤ 90 KiB, CSS ≤ 25 KiB on marketing
// pages). Reads the production build's Vite manifest (run `node scripts/build.mjs` first); no
// server needed. `BENCH_DIST=<dir>` measures another build (e.g. a copy from before a change).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

export const ENTRY = 'src/main.tsx';
export const JS_BUDGET_KIB = 90;
export const CSS_BUDGET_KIB = 25;

/** Each page Lighthouse measures, with its Inertia component (the chunk it loads). */
export const BENCH_PAGES = {
  Home: { path: '/', component: 'Home' },
  Components: { path: '/components', component: 'Components' },
  Subcategory: { path: '/components/marketing/sections/heroes', component: 'ComponentCategory' },
  Templates: { path: '/templates', component: 'Templates' },
  Template: { path: '/templates/catalyst', component: 'Template' },
  Login: { path: '/login', component: 'Login' },
} as const;

type Manifest = Record<
  string,
  { file: string; css?: string[]; imports?: string[]; dynamicImports?: string[] }
>;

export function clientDist(): string {
  return (
    process.env.BENCH_DIST ?? resolve(import.meta.dirname, '../../apps/storefront/dist/client')
  );
}

function readManifest(dist: string): Manifest {
  const file = join(dist, '.vite/manifest.json');
  if (!existsSync(file)) throw new Error(`No build at ${dist}: run \`node scripts/build.mjs\``);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/**
 * The files a first load fetches before it can render: each given chunk and its static imports
 * (not its dynamic imports), with the CSS of all of them, each file once.
 */
export function firstLoadAssets(manifest: Manifest, keys: string[]) {
  const seen = new Set<string>();
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
    if (seen.has(key)) return;
    seen.add(key);
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    chunk.css?.forEach((file) => css.add(file));
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return { js: [...js], css: [...css] };
}

const kib = (bytes: number) => Number((bytes / 1024).toFixed(1));

function gzipKib(dist: string, files: string[]) {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = readFileSync(join(dist, file));
    raw += bytes.length;
    gzip += gzipSync(bytes).length;
  }
  return { raw: kib(raw), gzip: kib(gzip) };
}

export function bundleTable(dist = clientDist()) {
  const manifest = readManifest(dist);
  const rows: Record<string, Record<string, string | number>> = {};
  for (const [name, { path, component }] of Object.entries(BENCH_PAGES)) {
    const key = `src/pages/${component}.tsx`;
    const assets = firstLoadAssets(manifest, manifest[key] ? [ENTRY, key] : [ENTRY]);
    const js = gzipKib(dist, assets.js);
    const css = gzipKib(dist, assets.css);
    rows[`${name} (${path})`] = {
      'JS files': assets.js.length,
      'JS KiB': js.raw,
      'JS gzip KiB': js.gzip,
      'JS budget': JS_BUDGET_KIB,
      'JS within':
        js.gzip <= JS_BUDGET_KIB ? 'yes' : `NO (+${kib((js.gzip - JS_BUDGET_KIB) * 1024)})`,
      'CSS gzip KiB': css.gzip,
      'CSS budget': CSS_BUDGET_KIB,
      'CSS within': css.gzip <= CSS_BUDGET_KIB ? 'yes' : 'NO',
    };
  }
  return rows;
}

/** The biggest first-load files of one page, to see where the kilobytes are. */
export function largestFiles(dist = clientDist(), component = 'Home', count = 6) {
  const manifest = readManifest(dist);
  const { js } = firstLoadAssets(manifest, [ENTRY, `src/pages/${component}.tsx`]);
  return Object.fromEntries(
    js
      .map((file) => [file, gzipKib(dist, [file]).gzip] as const)
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([file, gzip]) => [file, { 'gzip KiB': gzip }]),
  );
}

export function benchBundles(dist = clientDist()) {
  console.log(
    `\nFirst-load assets per page (${dist}): the entry + the page chunk + their static imports, ` +
      'gzip per file, summed (what a first visit fetches before it can render):',
  );
  console.table(bundleTable(dist));
  console.log('Largest first-load JavaScript files of Home:');
  console.table(largestFiles(dist));
}

if (import.meta.main) benchBundles();
