import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import type { Response } from 'supertest';
import { buildApp, type AppDeps } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import type { Page } from '../src/http/inertia/page.ts';
import type { FlashStore } from '../src/http/session/flash.ts';
import { createSessionFlashStore } from '../src/http/session/session-flash-store.ts';
import { NO_ASSETS } from '../src/http/ssr/assets.ts';
import type { Logger } from '../src/logger.ts';
import { testServices, testServicesEnv } from './services.ts';

export const TEST_SECRET = 'test-session-secret-that-is-long-enough-0123456789';

export function testConfig(env: Record<string, string> = {}): Config {
  // A test store takes test payments: production-mode tests opt in as `npm start` does.
  return loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: TEST_SECRET,
    PAYMENTS_TEST_MODE: 'true',
    ...env,
  });
}

export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

/** A real pino logger whose JSON lines are kept for assertions. */
export function captureLogger(): { logger: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const logger = pino(
    { level: 'debug' },
    { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
  );
  return { logger, lines };
}

/**
 * The real app on this file's test database (SQLite or PostgreSQL, database or Redis sessions:
 * see test/services.ts). `env` adds configuration; `config` replaces it outright.
 */
export async function testApp(overrides: Partial<AppDeps> & { env?: Record<string, string> } = {}) {
  const { logger, lines } = captureLogger();
  const { env = {}, ...deps } = overrides;
  const config =
    deps.config ??
    testConfig({
      STOREFRONT_DIST: path.join(tmpdir(), 'tessera-no-dist'),
      ...(await testServicesEnv()),
      ...env,
    });
  const services = deps.services ?? (await testServices(config, logger));
  const app = buildApp({
    config,
    logger,
    ssr: null,
    assets: NO_ASSETS,
    now: () => new Date('2025-06-15T12:00:00Z'),
    ...deps,
    services,
  });
  return { app, lines, services, config };
}

/** The page object embedded in an HTML document, read the way the Inertia client reads it. */
export function pageFromHtml(html: string): Page {
  // Like the HTML parser, the script's text ends at the first `</script`.
  const match = /<script data-page="app" type="application\/json">([\s\S]*?)<\/script/i.exec(html);
  if (!match?.[1]) throw new Error('No page script in the document');
  return JSON.parse(match[1]) as Page;
}

export function pageFrom(response: Response): Page {
  return response.body as Page;
}

/** Every way a response can carry a string: as is, JSON-escaped, HTML-escaped. */
export function contains(body: string, text: string): boolean {
  const json = JSON.stringify(text).slice(1, -1);
  const html = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return [text, json, html, json.replace(/\//g, '\\/')].some((form) => body.includes(form));
}

export const INERTIA = { 'X-Inertia': 'true', 'X-Requested-With': 'XMLHttpRequest' };

export const MANIFEST = {
  'src/main.tsx': {
    file: 'assets/main-3f9a1c.js',
    src: 'src/main.tsx',
    isEntry: true,
    css: ['assets/main-8d2e4b.css'],
    imports: ['_vendor-77aa01.js'],
  },
  '_vendor-77aa01.js': { file: 'assets/vendor-77aa01.js', css: ['assets/vendor-5c5c5c.css'] },
};

// A real SSR module, loaded with a real dynamic import: it renders the same shape as
// @inertiajs/core's buildSSRBody and throws for one component ("Broken" unless told).
const ssrModule = (failing: string) => `
export async function render(page) {
  if (page.component === ${JSON.stringify(failing)}) throw new Error(page.component + ' page exploded during render');
  const json = JSON.stringify(page).replace(/</g, '\\\\u003c');
  return {
    head: ['<title data-inertia="">' + page.component + ' - SSR</title>'],
    body: '<script data-page="app" type="application/json">' + json + '</script>' +
      '<div data-server-rendered="true" id="app"><h1>' + page.component + '</h1></div>',
  };
}
`;

export interface StorefrontDist {
  dir: string;
  cleanup(): Promise<void>;
}

/** A throwaway storefront build: manifest, hashed assets, a public file and ssr/ssr.js. */
export async function createStorefrontDist(
  options: { manifest?: object; ssr?: boolean; failingComponent?: string } = {},
): Promise<StorefrontDist> {
  const dir = await mkdtemp(path.join(tmpdir(), 'tessera-dist-'));
  const client = path.join(dir, 'client');
  await mkdir(path.join(client, '.vite'), { recursive: true });
  await mkdir(path.join(client, 'assets'), { recursive: true });
  await writeFile(path.join(dir, 'package.json'), '{"type":"module"}');
  await writeFile(
    path.join(client, '.vite', 'manifest.json'),
    JSON.stringify(options.manifest ?? MANIFEST, null, 2),
  );
  await writeFile(path.join(client, 'assets', 'main-3f9a1c.js'), 'console.log("storefront");\n');
  await writeFile(path.join(client, 'assets', 'main-8d2e4b.css'), 'body{margin:0}\n');
  await writeFile(path.join(client, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>\n');
  if (options.ssr ?? true) {
    await mkdir(path.join(dir, 'ssr'));
    await writeFile(
      path.join(dir, 'ssr', 'ssr.js'),
      ssrModule(options.failingComponent ?? 'Broken'),
    );
  }
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * The app's flash store (kept in the session) for a test app without the session middleware:
 * one visitor, one session, so what one request flashes the next one reads.
 */
export function oneSessionFlashStore(): FlashStore {
  const session = {} as Express.Request['session'];
  const store = createSessionFlashStore();
  return {
    read(req, res) {
      req.session = session;
      return store.read(req, res);
    },
    write(res, data) {
      res.req.session = session;
      return store.write(res, data);
    },
  };
}
