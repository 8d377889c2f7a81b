import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { generate } from 'otplib';
import type { FrameLocator, Page } from 'playwright-core';
import type { RunningStore } from './store';

/** Every demo account's password (apps/server/src/db/seed.ts). */
export const DEMO_PASSWORD = 'tessera-demo-password';

/**
 * Waits for what a slow, shared machine may take a while to show: generous, because waiting
 * longer costs nothing when the state arrives; the assertions after it are exact.
 */
export const SLOW = { timeout: 60_000 };

/** A whole journey's test: many pages, each waited for patiently. */
export const JOURNEY = 300_000;

/**
 * Waits until the client has taken over the server-rendered page (the storefront marks the root
 * with data-page-hydrated): before that a click is lost and a visit is a full page load.
 */
export async function hydrated(page: Page) {
  await page.waitForSelector('[data-page-hydrated]', { state: 'attached', ...SLOW });
}

/**
 * Whether the first component of a subcategory page offers this viewer its code (the Code tab)
 * rather than a way to buy it, as the server decided for this very request.
 */
export async function hasCode(store: RunningStore, page: Page, subcategory: string) {
  await page.goto(`${store.url}${subcategory}`);
  await hydrated(page);
  const view = page.locator('[data-slot="component-view"]').first();
  await view.waitFor(SLOW);
  const code = await view.getByRole('tab', { name: 'Code' }).count();
  const upsell = await view
    .getByRole('link', { name: /^(Get the code|Upgrade to get these components)$/ })
    .count();
  // One or the other: never both, never neither.
  if (code + upsell !== 1) throw new Error(`${subcategory}: ${code} Code tabs, ${upsell} offers`);
  return code === 1;
}

/** Signs in through the Login page (the demo world's password by default) and lands on Home. */
export async function signIn(
  store: RunningStore,
  page: Page,
  email: string,
  password: string = DEMO_PASSWORD,
) {
  await page.goto(`${store.url}/login`);
  await hydrated(page);
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(new RegExp(`^${escape(store.url)}/(login/second-factor)?$`), SLOW);
  // An account with a second factor (the demo admin's, seeded) is asked for its code next.
  if (page.url().endsWith('/login/second-factor')) {
    await completeSecondStep(page, TOTP_SECRETS[email] ?? DEMO_ADMIN_TOTP_SECRET);
    await page.waitForURL(`${store.url}/`, SLOW);
  }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The demo administrator's TOTP secret (apps/server/src/db/seed.ts, development only). */
export const DEMO_ADMIN_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** TOTP secrets of accounts a test set up itself, by e-mail, for `signIn`'s second step. */
export const TOTP_SECRETS: Record<string, string> = {};

/** The last time step each secret's code was used: the server refuses a code twice. */
const usedSteps = new Map<string, number>();

/** A code of `secret` the server takes now: this 30 s step's, or the next one's if used. */
export async function freshTotpCode(secret: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  let step = Math.floor(now / 30);
  if ((usedSteps.get(secret) ?? -1) >= step) step += 1;
  usedSteps.set(secret, step);
  return generate({ secret, epoch: step * 30 });
}

/** Fills the second step with a fresh code of `secret` and submits it. */
export async function completeSecondStep(page: Page, secret: string) {
  await hydrated(page);
  await page
    .getByRole('textbox', { name: 'Authentication code' })
    .fill(await freshTotpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** A non-OK answer that is the design, not a fault: Chromium logs each one as a console error. */
export type ExpectedFailure = { url: RegExp; status: number };

/** The thank-you page's poll answers 404 until the webhook has made the purchase. */
export const PURCHASE_POLL: ExpectedFailure = { url: /\/paddle-purchases\/[^/]+$/, status: 404 };

const PREVIEW = /\/catalog\/previews\/[^/]+\.html/;

/**
 * The page's console errors and uncaught exceptions (its frames' too), to assert there were
 * none but the `expected` non-OK answers.
 */
export function watchConsole(page: Page, expected: ExpectedFailure[] = []): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const where = message.location().url;
    // A component preview is a sandboxed (opaque-origin) frame: Chromium refuses the autofocus
    // some components' markup asks for (a command palette's search field), and says so.
    if (PREVIEW.test(where) && message.text().startsWith('Blocked autofocusing')) return;
    const status = /status of (\d{3})/.exec(message.text())?.[1];
    if (expected.some((e) => e.url.test(where) && String(e.status) === status)) return;
    problems.push(`console: ${message.text()} (${where})`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

type StoredMail = { to: string; subject: string; text: string };

/** The messages in the store's outbox folder (a production store without SMTP keeps them there). */
export function outbox(store: RunningStore): StoredMail[] {
  const folder = join(store.dataDir, 'mail');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(folder, name), 'utf8')) as StoredMail);
}

/**
 * Reads the store's own SQLite file, read-only, as an operator would: what a page cannot show
 * (that a declined card left no purchase behind, a seeded invite token).
 */
export function query<T>(store: RunningStore, sql: string, ...params: (string | number)[]): T[] {
  const db = new DatabaseSync(join(store.dataDir, 'tessera.sqlite'), { readOnly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/**
 * Changes the store's SQLite file behind its back, as a test's stand-in for time passing (a
 * component taken long ago, before the store changed it). Returns the rows changed.
 */
export function rewrite(store: RunningStore, sql: string, ...params: (string | number)[]): number {
  const db = new DatabaseSync(join(store.dataDir, 'tessera.sqlite'));
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    return Number(db.prepare(sql).run(...params).changes);
  } finally {
    db.close();
  }
}

/** The sandbox provider's inline checkout inside the Checkout page. */
export function checkoutFrame(page: Page): FrameLocator {
  return page.frameLocator('iframe[title="Secure checkout"]');
}

/** The sandbox frame's details step: e-mail, country (the listbox), postcode. */
export async function fillDetails(
  page: Page,
  details: { email?: string; country: string; postcode: string },
) {
  const frame = checkoutFrame(page);
  await frame.getByRole('heading', { name: 'Your details' }).waitFor(SLOW);
  // The frame is a page of its own: until its client has taken over, the country listbox does
  // not open (seen with two journeys at once on two cores).
  await frame.locator('[data-page-hydrated]').waitFor({ state: 'attached', ...SLOW });
  if (details.email !== undefined) {
    await frame.getByRole('textbox', { name: 'Email address' }).fill(details.email);
  }
  await frame.getByRole('combobox', { name: 'Country' }).click();
  await frame.getByRole('option', { name: details.country, exact: true }).click();
  await frame.getByRole('textbox', { name: 'Postcode' }).fill(details.postcode);
  await frame.getByRole('button', { name: 'Continue' }).click();
  await frame.getByRole('heading', { name: 'Payment' }).waitFor(SLOW);
}

/** Types a test card and presses Pay. */
export async function pay(page: Page, card: string) {
  const frame = checkoutFrame(page);
  await frame.getByRole('textbox', { name: 'Card number' }).fill(card);
  await frame.getByRole('button', { name: /^Pay / }).click();
}

export const TEST_CARDS = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
} as const;
