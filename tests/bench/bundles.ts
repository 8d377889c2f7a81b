// `pnpm bench bundles`: the JavaScript and CSS a first load of each page fetches before it can
// render, gzip-compressed, beside the issue 15 budgets (JS ≤ 90 KiB, CSS ≤ 25 KiB on marketing
// pages). Reads the production build's Vite manifest (run `node scripts/build.mjs` first); no
// server needed. `BENCH_DIST=<dir>` measures another build (e.g. a copy from before a change).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

export const ENTRY = 'src/main.tsx';
/** The store's code: the entry imports it once the first paint is done (decision 067). */
export const START = 'src/start.tsx';
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
  'All-access': { path: '/all-access', component: 'AllAccess' },
  Checkout: { path: '/checkout/marketing', component: 'Checkout' },
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

/** The entry, the store's code it starts, and the page's chunk, as far as the build has them. */
function firstLoadKeys(manifest: Manifest, page: string): string[] {
  return [ENTRY, START, page].filter((key) => key === ENTRY || manifest[key]);
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
    const assets = firstLoadAssets(manifest, firstLoadKeys(manifest, key));
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

/**
 * What a page's first-load JavaScript is made of: each package's (or workspace folder's) share of
 * the rendered code of every first-load chunk (from `.vite/modules.json`, written by the build's
 * module report), turned into gzip KiB by the chunk's own compression ratio, largest first.
 */
export function contributors(dist: string, component: string, count = 5) {
  const report = join(dist, '.vite/modules.json');
  if (!existsSync(report)) return 'no .vite/modules.json (rebuild the storefront)';
  const modules = JSON.parse(readFileSync(report, 'utf8')) as Record<
    string,
    Record<string, number>
  >;
  const manifest = readManifest(dist);
  const key = `src/pages/${component}.tsx`;
  const { js } = firstLoadAssets(manifest, firstLoadKeys(manifest, key));
  const totals = new Map<string, number>();
  for (const file of js) {
    const sizes = modules[file] ?? {};
    const rendered = Object.values(sizes).reduce((sum, size) => sum + size, 0);
    const gzip = gzipKib(dist, [file]).gzip;
    for (const [owner, size] of Object.entries(sizes)) {
      totals.set(owner, (totals.get(owner) ?? 0) + (rendered > 0 ? (gzip * size) / rendered : 0));
    }
  }
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([owner, gzip]) => `${owner} ${gzip.toFixed(1)}`)
    .join(', ');
}

export function benchBundles(dist = clientDist()) {
  console.log(
    `\nFirst-load assets per page (${dist}): the entry + the store's code it starts + the page chunk + their static imports, ` +
      'gzip per file, summed (what a first visit fetches before it can render):',
  );
  console.table(bundleTable(dist));
  console.log('Top first-load JavaScript contributors per page (gzip KiB, estimated per chunk):');
  for (const [name, { component }] of Object.entries(BENCH_PAGES)) {
    console.log(`  ${name}: ${contributors(dist, component)}`);
  }
}

if (import.meta.main) benchBundles();
