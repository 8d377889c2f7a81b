import { execFile } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { buildCatalog, CatalogBuildError } from './build.ts';
import { CATALOG_ROOT, CONTENT_DIR, loadCatalog } from './load.ts';
import { pngSize, PREVIEW_HEIGHT_WIDTHS } from './screenshots.ts';
import {
  buildRealCatalog,
  changeComponent,
  componentSource,
  metadataFiles,
  temporaryDirectory,
  withHistory,
  writeTree,
} from './testing.ts';
import type { RealBuild } from './testing.ts';
import type { CatalogJson, CodeJson, ComponentJson } from './types.ts';

const source = loadCatalog();
let real: RealBuild;
const printed: string[] = [];

beforeAll(async () => {
  const outDir = temporaryDirectory('dist');
  const result = await buildCatalog({
    outDir,
    cacheDir: join(CATALOG_ROOT, '.cache'),
    screenshots: true,
    log: (line) => printed.push(line),
  });
  real = { ...result, outDir };
});

const allComponents = (catalog: CatalogJson): ComponentJson[] =>
  catalog.products.flatMap((product) =>
    product.categories.flatMap((category) =>
      category.subcategories.flatMap((subcategory) => subcategory.components),
    ),
  );

describe('the real catalogue build', () => {
  test('writes catalog.json with the server contract and no code', () => {
    const catalog = JSON.parse(
      readFileSync(join(real.outDir, 'catalog.json'), 'utf8'),
    ) as CatalogJson;
    expect(catalog).toEqual(real.catalog);
    expect(catalog.generatedFrom).toMatch(/^[0-9a-f]{64}$/);
    expect(catalog.products.map((product) => product.slug).sort()).toEqual([
      'application-ui',
      'ecommerce',
      'marketing',
    ]);
    for (const product of catalog.products) {
      expect(product.url).toBe(`/components#product-${product.slug}`);
      for (const category of product.categories) {
        for (const subcategory of category.subcategories) {
          expect(subcategory.url).toBe(
            `/components/${product.slug}/${category.slug}/${subcategory.slug}`,
          );
          expect(subcategory.introduction.length).toBeGreaterThan(0);
          const current = subcategory.components.filter((component) => !component.archived);
          expect(subcategory.componentCount).toBe(current.length);
          expect(subcategory.hasArchived).toBe(current.length < subcategory.components.length);
          expect(subcategory.lastAddedOn).toBe(
            current
              .map((component) => component.addedOn)
              .filter(Boolean)
              .sort()
              .at(-1) ?? null,
          );
          // The card's own picture, in the card's proportions (the phone shot it showed before
          // was cropped by object-cover through lines of text).
          expect(subcategory.thumbnailUrl).toBe(
            current[0] ? `/catalog/screenshots/${current[0].uuid}-card.png` : null,
          );
          if (current[0]) {
            const card = readFileSync(
              join(real.outDir, 'screenshots', `${current[0].uuid}-card.png`),
            );
            expect(pngSize(card)).toEqual({ width: 840, height: 570 });
          }
        }
      }
    }
    const components = allComponents(catalog);
    expect(components).toHaveLength(source.components.length);
    for (const component of components) {
      expect(Object.keys(component).sort()).toEqual(
        [
          'uuid',
          'slug',
          'name',
          'order',
          'addedOn',
          // The version history (decision 063): public dates and reasons, never code.
          'addedIn',
          'version',
          'updatedOn',
          'history',
          'previewHeights',
          'archived',
          'requiresJavaScript',
          'imageCreditsHtml',
          'smallWidth',
          'smallHeight',
          'largeWidth',
          'largeHeight',
          'smallDarkHeight',
          'largeDarkHeight',
          'smallScreenshotUrl',
          'largeScreenshotUrl',
          'smallDarkScreenshotUrl',
          'largeDarkScreenshotUrl',
          'images',
        ].sort(),
      );
      expect(component.smallScreenshotUrl).toBe(`/catalog/screenshots/${component.uuid}-sm.png`);
      expect(component.largeScreenshotUrl).toBe(`/catalog/screenshots/${component.uuid}-lg.png`);
      expect(component.smallDarkScreenshotUrl).toBe(
        `/catalog/screenshots/${component.uuid}-sm-dark.png`,
      );
      expect(component.largeDarkScreenshotUrl).toBe(
        `/catalog/screenshots/${component.uuid}-lg-dark.png`,
      );
    }
    expect(components.filter((component) => component.requiresJavaScript)).toHaveLength(10);
    expect(components.filter((component) => component.archived)).toHaveLength(16);
    expect(components.some((component) => component.imageCreditsHtml?.includes('Tessera UI'))).toBe(
      true,
    );
    const text = JSON.stringify(catalog);
    // No snippet travels (a history's reasons may name snippets in words: decision 063).
    expect(text).not.toMatch(/"snippets?"\s*:/);
    expect(text).not.toContain('className');
  });

  test('writes highlighted HTML, React and Vue code for every component', () => {
    for (const component of source.components) {
      const code = JSON.parse(
        readFileSync(join(real.outDir, 'code', `${component.uuid}.json`), 'utf8'),
      ) as CodeJson;
      expect(code.snippets.map(({ language, label }) => `${language}:${label}`)).toEqual([
        'html:HTML',
        'react:React',
        'vue:Vue',
      ]);
      for (const snippet of code.snippets) {
        expect(snippet.highlight).toMatch(/^<pre class="shiki github-light"[^>]*><code>/);
        expect(snippet.highlight).toMatch(/<span style="color:#[0-9A-Fa-f]{6}">/);
      }
      const [html, react, vue] = code.snippets;
      expect(html!.snippet).toBe(component.html.trim() + '\n');
      expect(vue!.snippet).toMatch(/^(<script setup lang="ts">[\s\S]*)?<template>\n/);
      if (component.meta.requiresJavaScript) {
        expect(react!.snippet).toBe(component.overrides.react!.source);
        expect(vue!.snippet).toBe(component.overrides.vue!.source);
      } else {
        expect(react!.snippet).toMatch(/^export default function [A-Z]\w*\(\) \{\n {2}return \(\n/);
      }
    }
  });

  test('writes standalone previews with compiled CSS, no CDN, and a BODY_HEIGHT reporter', () => {
    for (const component of source.components) {
      const preview = readFileSync(join(real.outDir, 'previews', `${component.uuid}.html`), 'utf8');
      expect(preview.startsWith('<!doctype html>')).toBe(true);
      expect(preview).toContain(
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
      );
      expect(preview).toMatch(/<style>\/\*! tailwindcss v4\.\d+\.\d+/);
      expect(preview).not.toMatch(/cdn\.|unpkg|jsdelivr|<link[^>]+stylesheet|<script[^>]+src=/);
      expect(preview).toContain(`const name = ${JSON.stringify(component.uuid)};`);
      expect(preview).toContain('parent.postMessage({ type: "BODY_HEIGHT", name, height }, \'*\')');
      expect(preview).toContain('data.type !== "COLOR_SCHEME"');
      expect(preview).toContain('data.type !== "BODY_HEIGHT_REQUEST"');
      expect(preview).toContain(component.html.trim());
      expect(preview.includes('<script>\n    (() => {')).toBe(component.meta.requiresJavaScript);
    }
    // Only the classes a component uses are compiled in.
    const button = source.components.find((component) =>
      component.path.endsWith('elements/buttons/primary'),
    )!;
    const css = readFileSync(join(real.outDir, 'previews', `${button.uuid}.html`), 'utf8');
    expect(css).toContain('.bg-indigo-600');
    expect(css).not.toContain('.grid-cols-7');
    // dark: follows the class on <html>, not the media query.
    const hero = source.components.find((component) =>
      component.path.endsWith('marketing/sections/heroes/simple-centered'),
    )!;
    const heroCss = readFileSync(join(real.outDir, 'previews', `${hero.uuid}.html`), 'utf8');
    expect(heroCss).toMatch(/\.dark\\:bg-gray-900:where\(\.dark, ?\.dark \*\)/);
    expect(heroCss).not.toMatch(/prefers-color-scheme: ?dark\)[^}]*bg-gray-900/);
  });

  test('writes small and large screenshots with the recorded widths and heights', () => {
    for (const component of allComponents(real.catalog)) {
      const small = pngSize(
        readFileSync(join(real.outDir, 'screenshots', `${component.uuid}-sm.png`)),
      );
      const large = pngSize(
        readFileSync(join(real.outDir, 'screenshots', `${component.uuid}-lg.png`)),
      );
      expect(small).toEqual({ width: component.smallWidth, height: component.smallHeight });
      expect(large).toEqual({ width: component.largeWidth, height: component.largeHeight });
      expect(small.width).toBe(375);
      expect(large.width).toBe(1280);
      expect(small.height).toBeGreaterThan(20);
      expect(large.height).toBeGreaterThan(20);
      const smallDark = readFileSync(
        join(real.outDir, 'screenshots', `${component.uuid}-sm-dark.png`),
      );
      const largeDark = readFileSync(
        join(real.outDir, 'screenshots', `${component.uuid}-lg-dark.png`),
      );
      expect(pngSize(smallDark)).toEqual({ width: 375, height: component.smallDarkHeight });
      expect(pngSize(largeDark)).toEqual({ width: 1280, height: component.largeDarkHeight });
      // The heights the store's frames reserve, at each of its usual frame widths.
      expect(component.previewHeights!.map((entry) => entry.width)).toEqual([
        ...PREVIEW_HEIGHT_WIDTHS,
      ]);
      for (const entry of component.previewHeights!) {
        expect(entry.light).toBeGreaterThan(20);
        expect(entry.dark).toBeGreaterThan(20);
      }
    }
    // Measured, not copied from the shots: narrow frames of a responsive hero are taller.
    const hero = real.catalog.products
      .find((product) => product.slug === 'marketing')!
      .categories.find((category) => category.slug === 'sections')!
      .subcategories.find((subcategory) => subcategory.slug === 'heroes')!
      .components.find((component) => component.slug === 'split-with-screenshot')!;
    const [narrowest] = hero.previewHeights!;
    expect(narrowest!.light).toBeGreaterThan(hero.previewHeights!.at(-1)!.light);
  });

  test('dates each component by the changelog release that added it', () => {
    const subcategories = real.catalog.products.flatMap((product) =>
      product.categories.flatMap((category) => category.subcategories),
    );
    const byUrl = new Map(subcategories.map((subcategory) => [subcategory.url, subcategory]));
    const bento = byUrl.get('/components/marketing/sections/bento-grids')!;
    expect(bento.lastAddedOn).toBe('2026-11-23');
    expect(bento.components.every((component) => component.addedOn === '2026-11-23')).toBe(true);
    // Named one by one: the sixth order-history component came later, in no release.
    const orders = byUrl.get('/components/ecommerce/components/order-history')!;
    expect(
      orders.components.filter((component) => component.addedOn === '2024-02-20'),
    ).toHaveLength(5);
    expect(
      orders.components.find((component) => component.slug === 'compact-list-with-status-dots')!
        .addedOn,
    ).toBeNull();
    expect(byUrl.get('/components/marketing/sections/heroes')!.lastAddedOn).toBeNull();
  });

  test('copies the catalogue images', () => {
    for (const product of ['application-ui', 'ecommerce', 'marketing']) {
      expect(readdirSync(join(real.outDir, 'images', product)).sort()).toEqual(
        readdirSync(join(CONTENT_DIR, 'images', product)).sort(),
      );
    }
  });

  test('prints counts per product, category and subcategory, with timings and cache use', () => {
    const table = printed.join('\n');
    expect(printed[0]).toMatch(/^Product \/ category \/ subcategory\s+components\s+archived$/);
    for (const product of real.catalog.products) {
      expect(table).toMatch(new RegExp(`^${product.name}\\s+\\d+\\s+\\d+$`, 'm'));
      for (const category of product.categories) {
        for (const subcategory of category.subcategories) {
          const archived = subcategory.components.length - subcategory.componentCount;
          expect(table).toMatch(
            new RegExp(
              `^ {4}${subcategory.name}\\s+${subcategory.componentCount}\\s+${archived}$`,
              'm',
            ),
          );
        }
      }
    }
    const subcategories = real.catalog.products.flatMap((product) =>
      product.categories.flatMap((category) => category.subcategories),
    );
    const currentTotal = subcategories.reduce((sum, { componentCount }) => sum + componentCount, 0);
    const archivedTotal = subcategories.reduce(
      (sum, { components, componentCount }) => sum + components.length - componentCount,
      0,
    );
    expect(currentTotal).toBeGreaterThanOrEqual(198);
    expect(table).toMatch(new RegExp(`^Total\\s+${currentTotal}\\s+${archivedTotal}$`, 'm'));
    expect(table).toMatch(
      /Timings: load [\d.]+s, convert [\d.]+s, highlight [\d.]+s, rendered-text check [\d.]+s, previews [\d.]+s, screenshots [\d.]+s/,
    );
    expect(table).toMatch(/\d+ from cache/);
  });

  test('a second build comes entirely from the cache and writes identical output', async () => {
    const second = await buildRealCatalog({ screenshots: true });
    expect(second.stats).toMatchObject({
      converted: 0,
      convertedFromCache: source.components.length,
      screenshotsTaken: 0,
      screenshotsFromCache: source.components.length,
    });
    expect(second.catalog).toEqual(real.catalog);
    for (const component of source.components.slice(0, 40)) {
      for (const file of [
        `code/${component.uuid}.json`,
        `previews/${component.uuid}.html`,
        `screenshots/${component.uuid}-sm.png`,
      ]) {
        expect(
          readFileSync(join(second.outDir, file)).equals(readFileSync(join(real.outDir, file))),
          file,
        ).toBe(true);
      }
    }
  });
});

