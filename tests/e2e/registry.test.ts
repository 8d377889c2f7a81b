// The shadcn registry with the real client (decision 015): the `shadcn` CLI (a pinned root
// devDependency) adds components from the built store on loopback into a scratch React +
// Tailwind project, with a personal access token from the environment. Offline: the project is
// written here rather than by `shadcn init`, the items need no npm install, and any request
// that is not for the store goes to a dead proxy (or, for shadcn's own registry, to the store),
// so nothing can reach or wait on the internet.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/database.ts';
import {
  accessTokensRepository,
  newTokenSecret,
} from '../../apps/server/src/modules/tokens/index.ts';
import { DEMO_PASSWORD, hydrated, signIn, SLOW, storeSuite } from './support';

const CUSTOMER = 'customer@example.com';
/** Marketing: the demo customer owns it. */
const OWNED = 'marketing-heroes-simple-centered';
const OWNED_FILE = 'src/components/tessera/marketing/heroes/simple-centered';
/** Ecommerce: the demo customer's licence was refunded. */
const UNOWNED = 'ecommerce-shopping-carts-slide-over';

/** The CLI's entry (its package's `bin` and main are the same file). */
const cli = createRequire(import.meta.url).resolve('shadcn');

let database: DatabaseHandle;
let project: string;
let token: { secret: string; id: number };
let customerId: number;

/** components.json as a customer writes it from the Documentation page. */
function componentsJson(origin: string) {
  const registry = (params?: Record<string, string>) => ({
    url: `${origin}/r/{name}.json`,
    ...(params ? { params } : {}),
    headers: { Authorization: 'Bearer ${TESSERA_TOKEN}' },
  });
  return {
    $schema: 'https://ui.shadcn.com/schema.json',
    style: 'new-york',
    rsc: false,
    tsx: true,
    // No base colour: the CLI would fetch shadcn's palette for it.
    tailwind: { config: '', css: 'src/index.css', baseColor: '', cssVariables: true, prefix: '' },
    aliases: {
      components: '@/components',
      utils: '@/lib/utils',
      ui: '@/components/ui',
      lib: '@/lib',
      hooks: '@/hooks',
    },
    registries: { '@tessera': registry(), '@tessera-vue': registry({ lang: 'vue' }) },
  };
}

/** A Vite-style React 19 + Tailwind v4 project, as `shadcn init` would leave it. */
function scratchProject(origin: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-shadcn-'));
  mkdirSync(join(dir, 'src'));
  mkdirSync(join(dir, 'home'));
  const json = (file: string, value: object) =>
    writeFileSync(join(dir, file), JSON.stringify(value, null, 2));
  json('package.json', {
    name: 'scratch',
    private: true,
    type: 'module',
    dependencies: { react: '19.3.1', 'react-dom': '19.3.1' },
    devDependencies: { tailwindcss: '4.3.5', typescript: '6.0.3', vite: '8.3.8' },
  });
  json('tsconfig.json', {
    compilerOptions: { jsx: 'react-jsx', baseUrl: '.', paths: { '@/*': ['./src/*'] } },
  });
  writeFileSync(join(dir, 'vite.config.ts'), 'export default {};\n');
  writeFileSync(join(dir, 'src/index.css'), '@import "tailwindcss";\n');
  json('components.json', componentsJson(origin));
  return dir;
}

