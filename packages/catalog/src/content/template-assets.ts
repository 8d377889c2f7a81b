import { createHash } from 'node:crypto';
import { access, copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../../../scripts/chromium.mjs';
import { compileTailwindCss } from '../tailwind.ts';
import { readPngSize } from './png.ts';
import { compileTemplateCss, TAILWIND_VERSION } from './template-css.ts';
import { STYLESHEET_LINK, templateUrls, type TemplateSource } from './templates.ts';
import { deterministicZip } from './zip.ts';

/** The store shows template images at 560×380 and banners at 1600×1280: shots are taken so. */
const IMAGE_SIZE = { width: 560, height: 380 } as const;
const BANNER_SIZE = { width: 1600, height: 1280 } as const;

/** Bump when the way screenshots are composed changes, so cached shots are retaken. */
const RENDER_VERSION = 1;

export type TemplateAssetOptions = {
  outDir: string;
  cacheDir: string;
  /** false: reuse cached shots when they exist, never start Chromium. */
  screenshots: boolean;
  log?: (message: string) => void;
};

export type TemplateAssetResult = {
  slug: string;
  demoFile: string;
  zipFile: string;
  imageFile: string | null;
  bannerFile: string | null;
  screenshots: 'rendered' | 'cached' | 'skipped';
};

const decoder = new TextDecoder();

function fileText(source: TemplateSource, path: string): string {
  const file = source.files.find((candidate) => candidate.path === path);
  if (!file) throw new Error(`${source.dir}/source/${path}: missing`);
  return decoder.decode(file.bytes);
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** The template's stylesheet as its own CLI build would produce it. */
export async function buildTemplateCss(
  source: TemplateSource,
  { minify }: { minify: boolean },
): Promise<string> {
  const html = source.files
    .filter((file) => file.path.endsWith('.html'))
    .map((file) => decoder.decode(file.bytes));
  return compileTemplateCss(fileText(source, 'src/styles.css'), html, { minify });
}

/** index.html with its compiled CSS inlined: one self-contained file, nothing fetched. */
export function demoDocument(source: TemplateSource, css: string): string {
  // A function replacement, so `$&`-like sequences in the CSS stay literal.
  return fileText(source, 'index.html').replace(STYLESHEET_LINK, () => `<style>${css}</style>`);
}

/** The owner's download: source/ plus the prebuilt dist/styles.css, under a `<slug>/` folder. */
export function templateArchive(source: TemplateSource, css: string): Uint8Array {
  return deterministicZip([
    ...source.files.map((file) => ({ path: `${source.slug}/${file.path}`, bytes: file.bytes })),
    { path: `${source.slug}/dist/styles.css`, bytes: new TextEncoder().encode(css) },
  ]);
}

/** Content hash of everything a template's screenshots depend on. */
function templateHash(source: TemplateSource, yamlSource: string): string {
  const hash = createHash('sha256');
  hash.update(`render:${RENDER_VERSION}\0tailwind:${TAILWIND_VERSION}\0`);
  hash.update(yamlSource);
  for (const file of source.files) {
    hash.update(`\0${file.path}\0`);
    hash.update(file.bytes);
  }
  return hash.digest('hex').slice(0, 16);
}

function bannerHtml(source: TemplateSource, desktop: Buffer, mobile: Buffer): string {
  const { name, type, summary, accent } = source.meta;
  const png = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;
  return `<div class="relative h-[1280px] w-[1600px] overflow-hidden bg-linear-to-br from-${accent}-500 via-${accent}-700 to-gray-950 font-sans">
  <svg class="absolute inset-0 size-full text-white/10" aria-hidden="true"><defs><pattern id="grid" width="64" height="64" patternUnits="userSpaceOnUse"><path d="M64 0H0V64" fill="none" stroke="currentColor" stroke-width="1"/></pattern></defs><rect width="100%" height="100%" fill="url(#grid)"/></svg>
  <div class="relative px-24 pt-24">
    <p class="text-2xl font-semibold tracking-widest text-white/80 uppercase">${escapeHtml(type)}</p>
    <h1 class="mt-4 text-8xl font-bold tracking-tight text-white">${escapeHtml(name)}</h1>
    <p class="mt-8 max-w-4xl text-3xl/snug text-white/85">${escapeHtml(summary)}</p>
  </div>
  <div class="absolute top-[480px] left-24 w-[1240px] overflow-hidden rounded-2xl bg-white shadow-2xl ring-1 ring-black/20">
    <div class="flex items-center gap-2 border-b border-gray-200 bg-gray-100 px-5 py-4">
      <span class="size-3.5 rounded-full bg-red-400"></span><span class="size-3.5 rounded-full bg-amber-400"></span><span class="size-3.5 rounded-full bg-green-400"></span>
    </div>
    <img src="${png(desktop)}" width="1240" height="775" alt="" class="block" />
  </div>
  <div class="absolute top-[520px] right-20 w-[344px] rounded-[3.25rem] bg-gray-950 p-3.5 shadow-2xl ring-1 ring-white/20">
    <img src="${png(mobile)}" width="316" height="684" alt="" class="block rounded-[2.5rem]" />
  </div>
</div>`;
}

async function shoot(
  browser: Browser,
  html: string,
  viewport: { width: number; height: number },
  deviceScaleFactor: number,
): Promise<Buffer> {
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor,
    reducedMotion: 'reduce',
  });
  try {
    const page = await context.newPage();
    // Nothing may be fetched: the demo is self-contained and the network is not ours to use.
    await page.route('**/*', (route) => route.abort());
    await page.setContent(html, { waitUntil: 'load' });
    await page.evaluate(() => document.fonts.ready);
    return await page.screenshot({ animations: 'disabled', caret: 'hide' });
  } finally {
    await context.close();
  }
}

