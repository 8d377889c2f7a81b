// `pnpm bench lighthouse`: Lighthouse (npm, run in this process) on the project's Chromium
// (/usr/bin/chromium, or CHROME_PATH) against the production build, started as `npm start` would.
// Mobile with simulated throttling, the median of LIGHTHOUSE_RUNS runs (3) per page by
// performance score; desktop CLS, the median of LIGHTHOUSE_DESKTOP_RUNS runs (1). Printed beside
// the issue 15 budgets; never pass/fail (the machine is shared: scores move between runs).
// Nothing is downloaded: Chromium is the system's, Lighthouse runs offline against 127.0.0.1.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type RunnerResult } from 'lighthouse';
import { startStore } from '../e2e/support/store.ts';
import { BENCH_PAGES } from './bundles.ts';

const BUDGET = { score: 98, lcpMs: 1200, tbtMs: 50, cls: 0.01, bestPractices: 100 } as const;

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

const within = (ok: boolean) => (ok ? 'yes' : 'NO');

export async function benchLighthouse() {
  const mobileRuns = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
  const desktopRuns = Number(process.env.LIGHTHOUSE_DESKTOP_RUNS ?? 1);
  const store = await startStore({ LOG_LEVEL: 'error' });
  try {
    const rows: Record<string, Record<string, string | number>> = {};
    const failed = new Set<string>();
    for (const [name, { path }] of Object.entries(BENCH_PAGES)) {
      const url = `${store.url}${path}`;
      const mobile = median(await runs(url, mobileRuns, false), (run) => run.score);
      const desktop = median(await runs(url, desktopRuns, true), (run) => run.cls);
      process.stderr.write(`  ${name}: score ${mobile.score}\n`);
      mobile.failedBestPractices.forEach((id) => failed.add(`${name}: ${id}`));
      rows[`${name} (${path})`] = {
        score: mobile.score,
        [`≥ ${BUDGET.score}`]: within(mobile.score >= BUDGET.score),
        'LCP s': Number((mobile.lcpMs / 1000).toFixed(2)),
        [`≤ ${BUDGET.lcpMs / 1000} s`]: within(mobile.lcpMs <= BUDGET.lcpMs),
        'TBT ms': Math.round(mobile.tbtMs),
        [`≤ ${BUDGET.tbtMs} ms`]: within(mobile.tbtMs <= BUDGET.tbtMs),
        CLS: Number(mobile.cls.toFixed(3)),
        [`≤ ${BUDGET.cls}`]: within(mobile.cls <= BUDGET.cls),
        'best practices': mobile.bestPractices,
        [`= ${BUDGET.bestPractices}`]: within(mobile.bestPractices >= BUDGET.bestPractices),
        'desktop CLS': Number(desktop.cls.toFixed(3)),
        [`desktop ≤ ${BUDGET.cls}`]: within(desktop.cls <= BUDGET.cls),
      };
    }
    console.log(
      `\nLighthouse (mobile, simulated throttling; median of ${mobileRuns} by score; desktop CLS ` +
        `median of ${desktopRuns}) on the production build, ${store.url}:`,
    );
    console.table(rows);
    if (failed.size > 0) console.log(`Best-practice audits failing: ${[...failed].join(', ')}`);
  } finally {
    await store.stop();
  }
}

if (import.meta.main) await benchLighthouse();