describe('caching and failures on a small catalogue', () => {
  const button =
    '<div class="bg-white p-4 dark:bg-gray-900"><button type="button" class="rounded-md bg-indigo-600 px-3 py-2 text-white">Save</button></div>';
  const card =
    '<div class="rounded-lg bg-white p-6 text-gray-900 shadow-sm dark:bg-gray-800 dark:text-white"><h3 class="text-base font-semibold">Plan</h3></div>';

  test('rebuilds only the component that changed', async () => {
    const content = withHistory(
      writeTree(temporaryDirectory('content'), {
        ...metadataFiles(),
        'components/kit/forms/inputs/button.html': componentSource(button, {
          name: 'Button',
          order: 1,
        }),
        'components/kit/forms/inputs/card.html': componentSource(card, {
          name: 'Card',
          order: 2,
          new: true,
        }),
      }),
    );
    const cacheDir = temporaryDirectory('cache');
    const build = () =>
      buildCatalog({
        outDir: temporaryDirectory('dist'),
        cacheDir,
        contentDir: content,
        screenshots: true,
        log: () => {},
      });

    const cold = await build();
    expect(cold.stats).toMatchObject({
      converted: 2,
      convertedFromCache: 0,
      screenshotsTaken: 2,
      screenshotsFromCache: 0,
    });
    const warm = await build();
    expect(warm.stats).toMatchObject({
      converted: 0,
      convertedFromCache: 2,
      screenshotsTaken: 0,
      screenshotsFromCache: 2,
    });

    changeComponent(
      content,
      'kit/forms/inputs/card',
      componentSource(card.replace('Plan', 'Team plan'), { name: 'Card', order: 2, new: true }),
      { reason: 'The plan names the team', date: '2026-02-01' },
    );
    const changed = await build();
    expect(changed.stats).toMatchObject({
      converted: 1,
      convertedFromCache: 1,
      screenshotsTaken: 1,
      screenshotsFromCache: 1,
    });
    const subcategory = changed.catalog.products[0]!.categories[0]!.subcategories[0]!;
    expect(subcategory).toMatchObject({ componentCount: 2, lastAddedOn: null, hasArchived: false });
    expect(subcategory.components.map((component) => component.smallWidth)).toEqual([375, 375]);
  });

  test('a cold rebuild reproduces the same output byte for byte', async () => {
    const content = withHistory(
      writeTree(temporaryDirectory('content'), {
        ...metadataFiles(),
        'components/kit/forms/inputs/button.html': componentSource(button, { name: 'Button' }),
        'components/kit/forms/inputs/card.html': componentSource(card, { name: 'Card' }),
      }),
    );
    const build = async () => {
      const outDir = temporaryDirectory('dist');
      await buildCatalog({
        outDir,
        cacheDir: temporaryDirectory('cache'),
        contentDir: content,
        screenshots: true,
        log: () => {},
      });
      return outDir;
    };
    const [first, second] = [await build(), await build()];
    const files = (dir: string) =>
      readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.(json|html|png)$/.test(file))
        .sort();
    expect(files(second)).toEqual(files(first));
    // Four shots per component, and the subcategory card's picture (thumbnail.ts).
    expect(files(first).filter((file) => file.endsWith('.png'))).toHaveLength(9);
    expect(files(first).filter((file) => file.endsWith('-card.png'))).toHaveLength(1);
    for (const file of files(first)) {
      expect(readFileSync(join(second, file)).equals(readFileSync(join(first, file))), file).toBe(
        true,
      );
    }
  });

  test('an unfaithful override fails the build naming the component', async () => {
    const content = writeTree(temporaryDirectory('content'), {
      ...metadataFiles(),
      'components/kit/forms/inputs/button.html': componentSource(button, { name: 'Button' }),
    });
    const overrides = writeTree(temporaryDirectory('overrides'), {
      'kit/forms/inputs/button.react.tsx':
        'export default function Button() {\n  return <div className="p-4"><button type="submit">Save</button></div>\n}\n',
    });
    withHistory(content, { overridesDir: overrides });
    const error = await buildCatalog({
      outDir: temporaryDirectory('dist'),
      cacheDir: temporaryDirectory('cache'),
      contentDir: content,
      overridesDir: overrides,
      screenshots: false,
      log: () => {},
    }).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(CatalogBuildError);
    const { failures, message } = error as CatalogBuildError;
    expect(failures.map((failure) => failure.component)).toEqual(['kit/forms/inputs/button']);
    expect(message).toContain('kit/forms/inputs/button: the React snippet is not faithful');
  });

  test('a corrupted screenshot fails the build naming the component and the shot', async () => {
    const content = withHistory(
      writeTree(temporaryDirectory('content'), {
        ...metadataFiles(),
        'components/kit/forms/inputs/button.html': componentSource(button, { name: 'Button' }),
        'components/kit/forms/inputs/card.html': componentSource(card, { name: 'Card' }),
      }),
    );
    const { uuid } = loadCatalog({ contentDir: content }).components.find(
      (component) => component.slug === 'card',
    )!;
    // How many renders of the card come out broken: its large shot replaced by another of its
    // shots (content at phone width, or in the wrong scheme), a different one each render.
    const build = (brokenRenders: number) =>
      buildCatalog({
        outDir: temporaryDirectory('dist'),
        cacheDir: temporaryDirectory('cache'),
        contentDir: content,
        screenshots: true,
        log: () => {},
        tamperScreenshots: (shotUuid, shots, render) =>
          shotUuid === uuid && render < brokenRenders
            ? [shots[0], shots[render === 0 ? 0 : render === 1 ? 2 : 3], shots[2], shots[3]]
            : shots,
      });
    const error = await build(3).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(CatalogBuildError);
    const { failures } = error as CatalogBuildError;
    expect(failures).toEqual([
      {
        component: 'kit/forms/inputs/card',
        message: `kit/forms/inputs/card: ${uuid}: the large screenshot(s) differ between 3 independent renders`,
      },
    ]);
    // One broken render is outvoted by two that agree: the build passes with their shots.
    const outvoted = await build(1);
    expect(outvoted.stats.screenshotAgreement.retaken).toBe(1);
    // Untouched, two independent renders of every shot agree.
    const clean = await build(0);
    const { identical, withinTolerance, retaken } = clean.stats.screenshotAgreement;
    expect([identical + withinTolerance, retaken]).toEqual([8, 0]);
  });

  test('the build command exits non-zero naming the component', async () => {
    const content = withHistory(
      writeTree(temporaryDirectory('content'), {
        ...metadataFiles(),
        'components/kit/forms/inputs/palette.html': componentSource(
          '<div><input id="palette-input" type="text"><script>document.getElementById("palette-input").focus()</script></div>',
          { name: 'Palette', requiresJavaScript: true },
        ),
        'components/kit/forms/inputs/stray.html': componentSource(
          '<div><script>go()</script></div>',
          { name: 'Stray' },
        ),
      }),
    );
    const script = resolve(CATALOG_ROOT, 'scripts/build.ts');
    const result = await promisify(execFile)(
      process.execPath,
      [
        script,
        '--content',
        content,
        '--out',
        temporaryDirectory('dist'),
        '--cache',
        temporaryDirectory('cache'),
        '--no-screenshots',
      ],
      { cwd: CATALOG_ROOT },
    ).then(
      () => ({ code: 0, stderr: '' }),
      (caught: { code: number; stderr: string }) => caught,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('2 component(s) failed to build');
    expect(result.stderr).toContain(
      'kit/forms/inputs/palette: requires JavaScript, so its react and vue version must be completed by hand',
    );
    expect(result.stderr).toContain(
      'kit/forms/inputs/stray: has a <script> but is not marked requiresJavaScript',
    );
  });
});

