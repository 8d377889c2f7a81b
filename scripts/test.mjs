// `npm test`: the whole suite, as CI runs it.
//   node scripts/test.mjs            checks, builds, unit + server, stories (Chromium), e2e
//   node scripts/test.mjs stories    only the stories; `--update` rewrites screenshot baselines
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildCatalogue,
  buildStorefront,
  ensureChromium,
  ensureHaproxy,
  log,
  root,
  run,
  runOrExit,
} from './lib.mjs';
import { spawn, spawnSync } from 'node:child_process';

const [only, ...rest] = process.argv.slice(2);
const update = rest.includes('--update') || only === '--update';
const reportDir = mkdtempSync(join(tmpdir(), 'tessera-test-'));
const timings = [];
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Suites running beside the current step, stopped if the suite ends early. */
const besides = new Set();

function step(name, fn) {
  const started = performance.now();
  fn();
  const seconds = (performance.now() - started) / 1000;
  timings.push([name, seconds]);
  log(`${name}: ${seconds.toFixed(1)} s`);
}

function vitestArgs(name, projects, extra) {
  const outputFile = join(reportDir, `${name}.json`);
  const args = ['exec', 'vitest', 'run', ...projects.flatMap((p) => ['--project', p])];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${outputFile}`, ...extra);
  return { args, outputFile };
}

/** Adds a run's counts to the closing line; a failed run ends the suite. */
function tally(name, outputFile, status) {
  try {
    const report = JSON.parse(readFileSync(outputFile, 'utf8'));
    totals.passed += report.numPassedTests;
    // A run can fail with every test green (an unhandled error): count it, so the line says so.
    totals.failed += report.numFailedTests || (status === 0 ? 0 : 1);
    totals.skipped += report.numPendingTests + report.numTodoTests;
  } catch {
    totals.failed += 1;
  }
  if (status !== 0) {
    log(`${name} failed`);
    finish(status);
  }
}

function vitest(name, projects, extra = [], env = {}) {
  const { args, outputFile } = vitestArgs(name, projects, extra);
  const { status } = run('pnpm', args, { env: { ...process.env, ...env } });
  tally(name, outputFile, status);
}

/**
 * A suite that waits on a database more than on the CPU, run beside the others: its output goes
 * to a file and is printed when it ends (all of it when it failed, its summary when it passed).
 * `wait()` returns once it has ended and been counted.
 */
function vitestBeside(name, projects, env = {}) {
  const { args, outputFile } = vitestArgs(name, projects, []);
  const logFile = join(reportDir, `${name}.log`);
  const fd = openSync(logFile, 'w');
  const started = performance.now();
  log(`${name}: started beside the other suites (its output follows when it ends)`);
  const child = spawn('pnpm', args, {
    cwd: root,
    env: { ...process.env, ...env, FORCE_COLOR: '0' },
    stdio: ['ignore', fd, fd],
    detached: true,
  });
  const beside = { name, child, logFile };
  besides.add(beside);
  const ended = new Promise((resolveEnded) => {
    child.on('close', (code) => {
      besides.delete(beside);
      resolveEnded(code ?? 1);
    });
    child.on('error', () => resolveEnded(1));
  });
  return {
    async wait() {
      const status = await ended;
      closeSync(fd);
      timings.push([`${name} (beside)`, (performance.now() - started) / 1000]);
      const output = readFileSync(logFile, 'utf8');
      process.stdout.write(status === 0 ? output.split('\n').slice(-12).join('\n') : output);
      tally(name, outputFile, status);
    },
  };
}

function finish(status) {
  // Each runs in its own process group (detached), so its workers stop with it.
  for (const { name, child, logFile } of besides) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // It had ended already.
    }
    // What it had done by then (it may have finished: the loop never ran to hear it).
    log(`${name}, beside, when the suite stopped:`);
    process.stdout.write(readFileSync(logFile, 'utf8').split('\n').slice(-12).join('\n') + '\n');
  }
  rmSync(reportDir, { recursive: true, force: true });
  log('time per suite:');
  for (const [name, seconds] of timings) log(`  ${name.padEnd(22)} ${seconds.toFixed(1)} s`);
  // The closing line CI reads.
  console.log(
    `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
  );
  process.exit(status);
}

if (only === 'stories' || only === '--update') {
  process.env.CHROMIUM_PATH ??= ensureChromium();
  step('stories', () => vitest('stories', ['storybook'], update ? ['--update'] : []));
  finish(0);
}

process.env.CHROMIUM_PATH ??= ensureChromium();
step('typecheck', () => runOrExit('pnpm', ['-r', '--parallel', 'typecheck']));
step('lint', () => runOrExit('node', ['scripts/lint.mjs']));
step('format', () =>
  runOrExit('pnpm', ['exec', 'prettier', '--check', '.', '--log-level', 'warn']),
);
step('build', () => {
  runOrExit('pnpm', ['--filter', '@tessera/ui', 'build']);
  buildStorefront({ force: true });
});
// The catalogue the server tests, the e2e journeys and the store itself serve.
step('catalogue build', () => buildCatalogue({ force: true }));
// The same server suite on the production shape: PostgreSQL (127.0.0.1:5432, a database per
// test file, dropped afterwards) and Redis (127.0.0.1:6379, keys under a prefix per file) for
// sessions and rate limits. It waits on the database far more than it computes, so it runs beside
// the suites below rather than after them (about a quarter of an hour saved on two cores).
const postgres = vitestBeside('server on pg + redis', ['server'], {
  TEST_DATABASE: 'postgres',
  TEST_SESSION_STORE: 'redis',
});
step('unit + server', () => vitest('unit-server', ['unit', 'server']));
// The catalogue: conversion fidelity, highlighting, previews, screenshots, content (Chromium).
step('catalog', () => vitest('catalog', ['catalog']));
step('stories', () => vitest('stories', ['storybook']));
step('e2e', () => vitest('e2e', ['e2e']));
await postgres.wait();
// The launch-day drill (tests/ops): 3 instances behind haproxy on PostgreSQL + Redis while one is
// killed, the instances roll to a next release and back. Its table of figures stays in the log.
step('ops drill', () => {
  process.env.HAPROXY_PATH ??= ensureHaproxy();
  const result = spawnSync('node', ['tests/ops/drill.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  process.stdout.write(result.stdout ?? '');
  const counts = /ops drill: (\d+) passed, (\d+) failed/.exec(result.stdout ?? '');
  totals.passed += Number(counts?.[1] ?? 0);
  totals.failed += Number(counts?.[2] ?? (result.status === 0 ? 0 : 1));
  if (result.status !== 0) {
    log('ops drill failed');
    finish(result.status ?? 1);
  }
});
finish(0);
