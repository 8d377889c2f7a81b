// The customer-project check (issue 24, decision 050): fresh projects made the way a customer
// makes them, from the npm registry — `npm create vite` (pinned) react-ts + Tailwind 4 (strict
// TypeScript), vue-ts + vue-tsc, and a plain JavaScript React project for the zip's `.jsx` —
// get a sample of components (React and Vue through the real shadcn CLI from the built store,
// with the team owner's token: the all-access licence sees every component; the JavaScript
// project the `.jsx` files as the zip writes them, and the zip's images in public/), import
// every one of them, and run their own `npm run build`: any compile error or unresolved import
// fails the check.
//
// The sample rotates: CUSTOMER_PROJECTS_SAMPLE components per framework (default 8), drawn by a
// PRNG seeded with the UTC date (CUSTOMER_PROJECTS_SEED=YYYYMMDD repeats a day's draw);
// CUSTOMER_PROJECTS_SAMPLE=all takes every current component (the nightly run).
// npm downloads are shared: the projects install through npm's own cache (~/.npm, which CI can
// keep between runs), and the JavaScript project starts from the React one's node_modules.
import { spawn } from 'node:child_process';
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
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import {
  accessTokensRepository,
  newTokenSecret,
} from '../../apps/server/src/modules/tokens/index.ts';
import { storeSuite } from './support';

/** The create-vite release the projects are made with (`npm create vite@…`). */
export const CREATE_VITE = '9.3.0';
/** Tailwind CSS 4 and its Vite plugin, as the Tailwind guide for Vite installs them. */
export const TAILWIND = '4.3.5';
/** Owns the demo team's all-access licence. */
const OWNER = 'owner@example.com';

const root = join(import.meta.dirname, '../..');
const dist = join(root, 'packages/catalog/dist');
const cli = createRequire(import.meta.url).resolve('shadcn');

type Component = { name: string; uuid: string };
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

/** Tailwind 4 the way its Vite guide sets it up, and the `@/` alias shadcn projects use. */
function setUpTailwind(dir: string, plugin: 'react' | 'vue', typescript: boolean) {
  // The stylesheet the template's entry imports.
  writeFileSync(join(dir, stylesheet(plugin)), '@import "tailwindcss";\n');
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

const { store } = storeSuite({ seed: true });
const components = () => sample(currentComponents(), size, seed);

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
      ]);
      setUpTailwind(react, 'react', true);
      componentsJson(react, store.url, 'react');
      await shadcnAdd(
        react,
        chosen.map((component) => `@tessera/${component.name}`),
      );
      const files = added(react, '.tsx');
      expect(files).toHaveLength(chosen.length);
      writeFileSync(
        join(react, 'src/App.tsx'),
        [
          ...files.map(
            (file, index) =>
              `import C${index} from '@/${file.slice(join(react, 'src').length + 1).replace(/\.tsx$/, '')}';`,
          ),
          '',
          'export default function App() {',
          '  return (',
          '    <>',
          ...files.map((_, index) => `      <C${index} />`),
          '    </>',
          '  );',
          '}',
          '',
        ].join('\n'),
      );
      const result = await build(react);
      expect(result.errors, result.output).toBe(0);
      expect(result.code, result.output).toBe(0);
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
        ],
        dir,
      );
      setUpTailwind(dir, 'react', false);
      const imports: string[] = [];
      for (const [index, component] of chosen.entries()) {
        const code = JSON.parse(
          readFileSync(join(dist, 'code', `${component.uuid}.json`), 'utf8'),
        ) as { snippets: { language: string; snippet: string; javascript?: string }[] };
        const react = code.snippets.find((snippet) => snippet.language === 'react')!;
        // What the zip writes (downloads/service.ts): the JavaScript of a TypeScript component.
        const file = join(dir, 'src/tessera', `${component.name}.jsx`);
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, react.javascript ?? react.snippet);
        imports.push(`import C${index} from './tessera/${component.name}.jsx';`);
      }
      // The zip's public/images/catalog/… goes into the project's public folder.
      cpSync(join(dist, 'images'), join(dir, 'public/images/catalog'), { recursive: true });
      writeFileSync(
        join(dir, 'src/App.jsx'),
        [
          ...imports,
          '',
          'export default function App() {',
          '  return (',
          '    <>',
          ...chosen.map((_, index) => `      <C${index} />`),
          '    </>',
          '  );',
          '}',
          '',
        ].join('\n'),
      );
      const result = await build(dir);
      expect(result.code, result.output).toBe(0);
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
      ]);
      setUpTailwind(dir, 'vue', true);
      componentsJson(dir, store.url, 'vue');
      await shadcnAdd(
        dir,
        chosen.map((component) => `@tessera-vue/${component.name}`),
      );
      const files = added(dir, '.vue');
      expect(files).toHaveLength(chosen.length);
      writeFileSync(
        join(dir, 'src/App.vue'),
        [
          '<script setup lang="ts">',
          ...files.map(
            (file, index) =>
              `import C${index} from '@/${file.slice(join(dir, 'src').length + 1)}';`,
          ),
          '</script>',
          '',
          '<template>',
          ...files.map((_, index) => `  <C${index} />`),
          '</template>',
          '',
        ].join('\n'),
      );
      const result = await build(dir);
      expect(result.errors, result.output).toBe(0);
      expect(result.code, result.output).toBe(0);
    },
    TEN_MINUTES,
  );
});
