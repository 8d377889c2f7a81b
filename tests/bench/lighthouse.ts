// `pnpm bench lighthouse`: Lighthouse (npm, run in this process) on the project's Chromium
// (/usr/bin/chromium, or CHROME_PATH) against the production build, started as `npm start` would,
// beside the page's limit (issue 26, decision 058): the same server-rendered HTML with every
// script and module preload removed, served by the same server with the same compression (written
// into the build's assets folder with its brotli and gzip copies, removed afterwards). Mobile with
// simulated throttling; each run measures every page's ours then limit, and the runs repeat
// LIGHTHOUSE_RUNS times (3), so both columns see the same load; the median by score of each is
// printed with the difference and the issue 26 goal beside. Desktop CLS: LIGHTHOUSE_DESKTOP_RUNS
// (0 by default). Never pass/fail: the machine is shared and figures move between runs, so compare
// columns of one run. Nothing is downloaded: Chromium is the system's, Lighthouse runs offline.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type RunnerResult } from 'lighthouse';
import { compress } from '../../apps/server/src/http/compression.ts';
import { startStore } from '../e2e/support/store.ts';
import { BENCH_PAGES, clientDist } from './bundles.ts';

/** Issue 26: against the limit measured in the same run. */
const GOAL = { score: 98, lcpRatio: 1.1, tbtPlusMs: 50, cls: 0.01 } as const;

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-extensions',
];

type Run = {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  bestPractices: number;
  failedBestPractices: string[];
};

function summary(result: RunnerResult | undefined): Run {
  const lhr = result?.lhr;
  if (!lhr) throw new Error('Lighthouse returned no result');
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const bestPractices = lhr.categories['best-practices'];
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    bestPractices: Math.round((bestPractices?.score ?? 0) * 100),
    failedBestPractices: (bestPractices?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id),
  };
}

const median = <T>(runs: T[], by: (run: T) => number): T =>
  [...runs].sort((a, b) => by(a) - by(b))[Math.floor(runs.length / 2)]!;

/**
 * `count` runs of one page, each in a fresh Chromium (as the Lighthouse CLI does: no cache, no
 * state between runs). A run Lighthouse reports as broken (e.g. NO_NAVSTART, a trace it could
 * not read on a loaded machine) is tried again, twice at most.
 */
async function runs(url: string, count: number, desktop: boolean): Promise<Run[]> {
  const results: Run[] = [];
  for (let i = 0; i < count; i += 1) {
    for (let attempt = 1; ; attempt += 1) {
      const chrome = await chromeLauncher.launch({
        chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
        chromeFlags: CHROME_FLAGS,
      });
      try {
        const flags: Flags = {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'best-practices'],
        };
        results.push(summary(await lighthouse(url, flags, desktop ? desktopConfig : undefined)));
        break;
      } catch (error) {
        if (attempt >= 3) throw error;
        process.stderr.write(`  (${url}: ${(error as Error).message}; trying again)\n`);
      } finally {
        chrome.kill();
      }
    }
  }
  return results;
}

/**
 * The limit of a page: its server-rendered HTML without scripts (inline, module and the Inertia
 * page object's) and without module preloads; what the page would be if it shipped no JavaScript.
 */
export function stripScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '');
}

/** A GET, tried again when a kept-alive connection is reset under load (it happens here). */
async function fetchPage(url: string, attempts = 3): Promise<Response> {
  try {
    return await fetch(url);
  } catch (error) {
    if (attempts <= 1) throw error;
    return fetchPage(url, attempts - 1);
  }
}

/** Writes each page's limit into the build's assets folder (with .br/.gz); returns their paths. */
async function writeLimits(storeUrl: string, dist: string) {
  const written: string[] = [];
  const paths: Record<string, string> = {};
  for (const [name, { path }] of Object.entries(BENCH_PAGES)) {
    const response = await fetchPage(`${storeUrl}${path}`);
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    const html = Buffer.from(stripScripts(await response.text()));
    const file = `bench-limit-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.html`;
    const target = join(dist, 'assets', file);
    writeFileSync(target, html);
    writeFileSync(`${target}.br`, await compress(html, 'br'));
    writeFileSync(`${target}.gz`, await compress(html, 'gzip'));
    written.push(target, `${target}.br`, `${target}.gz`);
    paths[name] = `/build/assets/${file}`;
  }
  return { paths, remove: () => written.forEach((file) => rmSync(file, { force: true })) };
}

