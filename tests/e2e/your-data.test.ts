import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, hydrated, signIn, storeSuite } from './support';

// The demo world's customer (apps/server/src/db/seed.ts).
const CUSTOMER = 'customer@example.com';

const { store, browser } = storeSuite({ seed: true });

describe('a customer taking their data and leaving (decision 060)', () => {
  it('downloads their data, deletes the account, and the old password no longer signs in', async () => {
    const context = await browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    await signIn(store, page, CUSTOMER, DEMO_PASSWORD);
    await page.goto(`${store.url}/account-settings`);
    await hydrated(page);
    const section = page.getByRole('region', { name: 'Your data' });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Download your data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/-your-data-\d{4}-\d{2}-\d{2}\.json$/);
    const text = await readFile((await download.path())!, 'utf8');
    const data = JSON.parse(text) as {
      account: { email: string };
      purchases: unknown[];
      licences: unknown[];
    };
    expect(data.account.email).toBe(CUSTOMER);
    expect(data.purchases.length).toBeGreaterThan(0);
    expect(data.licences.length).toBeGreaterThan(0);
    expect(text).not.toMatch(/scrypt\$|password_hash|token_hash/);
    console.info(`the demo customer's export: ${Buffer.byteLength(text)} bytes`);
    // The download left the page where it was.
    expect(new URL(page.url()).pathname).toBe('/account-settings');

    await section.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await section.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL(`${store.url}/login`);
    await expect.poll(() => page.getByText(/Your account has been deleted/).count()).toBe(1);

    await page.getByRole('textbox', { name: 'Email address' }).fill(CUSTOMER);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.goto(`${store.url}/account-settings`);
    await page.waitForURL(`${store.url}/login`);
    await context.close();
  });
});