function assertSize(bytes: Uint8Array, size: { width: number; height: number }, what: string) {
  const actual = readPngSize(bytes);
  if (actual.width !== size.width || actual.height !== size.height) {
    throw new Error(
      `${what}: expected ${size.width}x${size.height}, got ${actual.width}x${actual.height}`,
    );
  }
}

/** Thumbnail (560x380) and banner (1600x1280) of a demo document. */
async function screenshotTemplate(
  browser: Browser,
  source: TemplateSource,
  demo: string,
): Promise<{ image: Buffer; banner: Buffer }> {
  // A 1120x760 desktop viewport at half scale gives exactly 560x380 pixels.
  const image = await shoot(browser, demo, { width: 1120, height: 760 }, 0.5);
  assertSize(image, IMAGE_SIZE, `${source.slug} image`);
  const desktop = await shoot(browser, demo, { width: 1440, height: 900 }, 1);
  const mobile = await shoot(browser, demo, { width: 390, height: 844 }, 1);
  const frame = bannerHtml(source, desktop, mobile);
  const css = await compileTailwindCss([frame]);
  const bannerDocument = `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${css}</style></head><body class="m-0">${frame}</body></html>`;
  const banner = await shoot(browser, bannerDocument, BANNER_SIZE, 1);
  assertSize(banner, BANNER_SIZE, `${source.slug} banner`);
  return { image, banner };
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes, per template, the public outDir/templates/<slug>/{demo.html, image.png, banner.png}
 * and the sold archive outDir/private/templates/<slug>.zip, outside every public folder.
 * Shots are cached under cacheDir/templates/<slug>/<hash>/ so an unchanged template is not
 * shot again.
 */
export async function renderTemplateAssets(
  sources: TemplateSource[],
  { outDir, cacheDir, screenshots, log = () => {} }: TemplateAssetOptions,
): Promise<TemplateAssetResult[]> {
  let browser: Browser | undefined;
  const results: TemplateAssetResult[] = [];
  // Written afresh: nothing of an earlier build (an archive where older builds put it, a
  // template since removed) may stay in a served folder.
  await rm(join(outDir, 'templates'), { recursive: true, force: true });
  await rm(join(outDir, 'private', 'templates'), { recursive: true, force: true });
  try {
    for (const source of sources) {
      const dir = join(outDir, 'templates', source.slug);
      await mkdir(dir, { recursive: true });
      const [minified, readable] = await Promise.all([
        buildTemplateCss(source, { minify: true }),
        buildTemplateCss(source, { minify: false }),
      ]);
      const demo = demoDocument(source, minified);
      const demoFile = join(dir, 'demo.html');
      const zipFile = join(outDir, templateUrls(source.slug).downloadPath);
      await writeFile(demoFile, demo);
      await mkdir(dirname(zipFile), { recursive: true });
      await writeFile(zipFile, templateArchive(source, readable));

      const yamlSource = await readFile(join(source.dir, 'template.yaml'), 'utf8');
      const slugCache = join(cacheDir, 'templates', source.slug);
      const cached = join(slugCache, templateHash(source, yamlSource));
      const imageFile = join(dir, 'image.png');
      const bannerFile = join(dir, 'banner.png');
      let state: TemplateAssetResult['screenshots'];
      if (await exists(join(cached, 'banner.png'))) {
        state = 'cached';
      } else if (screenshots) {
        browser ??= await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
        const started = performance.now();
        const shots = await screenshotTemplate(browser, source, demo);
        await rm(slugCache, { recursive: true, force: true });
        await mkdir(cached, { recursive: true });
        await writeFile(join(cached, 'image.png'), shots.image);
        await writeFile(join(cached, 'banner.png'), shots.banner);
        log(`${source.slug}: screenshots in ${Math.round(performance.now() - started)} ms`);
        state = 'rendered';
      } else {
        // No shot for this version: better no image than one of an older version.
        await rm(imageFile, { force: true });
        await rm(bannerFile, { force: true });
        state = 'skipped';
      }
      if (state !== 'skipped') {
        await copyFile(join(cached, 'image.png'), imageFile);
        await copyFile(join(cached, 'banner.png'), bannerFile);
      }
      results.push({
        slug: source.slug,
        demoFile,
        zipFile,
        imageFile: state === 'skipped' ? null : imageFile,
        bannerFile: state === 'skipped' ? null : bannerFile,
        screenshots: state,
      });
    }
  } finally {
    await browser?.close();
  }
  return results;
}
