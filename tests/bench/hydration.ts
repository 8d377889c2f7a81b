// `pnpm bench hydration`: what the first load's JavaScript costs the main thread as long tasks
// (issue 26, decision 064), on the production build started as `npm start` would. Each page is
// opened in a fresh Chromium context (/usr/bin/chromium or CHROME_PATH, through playwright-core)
// with the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate), a `longtask` PerformanceObserver
// installed before any script, and the page left alone (no scroll, no input):
//   - "to interactive": from navigation to the layout's `data-page-hydrated` mark (the header,
//     palette button and account menu hydrated), and the long tasks up to it;
//   - "all": every long task until HYDRATION_SETTLE_MS (3000) after that mark, i.e. also what
//     hydrates on idle without the visitor doing anything.
// Median of HYDRATION_RUNS (3) per column. HYDRATION_BASELINE=<a storefront dist folder> starts a
// second store on that build and measures it in the same rounds, interleaved (before/after in one
// run). The console is watched: any error or warning (a hydration mismatch) is printed. Never
// pass/fail: the machine is shared; compare columns of one run, with the load average beside.
import { loadavg } from 'node:os';
import { chromium, type Browser } from 'playwright-core';
import { startStore, type RunningStore } from '../e2e/support/store.ts';

const PAGES = {
  Home: '/',
  Subcategory: '/components/marketing/sections/heroes',
} as const;

const RATE = Number(process.env.HYDRATION_CPU_RATE ?? 4);
const SETTLE_MS = Number(process.env.HYDRATION_SETTLE_MS ?? 3000);

type Sample = {
  interactiveMs: number;
  early: number[];
  all: number[];
  messages: string[];
};

declare global {
  interface Window {
    __longTasks?: { start: number; duration: number }[];
  }
}

async function sample(browser: Browser, url: string): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      messages.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        window.__longTasks!.push({ start: entry.startTime, duration: entry.duration });
      }
    }).observe({ type: 'longtask', buffered: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
  try {
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForSelector('html[data-page-hydrated]', { state: 'attached', timeout: 120_000 });
    const interactiveMs = await page.evaluate(() => performance.now());
    await page.waitForTimeout(SETTLE_MS);
    const tasks = await page.evaluate(() => window.__longTasks ?? []);
    return {
      interactiveMs,
      early: tasks.filter((task) => task.start < interactiveMs).map((task) => task.duration),
      all: tasks.map((task) => task.duration),
      messages,
    };
  } finally {
    await context.close();
  }
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

function row(samples: Sample[]) {
  const pick = (of: (s: Sample) => number) => Math.round(median(samples.map(of)));
  return {
    'to interactive ms': pick((s) => s.interactiveMs),
    'tasks before': pick((s) => s.early.length),
    'sum before ms': pick((s) => sum(s.early)),
    'longest before ms': pick((s) => Math.max(0, ...s.early)),
    'tasks all': pick((s) => s.all.length),
    'sum all ms': pick((s) => sum(s.all)),
    'longest all ms': pick((s) => Math.max(0, ...s.all)),
    'longest per run': samples.map((s) => Math.round(Math.max(0, ...s.all))).join(' / '),
  };
}

export async function benchHydration() {
  const runs = Number(process.env.HYDRATION_RUNS ?? 3);
  const stores: [string, RunningStore][] = [['ours', await startStore({ LOG_LEVEL: 'error' })]];
  const baseline = process.env.HYDRATION_BASELINE;
  if (baseline) {
    stores.push(['baseline', await startStore({ LOG_LEVEL: 'error', STOREFRONT_DIST: baseline })]);
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  const load = loadavg().map((value) => value.toFixed(1));
  try {
    const samples = new Map<string, Sample[]>();
    for (let round = 1; round <= runs; round += 1) {
      for (const [page, path] of Object.entries(PAGES)) {
        // Alternate which build goes first, so neither always meets a warmer machine.
        const order = round % 2 ? stores : [...stores].reverse();
        for (const [name, store] of order) {
          const key = `${page} · ${name}`;
          const measured = await sample(browser, `${store.url}${path}`);
          (samples.get(key) ?? samples.set(key, []).get(key)!).push(measured);
        }
      }
    }
    console.log(
      `\nHydration long tasks at ${RATE}× CPU slowdown, median of ${runs} interleaved runs (load average ${load.join(' ')} at start, ${loadavg()
        .map((value) => value.toFixed(1))
        .join(
          ' ',
        )} at end); "before" = until data-page-hydrated, "all" = until ${SETTLE_MS} ms after it.`,
    );
    console.table(
      Object.fromEntries(
        [...samples].sort(([a], [b]) => a.localeCompare(b)).map(([key, s]) => [key, row(s)]),
      ),
    );
    for (const [key, measured] of samples) {
      const messages = [...new Set(measured.flatMap((s) => s.messages))];
      for (const message of messages) console.log(`  !! ${key}: ${message.slice(0, 300)}`);
    }
  } finally {
    await browser.close();
    for (const [, store] of stores) await store.stop();
  }
}
