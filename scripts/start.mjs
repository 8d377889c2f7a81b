// `npm start`: build the store when needed and run it on the embedded defaults.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildCatalogue, buildStorefront, catalogueBuilt, ensureChromium, root } from './lib.mjs';

// A production server needs a session secret; on a laptop we make one once and keep it in data/.
function sessionSecret() {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
  const file = join(root, 'data', '.session-secret');
  if (!existsSync(file)) {
    mkdirSync(join(root, 'data'), { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

const rebuild = process.env.SKIP_BUILD !== '1';
// The catalogue's screenshots need a Chromium: get it as `npm test` does, or stop with the exact
// instruction, rather than serve a store whose every catalogue image is missing. A deploy that
// ships a built catalogue (SKIP_BUILD=1) needs none.
if (rebuild || !catalogueBuilt()) process.env.CHROMIUM_PATH = ensureChromium();
buildStorefront({ force: rebuild });
buildCatalogue({ force: rebuild, screenshots: true });

// The embedded defaults take payments with the sandbox (test cards, no money): a production
// store refuses that unless it is told it is a test store (decision 040). `npm start` says so
// for the operator, plainly, unless they chose a provider themselves.
const provider = process.env.PAYMENT_PROVIDER ?? 'sandbox';
const testPayments =
  provider === 'sandbox' || (provider === 'paddle' && process.env.PADDLE_ENVIRONMENT === 'sandbox');
const testMode = testPayments && process.env.PAYMENTS_TEST_MODE === undefined;
if (testMode) {
  console.log(
    '\n  TEST MODE: this store takes test payments only (the sandbox: test cards, no money).\n' +
      '  Every page and e-mail says so, and the licences it sells are test licences that a live\n' +
      '  store does not accept. To sell, set PAYMENT_PROVIDER=paddle, PADDLE_ENVIRONMENT=production\n' +
      '  and the other PADDLE_* variables (README, "Configuration").\n',
  );
}

// A young generation of 4 MiB semispaces instead of V8's 16: ~50 MiB less resident memory at
// idle and under load for no measured loss of throughput (docs/decisions/019).
const server = spawn(process.execPath, ['--max-semi-space-size=4', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    NODE_ENV: 'production',
    ...(testMode ? { PAYMENTS_TEST_MODE: 'true' } : {}),
    ...process.env,
    SESSION_SECRET: sessionSecret(),
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