describe('the dark-mode check', () => {
  const lightOnly =
    '<div class="bg-white p-6"><p class="text-sm text-gray-600">Invoices go out on the first.</p></div>';
  const both =
    '<div class="bg-white p-6 dark:bg-gray-900"><p class="text-sm text-gray-600 dark:text-gray-400">Invoices go out on the first.</p></div>';
  // One cache per test: the check reads the colours recorded with the cached screenshots, so
  // only the first build of a test starts Chromium.
  let cacheDir = '';
  beforeEach(() => {
    cacheDir = temporaryDirectory('cache');
  });
  const build = (content: string, darkPendingFile: string, writeDarkPending = false) =>
    buildCatalog({
      outDir: temporaryDirectory('dist'),
      cacheDir,
      contentDir: content,
      screenshots: true,
      darkPendingFile,
      writeDarkPending,
      log: () => {},
    }).then(
      (result) => ({ result, failures: [] as string[] }),
      (caught: unknown) => {
        if (!(caught instanceof CatalogBuildError)) throw caught;
        return { result: null, failures: caught.failures.map((failure) => failure.message) };
      },
    );

  test('fails a component without dark variants unless the allowlist names it, and a listed one that has them', async () => {
    const content = withHistory(
      writeTree(temporaryDirectory('content'), {
        ...metadataFiles(),
        'components/kit/forms/inputs/light-only.html': componentSource(lightOnly, {
          name: 'Light only',
        }),
        'components/kit/forms/inputs/both.html': componentSource(both, { name: 'Both' }),
      }),
    );
    const pending = join(temporaryDirectory('pending'), 'dark-pending.txt');

    const strict = await build(content, pending);
    expect(strict.failures).toEqual([
      expect.stringMatching(
        /^kit\/forms\/inputs\/light-only: not ready for dark mode: its surface stays light in dark mode \(#ffffff/,
      ),
    ]);

    const written = await build(content, pending, true);
    expect(written.failures).toEqual([]);
    expect(readFileSync(pending, 'utf8')).toMatch(/\nkit\/forms\/inputs\/light-only\n$/);
    const allowed = await build(content, pending);
    expect(allowed.failures).toEqual([]);
    expect(allowed.result!.stats).toMatchObject({ darkChecked: 2, darkPending: 1 });

    writeFileSync(pending, 'kit/forms/inputs/light-only\nkit/forms/inputs/both\nkit/gone\n');
    const stale = await build(content, pending);
    expect(stale.failures.sort()).toEqual([
      expect.stringContaining('kit/forms/inputs/both: passes the dark-mode check, so remove it'),
      expect.stringContaining('kit/gone: listed in'),
    ]);
  });

  test('a light card on a dark page, or low-contrast text, is not dark mode', async () => {
    const content = withHistory(
      writeTree(temporaryDirectory('content'), {
        ...metadataFiles(),
        'components/kit/forms/inputs/dialog.html': componentSource(
          '<div class="bg-gray-500/75 p-10 dark:bg-gray-950/80"><div class="bg-white p-6"><h3 class="text-gray-900">Delete project</h3></div></div>',
          { name: 'Dialog' },
        ),
        'components/kit/forms/inputs/faint.html': componentSource(
          '<div class="bg-white p-6 dark:bg-gray-900"><p class="text-gray-600 dark:text-gray-700">Faint</p></div>',
          { name: 'Faint' },
        ),
      }),
    );
    const { failures } = await build(content, join(temporaryDirectory('pending'), 'none.txt'));
    expect(failures.sort()).toEqual([
      expect.stringMatching(
        /^kit\/forms\/inputs\/dialog: .*its main text \(h3\) sits on a light surface in dark mode/,
      ),
      expect.stringMatching(
        /^kit\/forms\/inputs\/faint: .*its main text \(p\) has contrast [\d.]+:1 in dark mode/,
      ),
    ]);
  });
});
