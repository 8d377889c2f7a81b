import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { get } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { emptyDatabase, type EmptyDatabase } from '../test/databases.ts';
import { stallProxy, type StallProxy } from '../test/stall-proxy.ts';
import {
  createStorefrontDist,
  pageFromHtml,
  TEST_SECRET,
  type StorefrontDist,
} from '../test/helpers.ts';

const MAIN = path.join(import.meta.dirname, 'main.ts');

interface Started {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-main-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function start(env: Record<string, string>): Started {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return { child, stdout: () => stdout, stderr: () => stderr };
}

async function runningUrl(started: Started): Promise<string> {
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    const match = /Tessera UI is running at (http:\/\/127\.0\.0\.1:\d+)/.exec(started.stdout());
    if (match?.[1]) return match[1];
    if (started.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the server did not start:\n${started.stdout()}\n${started.stderr()}`);
}

/** One GET on a fresh connection: a reused keep-alive socket can be reset under load. */
function fetchFresh(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false, headers: { Accept: 'text/html' } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

let dist: StorefrontDist | undefined;
let running: Started | undefined;
let database: EmptyDatabase | undefined;
let proxy: StallProxy | undefined;
afterEach(async () => {
  if (running && running.child.exitCode === null) running.child.kill('SIGKILL');
  running = undefined;
  await dist?.cleanup();
  dist = undefined;
  proxy?.resume();
  await proxy?.close();
  proxy = undefined;
  await database?.drop();
  database = undefined;
});

function exited(started: Started): Promise<number | null> {
  if (started.child.exitCode !== null) return Promise.resolve(started.child.exitCode);
  return once(started.child, 'exit').then(([code]) => code as number | null);
}

describe('node src/main.ts', () => {
  it('starts with the built storefront, serves SSR pages, and stops cleanly on SIGTERM', async () => {
    dist = await createStorefrontDist();
    running = start({ SESSION_SECRET: TEST_SECRET, STOREFRONT_DIST: dist.dir });
    const url = await runningUrl(running);

    const health = await fetch(`${url}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'ok', sessionStore: 'ok' });
    const html = await (await fetch(`${url}/login`)).text();
    expect(html).toContain('<div data-server-rendered="true" id="app"><h1>Login</h1></div>');
    expect(pageFromHtml(html).component).toBe('Login');

