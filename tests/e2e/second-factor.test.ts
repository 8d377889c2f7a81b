import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  completeSecondStep,
  DEMO_ADMIN_TOTP_SECRET,
  freshTotpCode,
  hydrated,
  JOURNEY,
  signIn,
  SLOW,
  storeSuite,
  TOTP_SECRETS,
  watchConsole,
} from './support';

// Demo accounts (apps/server/src/db/seed.ts): a customer who sets up TOTP, and the admin.
const OWNER = 'other-owner@example.com';
const ADMIN = 'admin@example.com';

const { store, browser } = storeSuite({ seed: true });

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

const twoFactor = (page: Page) => page.locator('[data-slot="two-factor"]');
const formWithHeading = (page: Page, heading: string) =>
  twoFactor(page).locator('form', { has: page.getByRole('heading', { name: heading }) });

describe('two-factor authentication in the browser', () => {
  it(
    'sets up an authenticator app from the account page, then signs in with its code',
    async () => {
      const page = await newPage();
      const problems = watchConsole(page);
      await signIn(store, page, OWNER);
      await page.goto(`${store.url}/account-settings`);
      await hydrated(page);
      await twoFactor(page).getByRole('button', { name: 'Set up an authenticator app' }).click();
      const qr = twoFactor(page).getByRole('img', { name: 'QR code for your authenticator app' });
      await qr.waitFor(SLOW);
      expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
      const secret = (await twoFactor(page).locator('code').textContent())!.trim();
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      TOTP_SECRETS[OWNER] = secret;
      await twoFactor(page)
        .getByRole('textbox', { name: 'Code from the app' })
        .fill(await freshTotpCode(secret));
      await twoFactor(page).getByRole('button', { name: 'Turn on' }).click();
      const codes = twoFactor(page).getByRole('list', { name: 'Recovery codes' });
      await codes.waitFor(SLOW);
      expect(await codes.getByRole('listitem').count()).toBe(10);
      // Shown once: a reload has none.
      await page.reload();
      await hydrated(page);
      expect(await twoFactor(page).getByRole('list', { name: 'Recovery codes' }).count()).toBe(0);
      expect(await twoFactor(page).textContent()).toContain('Two-factor authentication is on.');

      // Another browser: the password leads to the second step; a wrong code is refused.
      const other = await newPage();
      const otherProblems = watchConsole(other);
      await other.goto(`${store.url}/login`);
      await hydrated(other);
      await other.getByRole('textbox', { name: 'Email address' }).fill(OWNER);
      await other.getByLabel('Password', { exact: true }).fill('tessera-demo-password');
      await other.getByRole('button', { name: 'Sign in' }).click();
      await other.waitForURL(`${store.url}/login/second-factor`, SLOW);
      await hydrated(other);
      await other.getByRole('textbox', { name: 'Authentication code' }).fill('000000');
      await other.getByRole('button', { name: 'Verify' }).click();
      await other.getByRole('alert').waitFor(SLOW);
      expect(await other.getByRole('alert').textContent()).toContain('This code is not valid.');
      await completeSecondStep(other, secret);
      await other.waitForURL(`${store.url}/`, SLOW);
      expect(await other.getByRole('banner').getByRole('button', { name: 'Account' }).count()).toBe(
        1,
      );
      expect(problems).toEqual([]);
      expect(otherProblems).toEqual([]);
    },
    JOURNEY,
  );

  it(
    'sends an administrator without a second factor from the back office to set one up',
    async () => {
      const page = await newPage();
      // The seeded admin signs in with the seeded secret, then turns the second factor off.
      await signIn(store, page, ADMIN);
      await page.goto(`${store.url}/account-settings`);
      await hydrated(page);
      const off = formWithHeading(page, 'Turn off two-factor authentication');
      await off.getByLabel('Password', { exact: true }).fill('tessera-demo-password');
      await off
        .getByRole('textbox', { name: 'Authentication code' })
        .fill(await freshTotpCode(DEMO_ADMIN_TOTP_SECRET));
      await off.getByRole('button', { name: 'Turn off' }).click();
      await twoFactor(page).getByRole('alert').waitFor(SLOW);

      // Now every back-office page leads to the account page, which asks for one.
      await page.goto(`${store.url}/admin`);
      await page.waitForURL(`${store.url}/account-settings`, SLOW);
      await hydrated(page);
      expect(await twoFactor(page).getByRole('alert').textContent()).toContain(
        'Administrators must turn on two-factor authentication',
      );
      // Setting it up opens the back office again.
      await twoFactor(page).getByRole('button', { name: 'Set up an authenticator app' }).click();
      const key = twoFactor(page).locator('code');
      await key.waitFor(SLOW);
      const secret = (await key.textContent())!.trim();
      await twoFactor(page)
        .getByRole('textbox', { name: 'Code from the app' })
        .fill(await freshTotpCode(secret));
      await twoFactor(page).getByRole('button', { name: 'Turn on' }).click();
      await twoFactor(page).getByRole('list', { name: 'Recovery codes' }).waitFor(SLOW);
      await page.goto(`${store.url}/admin`);
      await hydrated(page);
      expect(page.url()).toBe(`${store.url}/admin`);
    },
    JOURNEY,
  );
});
