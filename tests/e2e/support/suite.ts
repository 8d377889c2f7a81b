import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { startStore, type RunningStore } from './store';

/** The part of Chromium a test uses: a context of its own (cookies, viewport) or a quick page. */
export type SuiteBrowser = Pick<Browser, 'newContext' | 'newPage'>;

export type StoreSuiteOptions = {
  /** Variables on top of the production defaults `startStore` sets. */
  env?: Record<string, string>;
  /** The demo world (`pnpm seed`) first: its customers, licences and teams. */
  seed?: boolean;
  /** The store's address's host: `localhost` where a domain name is needed (passkeys). */
  hostname?: string;
};

/**
 * The store and the browser one e2e file runs against: the built store started as `npm start`
 * runs it (production mode, its own port and data folder) and Debian's Chromium, both before the
 * file's first test and both stopped after its last, with every context the file opened closed.
 * Call it once at the top of the file; the handles work inside tests and hooks (a file's own
 * `beforeAll` runs after these have started, its `afterAll` before they stop).
 */
export function storeSuite({ env = {}, seed = false, hostname }: StoreSuiteOptions = {}): {
  store: RunningStore;
  browser: SuiteBrowser;
} {
  let running: RunningStore | undefined;
  let launched: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [running, launched] = await Promise.all([startStore(env, { seed, hostname }), launchBrowser()]);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await launched?.close();
    await running?.stop();
  });

  function started<T>(value: T | undefined): T {
    if (value === undefined) throw new Error('the store starts in beforeAll: use it in a test');
    return value;
  }
  const store: RunningStore = {
    get url() {
      return started(running).url;
    },
    get dataDir() {
      return started(running).dataDir;
    },
    get pid() {
      return started(running).pid;
    },
    output: () => started(running).output(),
    stop: () => started(running).stop(),
  };
  const browser: SuiteBrowser = {
    async newContext(options) {
      const context = await started(launched).newContext(options);
      contexts.push(context);
      return context;
    },
    newPage: (options) => started(launched).newPage(options),
  };
  return { store, browser };
}
