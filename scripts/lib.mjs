// Small helpers shared by the build, start and test scripts.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { findChromium } from './chromium.mjs';
import { needsPrecompression, precompressAssets } from './precompress.mjs';

export const root = resolve(import.meta.dirname, '..');

export function log(message) {
  process.stderr.write(`\x1b[36m›\x1b[0m ${message}\n`);
}

/** Runs a command in the repository root; returns its exit status and duration in seconds. */
export function run(command, args, options = {}) {
  const started = performance.now();
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  const seconds = (performance.now() - started) / 1000;
  if (result.error) throw result.error;
  return { status: result.status ?? 1, seconds };
}

export function runOrExit(command, args, options) {
  const { status, seconds } = run(command, args, options);
  if (status !== 0) {
    log(`failed: ${command} ${args.join(' ')}`);
    process.exit(status);
  }
  return seconds;
}

/** The store's client and SSR bundles; `force` rebuilds even when a build exists. */
export function buildStorefront({ force = false } = {}) {
  const built = existsSync(resolve(root, 'apps/storefront/dist/ssr/ssr.js'));
  const assets = resolve(root, 'apps/storefront/dist/client/assets');
  let seconds = 0;
  if (!built || force) {
    log('building the storefront (client + SSR bundles)');
    seconds = runOrExit('pnpm', ['--filter', '@tessera/storefront', 'build']);
  }
  // Brotli and gzip copies of the hashed assets, made once here rather than per request.
  if (existsSync(assets) && needsPrecompression(assets)) {
    const started = performance.now();
    log(`pre-compressed ${precompressAssets(assets)} asset(s) (brotli, gzip)`);
    seconds += (performance.now() - started) / 1000;
  }
  return seconds;
}

export function catalogueBuilt() {
  const dist = resolve(root, 'packages/catalog/dist');
  return ['catalog.json', 'related.json', 'content.json'].every((file) =>
    existsSync(resolve(dist, file)),
  );
}

/**
 * The catalogue (packages/catalog/dist): components converted, proven, highlighted, previewed
 * and screenshotted, then the content (templates, docs, changelog, privacy policy). Both builds
 * cache by content hash, so a warm run takes seconds. Without Chromium the screenshots that are
 * not cached yet are skipped (pages then show a named placeholder, and the server warns).
 */
export function buildCatalogue({ force = false, screenshots = findChromium() !== null } = {}) {
  if (catalogueBuilt() && !force) return 0;
  const flags = screenshots ? [] : ['--no-screenshots'];
  if (!screenshots) log('no Chromium: building the catalogue without new screenshots');
  log('building the catalogue (conversion, fidelity check, highlighting, previews, screenshots)');
  const components = runOrExit('node', ['packages/catalog/scripts/build.ts', ...flags]);
  log('building the content (templates, documentation, changelog, privacy policy)');
  return components + runOrExit('node', ['packages/catalog/scripts/build-content.ts', ...flags]);
}

/**
 * Browser tests need a Chromium. CHROMIUM_PATH wins; otherwise Debian's package, installed
 * here when missing and we are root on Debian; otherwise we say exactly what to install.
 */
export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  if (process.env.CHROMIUM_PATH) {
    log(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist.`);
    process.exit(1);
  }
  const debian = existsSync('/etc/debian_version');
  const isRoot = process.getuid?.() === 0;
  if (debian && isRoot) {
    log("no Chromium found: installing Debian's chromium package (apt-get install chromium)");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    runOrExit('apt-get', ['update', '-qq'], { env });
    runOrExit('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], { env });
    const installed = findChromium();
    if (installed) return installed;
  }
  log(
    debian
      ? 'No Chromium found. Install it with: sudo apt-get install chromium   (or set CHROMIUM_PATH)'
      : 'No Chromium found. Install Chromium or Google Chrome and set CHROMIUM_PATH=/path/to/chrome',
  );
  process.exit(1);
}

/**
 * The ops drill's balancer. HAPROXY_PATH wins; otherwise Debian's haproxy package, installed
 * here when missing and we are root on Debian (as for Chromium); otherwise what to install.
 * It runs as a plain process of the drill's: the system service is never enabled.
 */
export function ensureHaproxy() {
  const path = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';
  if (existsSync(path)) return path;
  const debian = existsSync('/etc/debian_version');
  if (debian && process.getuid?.() === 0 && !process.env.HAPROXY_PATH) {
    log("no haproxy found: installing Debian's haproxy package (apt-get install haproxy)");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    runOrExit('apt-get', ['update', '-qq'], { env });
    // policy-rc.d-free: the package's service is not started in a container without init.
    runOrExit('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'haproxy'], { env });
    if (existsSync(path)) return path;
  }
  log(
    debian
      ? 'No haproxy found. Install it with: sudo apt-get install haproxy   (or set HAPROXY_PATH)'
      : 'No haproxy found. Install haproxy and set HAPROXY_PATH=/path/to/haproxy',
  );
  process.exit(1);
}
