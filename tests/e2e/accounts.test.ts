import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { startStore, type RunningStore } from './support/store';

// The demo world's customer (apps/server/src/db/seed.ts).
const CUSTOMER = 'customer@example.com';
const DEMO_PASSWORD = 'tessera-demo-password';
const NEW_EMAIL = 'ada.lovelace@example.com';
const NEW_PASSWORD = 'analytical engine notes';
const RESET_PASSWORD = 'difference engine number two';

let store: RunningStore;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [store, browser] = await Promise.all([startStore({}, { seed: true }), launchBrowser()]);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await store?.stop();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext();
  contexts.push(context);
  return context.newPage();
}

async function hydrated(page: Page) {
  await page.waitForSelector('[data-page-hydrated]', { state: 'attached' });
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${store.url}/login`);
  await hydrated(page);
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${store.url}/`);
}

async function isSignedIn(page: Page): Promise<boolean> {
  await page.goto(store.url);
  await hydrated(page);
  // The header shows the Account menu to a signed-in user, 'Sign in' to a visitor.
  const header = page.getByRole('banner');
  return (await header.getByRole('button', { name: 'Account' }).count()) > 0;
}

describe('a customer managing their account', () => {
  let here: Page;
  let laptop: Page;

  it('signs in and sees their purchase history, refunds marked', async () => {
    here = await newPage();
    await signIn(here, CUSTOMER, DEMO_PASSWORD);
    expect(await isSignedIn(here)).toBe(true);
    await here.goto(`${store.url}/account-settings`);
    await hydrated(here);
    await here.getByRole('heading', { name: 'Purchase history' }).waitFor();
    const table = here.getByRole('table');
    expect(await table.getByText('Refunded').count()).toBeGreaterThan(0);
    expect(await table.getByRole('link', { name: /View Receipt/ }).count()).toBe(3);
  });

  it('changes the e-mail address', async () => {
    const field = here.getByRole('textbox', { name: 'Email address' });
    await field.fill(NEW_EMAIL);
    await here.getByRole('button', { name: 'Save' }).first().click();
    await here.getByText('Email updated successfully.').waitFor();
    expect(await here.getByText('Email updated successfully.').count()).toBe(1);
    await here.reload();
    expect(await here.getByRole('textbox', { name: 'Email address' }).inputValue()).toBe(NEW_EMAIL);
  });

  it('changes the password; the fields are cleared afterwards', async () => {
    await here.getByLabel('Current password', { exact: true }).fill(DEMO_PASSWORD);
    await here.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await here.getByRole('button', { name: 'Save' }).nth(1).click();
    await here.getByText('Password updated successfully.').waitFor();
    expect(await here.getByText('Password updated successfully.').count()).toBe(1);
    expect(await here.getByLabel('Current password', { exact: true }).inputValue()).toBe('');
    expect(await here.getByLabel('New password', { exact: true }).inputValue()).toBe('');
  });

  it('logs out the other sessions: a second browser is thrown out', async () => {
    laptop = await newPage();
    await signIn(laptop, NEW_EMAIL, NEW_PASSWORD);
    expect(await isSignedIn(laptop)).toBe(true);

    await here.goto(`${store.url}/account-settings`);
    await hydrated(here);
    await here.locator('input[name="password"]').fill(NEW_PASSWORD);
    await here.getByRole('button', { name: 'Log out other sessions' }).click();
    await here.getByText('Other sessions successfully logged out.').waitFor();
    expect(await here.getByText('Other sessions successfully logged out.').count()).toBe(1);

    expect(await isSignedIn(laptop)).toBe(false);
    expect(await isSignedIn(here)).toBe(true);
  });

  it('resets a forgotten password through the mailed link and signs in with it', async () => {
    const page = await newPage();
    await page.goto(`${store.url}/password/reset`);
    await hydrated(page);
    await page.getByRole('textbox', { name: 'Email address' }).fill(NEW_EMAIL);
    await page.getByRole('button', { name: /reset link/i }).click();
    await page.getByText(/We have e-mailed your password reset link/).waitFor();

    // A production store without SMTP keeps mail on disk only (no /dev/mail page): read it there.
    let link: string | undefined;
    for (let attempt = 0; attempt < 20 && !link; attempt += 1) {
      const outbox = join(store.dataDir, 'mail');
      const files = existsSync(outbox) ? readdirSync(outbox) : [];
      for (const file of files.filter((name) => name.endsWith('.json'))) {
        const mail = JSON.parse(readFileSync(join(outbox, file), 'utf8')) as {
          subject: string;
          text: string;
        };
        if (/Reset your .* password/.test(mail.subject)) {
          link = /https?:\/\/\S+\/password\/reset\/\S+/.exec(mail.text)?.[0];
        }
      }
      if (!link) await page.waitForTimeout(250);
    }
    expect(link).toBeDefined();
    expect((await fetch(`${store.url}/dev/mail`)).status).toBe(404);
    await page.goto(link!);
    await hydrated(page);
    expect(await page.getByRole('textbox', { name: 'Email address' }).inputValue()).toBe(NEW_EMAIL);
    await page.getByLabel('New password', { exact: true }).fill(RESET_PASSWORD);
    await page.getByRole('button', { name: /reset password/i }).click();
    await page.waitForURL(`${store.url}/login`);
    await page.getByText('Your password has been reset.').waitFor();

    await signIn(page, NEW_EMAIL, RESET_PASSWORD);
    expect(await isSignedIn(page)).toBe(true);
  });
});