/** Runs the CLI in the scratch project; resolves with its exit code and everything it printed. */
function shadcn(args: string[], secret: string | undefined) {
  const deadProxy = 'http://127.0.0.1:9';
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: join(project, 'home'),
    CI: 'true',
    NO_COLOR: '1',
    // Anything not on loopback fails at once instead of hanging.
    HTTPS_PROXY: deadProxy,
    HTTP_PROXY: deadProxy,
    NO_PROXY: '127.0.0.1,localhost',
    // shadcn's own registry, should anything ask for it: the store, on loopback.
    REGISTRY_URL: `${store.url}/r`,
    npm_config_offline: 'true',
  };
  if (secret !== undefined) env.TESSERA_TOKEN = secret;
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], {
      cwd: project,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** The printed output without ANSI colours or line wrapping, for matching messages. */
const plain = (text: string) =>
  text
    // eslint-disable-next-line no-control-regex -- ANSI colour codes
    .replace(/\u001b\[[0-9;]*m/g, '')
    .replace(/\s+/g, ' ');

const { store, browser } = storeSuite({ seed: true });

beforeAll(async () => {
  database = openDatabase({
    databaseUrl: undefined,
    sqliteFile: join(store.dataDir, 'tessera.sqlite'),
  });
  ({ id: customerId } = await database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', CUSTOMER)
    .executeTakeFirstOrThrow());
  // Made as Account settings makes it: the secret once, the hash stored.
  const secret = newTokenSecret();
  const id = await accessTokensRepository(database.db).insert({
    userId: customerId,
    name: 'e2e laptop',
    hash: secret.hash,
    prefix: secret.prefix,
    createdAt: Date.now(),
    expiresAt: null,
  });
  token = { secret: secret.secret, id };
  project = scratchProject(store.url);
});

afterAll(async () => {
  await database?.close();
  if (project) rmSync(project, { recursive: true, force: true });
});

/** The React code of the first component of Heroes as the site shows it to the customer. */
async function codeOnTheSite(): Promise<string> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  try {
    const page = await context.newPage();
    await signIn(store, page, CUSTOMER, DEMO_PASSWORD);
    await page.goto(`${store.url}/components/marketing/sections/heroes`);
    await hydrated(page);
    const view = page.locator('[data-slot="component-view"]').first();
    await view.waitFor(SLOW);
    const title = await page
      .locator(`[id="${await view.getAttribute('aria-labelledby')}"]`)
      .textContent();
    expect(title).toBe('Simple centered');
    await view.getByRole('tab', { name: 'Code' }).click();
    await view.getByRole('combobox', { name: 'Code language' }).click();
    await page.getByRole('option', { name: 'React' }).click();
    await expect.poll(() => view.getByRole('region', { name: /React code/ }).count()).toBe(1);
    await view.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => view.getByRole('status').textContent()).toBe('Copied!');
    return await page.evaluate(() => navigator.clipboard.readText());
  } finally {
    await context.close();
  }
}

describe('the shadcn CLI against the store', () => {
  it('adds an owned component with the code the site shows, and its Vue version', async () => {
    const added = await shadcn(['add', `@tessera/${OWNED}`, '--yes'], token.secret);
    expect(added.code, added.output).toBe(0);
    const landed = readFileSync(join(project, `${OWNED_FILE}.tsx`), 'utf8');
    expect(landed).toMatch(/^export default function \w+\(\)/);
    expect(landed).toBe(await codeOnTheSite());

    const vue = await shadcn(['add', `@tessera-vue/${OWNED}`, '--yes'], token.secret);
    expect(vue.code, vue.output).toBe(0);
    expect(readFileSync(join(project, `${OWNED_FILE}.vue`), 'utf8')).toMatch(/^<template>/);
  }, 240_000);

  it("finds components with the store's search, a page at a time", async () => {
    const found = await shadcn(
      ['search', '@tessera', '--query', 'heroes', '--limit', '2'],
      token.secret,
    );
    expect(found.code, found.output).toBe(0);
    const output = plain(found.output);
    expect(output).toMatch(/Showing 1-2 of \d+/);
    expect(output).toContain(`@tessera/${OWNED}`);
    expect(output).toContain('--offset 2');
  }, 120_000);

  it("prints the store's 403 naming the package to buy for a component not owned", async () => {
    const refused = await shadcn(['add', `@tessera/${UNOWNED}`, '--yes'], token.secret);
    expect(refused.code).toBe(1);
    expect(plain(refused.output)).toContain(
      `[forbidden] '${UNOWNED}' is part of the Ecommerce package, which your Tessera UI account does not own. Buy Ecommerce at ${store.url}/checkout/ecommerce, or everything with all-access at ${store.url}/all-access.`,
    );
  }, 120_000);

  it("prints the store's 401 once the token is revoked; the CLI itself asks for a missing one", async () => {
    expect(await accessTokensRepository(database.db).revoke(customerId, token.id, Date.now())).toBe(
      true,
    );
    const revoked = await shadcn(
      ['add', `@tessera/${OWNED}`, '--yes', '--overwrite'],
      token.secret,
    );
    expect(revoked.code).toBe(1);
    expect(plain(revoked.output)).toContain(
      `[unauthorized] This Tessera UI access token is not valid: it is mistyped, revoked or expired. Create a new one in Account settings (${store.url}/account-settings)`,
    );
    // Without the variable the CLI stops before asking (the server's own 401 for a request
    // without a token is in the server tests).
    const missing = await shadcn(['add', `@tessera/${OWNED}`, '--yes', '--overwrite'], undefined);
    expect(missing.code).toBe(1);
    expect(plain(missing.output)).toContain(
      'Registry "@tessera" requires the following environment variables: • TESSERA_TOKEN',
    );
  }, 120_000);
});