    running.child.kill('SIGTERM');
    const [code] = await once(running.child, 'exit');
    expect(code).toBe(0);
  });

  it('starts without a build and says how to make one', async () => {
    running = start({
      SESSION_SECRET: TEST_SECRET,
      STOREFRONT_DIST: path.join(import.meta.dirname, 'no-such-dist'),
      LOG_LEVEL: 'warn',
    });
    const url = await runningUrl(running);
    expect(running.stdout()).toContain('Run \\"pnpm build\\" first');
    const html = await (await fetch(`${url}/`)).text();
    expect(html).toContain('<div id="app"></div>');
  });

  it('never serves the mail outbox in production, even on a loopback APP_URL without SMTP', async () => {
    // As `npm start` runs it (scripts/start.mjs): NODE_ENV=production, the embedded defaults.
    const outbox = path.join(dataDir, 'mail');
    mkdirSync(outbox, { recursive: true });
    const id = '2026-01-01T00-00-00-000Z-abcdef12';
    writeFileSync(
      path.join(outbox, `${id}.json`),
      JSON.stringify({
        id,
        from: 'Tessera UI <hello@tessera-ui.com>',
        to: 'admin@example.com',
        date: '2026-01-01T00:00:00.000Z',
        subject: 'Reset your Tessera UI password',
        text: 'http://127.0.0.1:3000/password/reset/leaked-token',
        html: '',
      }),
    );
    dist = await createStorefrontDist();
    running = start({
      NODE_ENV: 'production',
      SESSION_SECRET: TEST_SECRET,
      STOREFRONT_DIST: dist.dir,
      APP_URL: 'http://127.0.0.1:3000',
      LOG_LEVEL: 'warn',
      PAYMENTS_TEST_MODE: 'true',
    });
    const url = await runningUrl(running);
    // Opted in, the sandbox store starts, and says at once that it is a test store.
    const testMode = running
      .stdout()
      .split('\n')
      .find((line) => line.includes('TEST MODE'));
    expect(JSON.parse(testMode!)).toMatchObject({ level: 40 });
    const warning = running
      .stdout()
      .split('\n')
      .find((line) => line.includes('SMTP_URL is not set'));
    expect(warning).toBeDefined();
    expect(JSON.parse(warning!)).toMatchObject({ level: 40, outbox });
    expect(warning).toContain(outbox);

    const paths = ['/dev/mail', '/dev/mail/', `/dev/mail/${id}`, '/dev/%6Dail', '/DEV/MAIL'];
    for (const address of [...paths, '/%64ev/mail', `/Dev/Mail/${id}`, '/dev//mail']) {
      const { status, body } = await fetchFresh(`${url}${address}`);
      expect([address, status]).toEqual([address, 404]);
      expect(body).not.toContain('leaked-token');
    }
    // Production loads the whole catalogue before it listens.
  }, 60_000);

  it.each([
    ['the sandbox', {}, 'PAYMENT_PROVIDER: is sandbox'],
    [
      "Paddle's sandbox",
      {
        PAYMENT_PROVIDER: 'paddle',
        PADDLE_API_KEY: 'pdl_sdbx_apikey_01abc',
        PADDLE_CLIENT_TOKEN: 'test_0123456789abcdef',
        PADDLE_WEBHOOK_SECRET: 'pdl_ntfset_01abc_secret',
        PADDLE_ENVIRONMENT: 'sandbox',
      },
      "PADDLE_ENVIRONMENT: is Paddle's sandbox",
    ],
  ])(
    'refuses to start a production store on %s without PAYMENTS_TEST_MODE, saying what to set',
    async (_name, env, named) => {
      running = start({ NODE_ENV: 'production', SESSION_SECRET: TEST_SECRET, ...env });
      const [code] = await once(running.child, 'exit');
      expect(code).toBe(1);
      expect(running.stderr()).toContain('Invalid environment configuration');
      expect(running.stderr()).toContain(named);
      expect(running.stderr()).toContain('PAYMENTS_TEST_MODE=true');
      expect(running.stdout()).not.toContain('is running at');
    },
  );

  it('refuses to start with a bad environment, naming the variables', async () => {
    running = start({ NODE_ENV: 'production', PORT: 'http', SESSION_SECRET: 'short' });
    const [code] = await once(running.child, 'exit');
    expect(code).toBe(1);
    expect(running.stderr()).toContain('Invalid environment configuration');
    expect(running.stderr()).toContain('PORT: must be an integer between 0 and 65535');
    expect(running.stderr()).toContain(
      'SESSION_SECRET: must be at least 32 characters in production',
    );
    expect(running.stderr()).not.toContain('short"');
  });

  it('refuses to sell the bundle for real without its files, naming the missing ones', async () => {
    const DAY = 86_400_000;
    const live = {
      NODE_ENV: 'production',
      SESSION_SECRET: TEST_SECRET,
      PAYMENT_PROVIDER: 'paddle',
      PADDLE_API_KEY: 'pdl_live_apikey_test',
      PADDLE_CLIENT_TOKEN: 'live_client_token_test',
      PADDLE_WEBHOOK_SECRET: 'pdl_ntfset_test_secret',
      PADDLE_ENVIRONMENT: 'production',
      BLACK_FRIDAY_STARTS_AT: new Date(Date.now() - DAY).toISOString(),
      BLACK_FRIDAY_ENDS_AT: new Date(Date.now() + DAY).toISOString(),
    };
    // No folder at all: both files are missing.
    running = start(live);
    let [code] = await once(running.child, 'exit');
    expect(code).toBe(1);
    expect(running.stdout()).toContain(
      "The Black Friday bundle's files are missing from DIGITAL_GOODS_DIR (not set): design-ebook.pdf, design-ebook-videos.zip",
    );
    // A folder with the ebook but not its videos: the one missing is named.
    const goods = mkdtempSync(path.join(dataDir, 'goods-'));
    writeFileSync(path.join(goods, 'design-ebook.pdf'), '%PDF-1.4 the real ebook');
    running = start({ ...live, DIGITAL_GOODS_DIR: goods });
    [code] = await once(running.child, 'exit');
    expect(code).toBe(1);
    expect(running.stdout()).toContain(
      `The Black Friday bundle's files are missing from ${goods}: design-ebook-videos.zip.`,
    );
    expect(running.stdout()).not.toContain('design-ebook.pdf,');
  }, 60_000);

  it('refuses to start several production instances without SMTP (no outbox folder per disk)', async () => {
    running = start({ NODE_ENV: 'production', SESSION_SECRET: TEST_SECRET, INSTANCES: '3' });
    const [code] = await once(running.child, 'exit');
    expect(code).toBe(1);
    expect(running.stderr()).toContain('Invalid environment configuration');
    expect(running.stderr()).toContain(
      'SMTP_URL: is required in production with INSTANCES above 1',
    );
  });

  it('on SIGTERM turns readiness to 503 while liveness and pages still answer, then exits', async () => {
    dist = await createStorefrontDist();
    running = start({
      SESSION_SECRET: TEST_SECRET,
      STOREFRONT_DIST: dist.dir,
      // Long enough to look at the drain; the process leaves by itself afterwards.
      DRAIN_MS: '3000',
    });
    const url = await runningUrl(running);
    expect((await fetchFresh(`${url}/healthz`)).status).toBe(200);

    running.child.kill('SIGTERM');
    await expect.poll(async () => (await fetchFresh(`${url}/healthz`)).status).toBe(503);
    expect(JSON.parse((await fetchFresh(`${url}/healthz`)).body)).toEqual({ status: 'draining' });
    expect((await fetchFresh(`${url}/livez`)).status).toBe(200);
    expect((await fetchFresh(`${url}/login`)).status).toBe(200);
    expect(await exited(running)).toBe(0);
  });

  it('exits by the hard deadline although a request is stuck on a database that stopped answering', async () => {
    database = await emptyDatabase('postgres');
    const target = new URL(database.url);
    proxy = await stallProxy(target.hostname, Number(target.port));
    dist = await createStorefrontDist();
    running = start({
      SESSION_SECRET: TEST_SECRET,
      STOREFRONT_DIST: dist.dir,
      DATABASE_URL: proxy.url(database.url),
      // Only the shutdown's own deadline can end the stuck statement.
      DB_STATEMENT_TIMEOUT_MS: '600000',
      DB_ACQUIRE_TIMEOUT_MS: '600000',
      DRAIN_MS: '0',
      SHUTDOWN_TIMEOUT_MS: '1000',
      LOG_LEVEL: 'warn',
    });
    const url = await runningUrl(running);
    proxy.stall();
    // The home page reads prices: it waits on the database for as long as the database does.
    const stuck = fetchFresh(`${url}/`).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 300));
    running.child.kill('SIGTERM');
    expect(await exited(running)).toBe(1);
    expect(running.stdout()).toContain('Shutdown timed out: closing open connections');
    expect(await stuck).toBeInstanceOf(Error);
  }, 40_000);
});