const within = (ok: boolean) => (ok ? 'yes' : 'NO');
const seconds = (ms: number) => Number((ms / 1000).toFixed(2));

export async function benchLighthouse() {
  const mobileRuns = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
  const desktopRuns = Number(process.env.LIGHTHOUSE_DESKTOP_RUNS ?? 0);
  const only = process.env.LIGHTHOUSE_PAGES?.split(',').map((name) => name.trim());
  const pages = Object.entries(BENCH_PAGES).filter(([name]) => !only || only.includes(name));
  const store = await startStore({ LOG_LEVEL: 'error' });
  const limits = await writeLimits(store.url, clientDist());
  try {
    const ours = new Map<string, Run[]>(pages.map(([name]) => [name, []]));
    const limit = new Map<string, Run[]>(pages.map(([name]) => [name, []]));
    // Interleaved: every page's ours and limit in each round, so a load spike hits both columns.
    for (let round = 1; round <= mobileRuns; round += 1) {
      for (const [name, { path }] of pages) {
        ours.get(name)!.push(...(await runs(`${store.url}${path}`, 1, false)));
        limit.get(name)!.push(...(await runs(`${store.url}${limits.paths[name]}`, 1, false)));
        const [a, b] = [ours.get(name)!.at(-1)!, limit.get(name)!.at(-1)!];
        process.stderr.write(`  round ${round} ${name}: ours ${a.score}, limit ${b.score}\n`);
      }
    }
    const rows: Record<string, Record<string, string | number>> = {};
    const failed = new Set<string>();
    for (const [name, { path }] of pages) {
      const o = median(ours.get(name)!, (run) => run.score);
      const l = median(limit.get(name)!, (run) => run.score);
      o.failedBestPractices.forEach((id) => failed.add(`${name}: ${id}`));
      const lcpGoal = l.lcpMs * GOAL.lcpRatio;
      const tbtGoal = l.tbtMs + GOAL.tbtPlusMs;
      const row: Record<string, string | number> = {
        score: `${o.score} / ${l.score} (${o.score - l.score})`,
        [`≥ ${GOAL.score}`]: within(o.score >= GOAL.score),
        'LCP s': `${seconds(o.lcpMs)} / ${seconds(l.lcpMs)} (+${seconds(o.lcpMs - l.lcpMs)})`,
        [`≤ ${GOAL.lcpRatio}× limit`]: within(o.lcpMs <= lcpGoal),
        'TBT ms': `${Math.round(o.tbtMs)} / ${Math.round(l.tbtMs)} (+${Math.round(o.tbtMs - l.tbtMs)})`,
        [`≤ limit + ${GOAL.tbtPlusMs}`]: within(o.tbtMs <= tbtGoal),
        CLS: `${o.cls.toFixed(3)} / ${l.cls.toFixed(3)}`,
        [`≤ ${GOAL.cls}`]: within(o.cls <= GOAL.cls),
        'best pr.': o.bestPractices,
      };
      if (desktopRuns > 0) {
        const desktop = median(
          await runs(`${store.url}${path}`, desktopRuns, true),
          (r) => r.score,
        );
        row['desktop score'] = desktop.score;
        row['desktop CLS'] = Number(desktop.cls.toFixed(3));
      }
      rows[`${name} (${path})`] = row;
    }
    console.log(
      `\nLighthouse (mobile, simulated throttling), ours / limit (difference), median of ` +
        `${mobileRuns} interleaved rounds by score, on the production build, ${store.url}:`,
    );
    console.table(rows);
    if (failed.size > 0) console.log(`Best-practice audits failing: ${[...failed].join(', ')}`);
  } finally {
    limits.remove();
    await store.stop();
  }
}

if (import.meta.main) await benchLighthouse();
