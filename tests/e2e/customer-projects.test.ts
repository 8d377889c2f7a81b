// The customer-project check (issue 24, decision 050): fresh projects made the way a customer
// makes them, from the npm registry — `npm create vite` (pinned) react-ts + Tailwind 4 (strict
// TypeScript), vue-ts + vue-tsc, and a plain JavaScript React project for the zip's `.jsx` —
// get a sample of components (React and Vue through the real shadcn CLI from the built store,
// with the team owner's token: the all-access licence sees every component; the JavaScript
// project the `.jsx` files as the zip writes them, and the zip's images in public/), import
// every one of them, and run their own `npm run build`: any compile error or unresolved import
// fails the check. Then each built project is served by its own `vite preview` and every sampled
// component, shown alone (`?c=<index>`), is rendered in Chromium and compared pixel by pixel with
// the store's own preview of it (the document the owner's browser gets at
// /catalog/previews/<uuid>.html), with pixelmatch and pngjs: code nobody in this project wrote.
// The projects set the font the way Getting started tells a customer to (Inter from
// @fontsource-variable/inter); any visible difference fails the check.
//
// The sample rotates: CUSTOMER_PROJECTS_SAMPLE components per framework (default 8), drawn by a
// PRNG seeded with the UTC date (CUSTOMER_PROJECTS_SEED=YYYYMMDD repeats a day's draw);
// CUSTOMER_PROJECTS_SAMPLE=all takes every current component (the nightly run).
// npm downloads are shared: the projects install through npm's own cache (~/.npm, which CI can
// keep between runs), and the JavaScript project starts from the React one's node_modules.
import { spawn, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pixelmatch from 'pixelmatch';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import {
  accessTokensRepository,
  newTokenSecret,
} from '../../apps/server/src/modules/tokens/index.ts';
import { signIn, storeSuite } from './support';

/** The create-vite release the projects are made with (`npm create vite@…`). */
export const CREATE_VITE = '9.3.0';
/** Tailwind CSS 4 and its Vite plugin, as the Tailwind guide for Vite installs them. */
export const TAILWIND = '4.3.5';
/** Owns the demo team's all-access licence. */
const OWNER = 'owner@example.com';

const root = join(import.meta.dirname, '../..');
const dist = join(root, 'packages/catalog/dist');
const cli = createRequire(import.meta.url).resolve('shadcn');

/** A component: its registry name, its uuid, and its file under the `tessera/` folder. */
type Component = { name: string; uuid: string; path: string };
type CatalogJson = {
  products: {
    slug: string;
    categories: {
      subcategories: {
        slug: string;
        components: { uuid: string; slug: string; archived: boolean }[];
      }[];
    }[];
  }[];
};

/** Every current component with its registry name (`<product>-<subcategory>-<component>`). */
function currentComponents(): Component[] {
  const catalog = JSON.parse(readFileSync(join(dist, 'catalog.json'), 'utf8')) as CatalogJson;
  return catalog.products.flatMap((product) =>
    product.categories.flatMap((category) =>
      category.subcategories.flatMap((subcategory) =>
        subcategory.components
          .filter((component) => !component.archived)
          .map((component) => ({
            name: `${product.slug}-${subcategory.slug}-${component.slug}`,
            uuid: component.uuid,
            path: `${product.slug}/${subcategory.slug}/${component.slug}`,
          })),
      ),
    ),
  );
}

/** mulberry32: a small seeded PRNG, so a day's sample can be drawn again. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function sample<T>(all: T[], size: number | 'all', seed: number): T[] {
  if (size === 'all' || size >= all.length) return all;
  const next = random(seed);
  const pool = [...all];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, size);
}

const sizeSetting = process.env.CUSTOMER_PROJECTS_SAMPLE ?? '8';
const size = sizeSetting === 'all' ? 'all' : Number(sizeSetting);
const seed = Number(
  process.env.CUSTOMER_PROJECTS_SEED ?? new Date().toISOString().slice(0, 10).replaceAll('-', ''),
);

let work: string;
/** Tokens of the owner, one per batch of the CLI's adds. */
let secrets: string[];
let usedTokens = 0;

/** Runs a command; resolves with its exit code and everything it printed. */
function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: {
        ...process.env,
        npm_config_audit: 'false',
        npm_config_fund: 'false',
        npm_config_update_notifier: 'false',
        npm_config_yes: 'true',
        CI: 'true',
        NO_COLOR: '1',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

async function ok(command: string, args: string[], cwd: string, env?: Record<string, string>) {
  const result = await run(command, args, cwd, env);
  expect(result.code, `${command} ${args.join(' ')}\n${result.output}`).toBe(0);
  return result.output;
}

/** `npm create vite@<pinned> <name> -- --template <template>`, then its own install. */
async function createVite(name: string, template: string, extraDev: string[] = []) {
  await ok('npm', ['create', `vite@${CREATE_VITE}`, name, '--', '--template', template], work);
  const dir = join(work, name);
  await ok('npm', ['install', '--prefer-offline'], dir);
  if (extraDev.length) await ok('npm', ['install', '-D', '--prefer-offline', ...extraDev], dir);
  return dir;
}

/**
 * What Getting started's "Fonts" section tells a customer to do to match the previews, read from
 * the page itself: the package to install, and the `--font-sans` to set in `@theme`.
 */
function fontSetUp() {
  const page = readFileSync(join(root, 'packages/catalog/content/docs/getting-started.md'), 'utf8');
  const section = page.slice(page.indexOf('## Fonts'));
  const install = /`npm install ([^`]+)`/.exec(section)?.[1];
  const css = /then `(@import [^`]+)` in your/.exec(section)?.[1];
  const fontSans = /set `(--font-sans: [^`]+)` in your/.exec(section)?.[1];
  if (!install || !css || !fontSans) throw new Error("Getting started's Fonts section changed");
  // The version the store's previews are set with, so both draw the same glyphs.
  const { dependencies } = JSON.parse(
    readFileSync(join(root, 'packages/catalog/package.json'), 'utf8'),
  ) as { dependencies: Record<string, string> };
  return {
    packages: [`${install}@${dependencies[install]}`],
    css: [css, `@theme {\n  ${fontSans}\n}`],
  };
}

/** Tailwind 4 the way its Vite guide sets it up, and the `@/` alias shadcn projects use. */
function setUpTailwind(dir: string, plugin: 'react' | 'vue', typescript: boolean) {
  // The stylesheet the template's entry imports, with the font as Getting started sets it.
  writeFileSync(
    join(dir, stylesheet(plugin)),
    ['@import "tailwindcss";', ...fontSetUp().css, ''].join('\n'),
  );
  const config = typescript ? 'vite.config.ts' : 'vite.config.js';
  writeFileSync(
    join(dir, config),
    [
      "import { fileURLToPath, URL } from 'node:url';",
      "import { defineConfig } from 'vite';",
      `import ${plugin} from '@vitejs/plugin-${plugin}';`,
      "import tailwindcss from '@tailwindcss/vite';",
      '',
      'export default defineConfig({',
      `  plugins: [${plugin}(), tailwindcss()],`,
      "  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },",
      '});',
      '',
    ].join('\n'),
  );
  if (!typescript) return;
  // Both tsconfig files of the template get the alias (the CLI reads the root one).
  for (const file of ['tsconfig.json', 'tsconfig.app.json']) {
    const path = join(dir, file);
    // The template's tsconfig files are JSONC (comments, trailing commas): TypeScript reads them.
    const json = ts.parseConfigFileTextToJson(path, readFileSync(path, 'utf8')).config as {
      compilerOptions?: Record<string, unknown>;
    };
    // No baseUrl: TypeScript 7 (the template's) refuses it; strict stated even where it is the default.
    json.compilerOptions = {
      ...json.compilerOptions,
      ...(file === 'tsconfig.app.json' ? { strict: true } : {}),
      paths: { '@/*': ['./src/*'] },
    };
    writeFileSync(path, JSON.stringify(json, null, 2));
  }
}

const stylesheet = (plugin: 'react' | 'vue') =>
  plugin === 'vue' ? 'src/style.css' : 'src/index.css';

function componentsJson(dir: string, origin: string, plugin: 'react' | 'vue') {
  const registry = (params?: Record<string, string>) => ({
    url: `${origin}/r/{name}.json`,
    ...(params ? { params } : {}),
    headers: { Authorization: 'Bearer ${TESSERA_TOKEN}' },
  });
  writeFileSync(
    join(dir, 'components.json'),
    JSON.stringify(
      {
        $schema: 'https://ui.shadcn.com/schema.json',
        style: 'new-york',
        rsc: false,
        tsx: true,
        tailwind: {
          config: '',
          css: stylesheet(plugin),
          baseColor: '',
          cssVariables: true,
          prefix: '',
        },
        aliases: {
          components: '@/components',
          utils: '@/lib/utils',
          ui: '@/components/ui',
          lib: '@/lib',
          hooks: '@/hooks',
        },
        registries: { '@tessera': registry(), '@tessera-vue': registry({ lang: 'vue' }) },
      },
      null,
      2,
    ),
  );
}

/**
 * A token may make 600 registry requests a minute (REGISTRY_TOKEN_LIMIT) and the CLI makes about
 * two per item, so the full set is added in batches, each with its own token of the owner.
 */
const BATCH = 150;

/** Adds the components through the real CLI, as the customer would (a call per batch). */
async function shadcnAdd(dir: string, names: string[]) {
  for (let start = 0; start < names.length; start += BATCH) {
    await ok(
      process.execPath,
      [cli, 'add', ...names.slice(start, start + BATCH), '--yes', '--overwrite'],
      dir,
      { TESSERA_TOKEN: secrets[usedTokens++ % secrets.length]! },
    );
  }
}

/** Files the CLI wrote under src/components/tessera, by extension. */
function added(dir: string, extension: string): string[] {
  const base = join(dir, 'src/components/tessera');
  return (readdirSync(base, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((file) => file.endsWith(extension))
    .map((file) => join(base, file))
    .sort();
}

/** `npm run build`: fails on any compile error (tsc, vue-tsc) or unresolved import (Vite). */
async function build(dir: string) {
  const result = await run('npm', ['run', 'build'], dir);
  const errors = result.output.match(/error TS\d+/g) ?? [];
  return { ...result, errors: errors.length };
}

const { store, browser } = storeSuite({ seed: true });
const components = () => sample(currentComponents(), size, seed);

/** Which components a page shows: all of them, or only the one `?c=<index>` names. */
const SHOWN = [
  "const chosen = new URLSearchParams(window.location.search).get('c');",
  'const shown = chosen === null ? components : components.slice(Number(chosen), Number(chosen) + 1);',
].join('\n');

/** The project's App: every component (the build imports them all), or the one `?c=` names. */
function reactApp(imports: string[], typescript: boolean) {
  return [
    ...(typescript ? ["import type { ComponentType } from 'react';"] : []),
    ...imports.map((path, index) => `import C${index} from '${path}';`),
    '',
    `const components${typescript ? ': ComponentType[]' : ''} = [${imports.map((_, index) => `C${index}`).join(', ')}];`,
    SHOWN,
    '',
    'export default function App() {',
    '  return (',
    '    <>',
    '      {shown.map((Component, index) => (',
    '        <Component key={index} />',
    '      ))}',
    '    </>',
    '  );',
    '}',
    '',
  ].join('\n');
}

/** A free port on the loopback interface for a project's `vite preview`. */
function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Serves a built project with its own `vite preview`; resolves once it answers. */
async function vitePreview(dir: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const vite = join(dir, 'node_modules/vite/bin/vite.js');
  const args = [vite, 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'];
  const child = spawn(process.execPath, args, { cwd: dir, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) throw new Error(`vite preview exited with ${child.exitCode}`);
    const answer = await fetch(url).catch(() => null);
    if (answer?.ok) return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error(`vite preview in ${dir} did not answer`);
}

/** The width the comparison is drawn at: the store's desktop preview width. */
const VIEWPORT = { width: 1280, height: 800 };

/** A box in page pixels. */
type Box = { x: number; y: number; width: number; height: number };

/**
 * A full-page PNG once the page, its fonts, its images and two frames are done, and the content
 * boxes of its native `<select>`s (where Chromium's own control painter draws the chosen option).
 */
async function settledShot(page: Page, url: string): Promise<{ png: Buffer; selects: Box[] }> {
  await page.goto(url, { waitUntil: 'networkidle' });
  const selects = await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      [...document.images].map((image) =>
        image.complete ? null : new Promise((done) => (image.onload = image.onerror = done)),
      ),
    );
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    return [...document.querySelectorAll('select')].map((select) => {
      const box = select.getBoundingClientRect();
      const style = getComputedStyle(select);
      const side = (name: string) =>
        parseFloat(style.getPropertyValue(`border-${name}-width`)) +
        parseFloat(style.getPropertyValue(`padding-${name}`));
      return {
        x: box.left + scrollX + side('left'),
        y: box.top + scrollY + side('top'),
        width: box.width - side('left') - side('right'),
        height: box.height - side('top') - side('bottom'),
      };
    });
  });
  const png = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
  return { png, selects };
}

/**
 * Pixels that differ (pixelmatch's default threshold; anti-aliasing is its own concern), outside
 * the boxes given: there each pixel is skipped.
 */
function differingPixels(
  a: Buffer,
  b: Buffer,
  skip: Box[] = [],
): { pixels: number; diff: PNG | null } {
  const first = PNG.sync.read(a);
  const second = PNG.sync.read(b);
  const { width, height } = first;
  if (width !== second.width || height !== second.height) {
    return { pixels: Math.max(width * height, second.width * second.height), diff: null };
  }
  const ignoreMask = new Uint8Array(width * height);
  for (const box of skip) {
    for (
      let y = Math.max(0, Math.floor(box.y));
      y < Math.min(height, Math.ceil(box.y + box.height));
      y++
    ) {
      const start = y * width;
      ignoreMask.fill(
        1,
        start + Math.max(0, Math.floor(box.x)),
        start + Math.min(width, Math.ceil(box.x + box.width)),
      );
    }
  }
  const diff = new PNG({ width, height });
  const pixels = pixelmatch(first.data, second.data, diff.data, width, height, { ignoreMask });
  return { pixels, diff };
}

/**
 * Differing pixels a component may have and still count as the same drawing. React writes
 * `Amara Okafor{' '}<span>…` as two text nodes where the HTML has one, and Chromium places the
 * following text a fraction of a pixel apart: 8 anti-aliased pixels in a 1280 × 1686 page, no
 * visible change (decision 050). A lost space, word, image or colour moves hundreds or more.
 */
const SUBPIXEL_TOLERANCE = 16;

/** Where the pictures of a difference are kept for a person to look at. */
const evidence = join(root, 'test-results/customer-projects');

/**
 * Each sampled component, alone on the built project's page, must draw exactly what the store's
 * preview of it draws for its owner (signed in; the preview document is theirs to see).
 */
async function expectSameAsStore(dir: string, chosen: Component[], label: string) {
  const served = await vitePreview(dir);
  try {
    const owner = await browser.newContext({ viewport: VIEWPORT });
    const ownerPage = await owner.newPage();
    await signIn(store, ownerPage, OWNER);
    const project = await (await browser.newContext({ viewport: VIEWPORT })).newPage();
    const differences: string[] = [];
    // The check can see: the first component's preview against the second one's page differs.
    if (chosen.length > 1) {
      const first = await settledShot(
        ownerPage,
        `${store.url}/catalog/previews/${chosen[0]!.uuid}.html`,
      );
      const second = await settledShot(project, `${served.url}/?c=1`);
      expect(differingPixels(first.png, second.png).pixels).toBeGreaterThan(SUBPIXEL_TOLERANCE);
    }
    for (const [index, component] of chosen.entries()) {
      const preview = await settledShot(
        ownerPage,
        `${store.url}/catalog/previews/${component.uuid}.html`,
      );
      const built = await settledShot(project, `${served.url}/?c=${index}`);
      const { pixels, diff } = differingPixels(preview.png, built.png, [
        ...preview.selects,
        ...built.selects,
      ]);
      if (pixels > 0) console.log(`${label} ${component.name}: ${pixels} pixel(s) differ`);
      if (diff && pixels <= SUBPIXEL_TOLERANCE) continue;
      const { width, height } = PNG.sync.read(preview.png);
      const drawn = PNG.sync.read(built.png);
      differences.push(
        `${component.name}: ${diff ? `${pixels} pixel(s) differ` : `store ${width}×${height}, project ${drawn.width}×${drawn.height}`}`,
      );
      mkdirSync(evidence, { recursive: true });
      const base = join(evidence, `${label}-${component.name}`);
      writeFileSync(`${base}-store.png`, preview.png);
      writeFileSync(`${base}-project.png`, built.png);
      if (diff) writeFileSync(`${base}-diff.png`, PNG.sync.write(diff));
    }
    expect(differences, `see ${evidence}`).toEqual([]);
  } finally {
    served.child.kill();
  }
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'tessera-customer-'));
  const database = openDatabase({
    databaseUrl: undefined,
    sqliteFile: join(store.dataDir, 'tessera.sqlite'),
  });
  try {
    const { id } = await database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', OWNER)
      .executeTakeFirstOrThrow();
    // Two frameworks' batches: a token per batch, none used twice within a minute.
    const batches = Math.ceil(currentComponents().length / BATCH) * 2;
    secrets = [];
    for (let batch = 0; batch < batches; batch++) {
      const token = newTokenSecret();
      await accessTokensRepository(database.db).insert({
        userId: id,
        name: `customer projects ${batch + 1}`,
        hash: token.hash,
        prefix: token.prefix,
        createdAt: Date.now(),
        expiresAt: null,
      });
      secrets.push(token.secret);
    }
  } finally {
    await database.close();
  }
  console.log(
    `customer projects: ${size === 'all' ? 'every' : size} component(s) per framework, seed ${seed}`,
  );
}, 60_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

const TEN_MINUTES = 600_000;

describe('customer projects build with the components added', () => {
  let react: string;

  it(
    'Vite react-ts + Tailwind 4, strict TypeScript, through the shadcn CLI',
    async () => {
      const chosen = components();
      react = await createVite('react-ts', 'react-ts', [
        `tailwindcss@${TAILWIND}`,
        `@tailwindcss/vite@${TAILWIND}`,
        ...fontSetUp().packages,
      ]);
      setUpTailwind(react, 'react', true);
      componentsJson(react, store.url, 'react');
      await shadcnAdd(
        react,
        chosen.map((component) => `@tessera/${component.name}`),
      );
      expect(added(react, '.tsx')).toHaveLength(chosen.length);
      writeFileSync(
        join(react, 'src/App.tsx'),
        reactApp(
          chosen.map((component) => `@/components/tessera/${component.path}`),
          true,
        ),
      );
      const result = await build(react);
      expect(result.errors, result.output).toBe(0);
      expect(result.code, result.output).toBe(0);
      await expectSameAsStore(react, chosen, 'react-ts');
    },
    TEN_MINUTES,
  );

  it(
    "a plain JavaScript React project with the zip's .jsx files and images",
    async () => {
      const chosen = components();
      await ok(
        'npm',
        ['create', `vite@${CREATE_VITE}`, 'react-js', '--', '--template', 'react'],
        work,
      );
      const dir = join(work, 'react-js');
      // The same packages as the React project: its node_modules, then an install that only checks.
      cpSync(join(react, 'node_modules'), join(dir, 'node_modules'), { recursive: true });
      await ok(
        'npm',
        [
          'install',
          '--prefer-offline',
          '-D',
          `tailwindcss@${TAILWIND}`,
          `@tailwindcss/vite@${TAILWIND}`,
          ...fontSetUp().packages,
        ],
        dir,
      );
      setUpTailwind(dir, 'react', false);
      for (const component of chosen) {
        const code = JSON.parse(
          readFileSync(join(dist, 'code', `${component.uuid}.json`), 'utf8'),
        ) as { snippets: { language: string; snippet: string; javascript?: string }[] };
        const react = code.snippets.find((snippet) => snippet.language === 'react')!;
        // What the zip writes (downloads/service.ts): the JavaScript of a TypeScript component.
        const file = join(dir, 'src/tessera', `${component.name}.jsx`);
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, react.javascript ?? react.snippet);
      }
      // The zip's public/images/catalog/… goes into the project's public folder.
      cpSync(join(dist, 'images'), join(dir, 'public/images/catalog'), { recursive: true });
      writeFileSync(
        join(dir, 'src/App.jsx'),
        reactApp(
          chosen.map((component) => `./tessera/${component.name}.jsx`),
          false,
        ),
      );
      const result = await build(dir);
      expect(result.code, result.output).toBe(0);
      await expectSameAsStore(dir, chosen, 'react-js');
    },
    TEN_MINUTES,
  );

  it(
    'Vite vue-ts + Tailwind 4, vue-tsc, through the shadcn CLI',
    async () => {
      const chosen = components();
      const dir = await createVite('vue-ts', 'vue-ts', [
        `tailwindcss@${TAILWIND}`,
        `@tailwindcss/vite@${TAILWIND}`,
        ...fontSetUp().packages,
      ]);
      setUpTailwind(dir, 'vue', true);
      componentsJson(dir, store.url, 'vue');
      await shadcnAdd(
        dir,
        chosen.map((component) => `@tessera-vue/${component.name}`),
      );
      expect(added(dir, '.vue')).toHaveLength(chosen.length);
      writeFileSync(
        join(dir, 'src/App.vue'),
        [
          '<script setup lang="ts">',
          ...chosen.map(
            (component, index) =>
              `import C${index} from '@/components/tessera/${component.path}.vue';`,
          ),
          `const components = [${chosen.map((_, index) => `C${index}`).join(', ')}];`,
          SHOWN,
          '</script>',
          '',
          '<template>',
          '  <component :is="component" v-for="(component, index) in shown" :key="index" />',
          '</template>',
          '',
        ].join('\n'),
      );
      const result = await build(dir);
      expect(result.errors, result.output).toBe(0);
      expect(result.code, result.output).toBe(0);
      await expectSameAsStore(dir, chosen, 'vue-ts');
    },
    TEN_MINUTES,
  );
});
