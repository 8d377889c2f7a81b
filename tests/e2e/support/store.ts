import { spawn, type ChildProcess } from 'node:child_process';
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../../..');
/** The server as `npm start` runs it (scripts/start.mjs), flags included. */
const SERVER_ARGS = ['--max-semi-space-size=4', 'apps/server/src/main.ts'];

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export type RunningStore = {
  url: string;
  dataDir: string;
  /** The server process: the bench reads its memory from /proc. */
  pid: number;
  stop: () => Promise<void>;
  output: () => string;
};

/**
 * Starts the built store (apps/storefront/dist) as `npm start` would, on a free port, with its
 * own data folder (SQLite database, mail outbox); `seed` adds the demo world first.
 */
const E2E_SESSION_SECRET = 'e2e-session-secret-that-is-long-enough-123';

export async function startStore(
  env: Record<string, string> = {},
  { seed = false, hostname = '127.0.0.1' }: { seed?: boolean; hostname?: string } = {},
): Promise<RunningStore> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-e2e-'));
  const port = await freePort();
  // The server listens on 127.0.0.1 either way; `localhost` is for what needs a domain name
  // (a passkey's relying party is a domain, never an IP address).
  const url = `http://${hostname}:${port}`;
  if (seed) {
    // The store's own address: the demo world's links (its purchases' receipts) point at it.
    const seeded = spawnSync(process.execPath, ['apps/server/src/seed.ts'], {
      cwd: root,
      // The store's session secret too: the admin's seeded TOTP secret is encrypted under a
      // key derived from it (decision 044).
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
        APP_URL: url,
        SESSION_SECRET: E2E_SESSION_SECRET,
        ...env,
      },
      encoding: 'utf8',
    });
    if (seeded.status !== 0) throw new Error(`seed failed:\n${seeded.stderr}`);
  }
  let output = '';
  const child: ChildProcess = spawn(process.execPath, SERVER_ARGS, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // The sandbox takes the payments: a test store, opted in as `npm start` does.
      PAYMENTS_TEST_MODE: 'true',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: url,
      SESSION_SECRET: E2E_SESSION_SECRET,
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));

  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the store exited early:\n${output}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    url,
    output: () => output,
    dataDir,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
