import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, hydrated, signIn, storeSuite } from './support';

// The demo world's customer (apps/server/src/db/seed.ts).
const CUSTOMER = 'customer@example.com';
const NEW_EMAIL = 'ada.lovelace@example.com';
const NEW_PASSWORD = 'analytical engine notes';
const RESET_PASSWORD = 'difference engine number two';

const { store, browser } = storeSuite({ seed: true });

async function newPage(): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

async function isSignedIn(page: Page): Promise<boolean> {
  await page.goto(store.url);
  await hydrated(page);
  // The header shows the Account menu to a signed-in user, 'Sign in' to a visitor.
  const header = page.getByRole('banner');
  return (await header.getByRole('button', { name: 'Account' }).count()) > 0;
}

/**
 * A link from the newest mail whose subject matches: a production store without SMTP keeps mail
 * on disk only (no /dev/mail page), so the test reads the outbox folder, as an operator would.
 */
async function mailedLink(subject: RegExp, pattern: RegExp): Promise<string | undefined> {
  const outbox = join(store.dataDir, 'mail');
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const files = existsSync(outbox)
      ? readdirSync(outbox).filter((name) => name.endsWith('.json'))
      : [];
    let link: string | undefined;
    for (const file of files.sort()) {
      const mail = JSON.parse(readFileSync(join(outbox, file), 'utf8')) as {
        subject: string;
        text: string;
      };
      if (subject.test(mail.subject)) link = pattern.exec(mail.text)?.[0] ?? link;
    }
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return undefined;
}

describe('a customer managing their account', () => {
  let here: Page;
  let laptop: Page;

  it('signs in and sees their purchase history, refunds marked', async () => {
    here = await newPage();
    await signIn(store, here, CUSTOMER, DEMO_PASSWORD);
    expect(await isSignedIn(here)).toBe(true);
    await here.goto(`${store.url}/account-settings`);
    await hydrated(here);
    await here.getByRole('heading', { name: 'Purchase history' }).waitFor();
    const table = here.getByRole('table');
    expect(await table.getByText('Refunded').count()).toBeGreaterThan(0);
    expect(await table.getByRole('link', { name: /View Receipt/ }).count()).toBe(3);
  });

  it('changes the e-mail address only with the current password', async () => {
    const section = here.getByRole('region', { name: 'Email address' });
    const field = section.getByRole('textbox', { name: 'Email address' });
    const confirm = section.getByLabel('Current password', { exact: true });
    await field.fill(NEW_EMAIL);
    await confirm.fill('not my password');
    await section.getByRole('button', { name: 'Save' }).click();
    await section.getByText('The password is incorrect.').waitFor();
    expect(await confirm.inputValue()).toBe('');

    await confirm.fill(DEMO_PASSWORD);
    await section.getByRole('button', { name: 'Save' }).click();
    await here.getByText('Email updated successfully.').waitFor();
    expect(await here.getByText('Email updated successfully.').count()).toBe(1);
    expect(await confirm.inputValue()).toBe('');
    await here.reload();
    expect(await here.getByRole('textbox', { name: 'Email address' }).inputValue()).toBe(NEW_EMAIL);
  });

  it('changes the password; the fields are cleared afterwards', async () => {
    const section = here.getByRole('region', { name: 'Password', exact: true });
    await section.getByLabel('Current password', { exact: true }).fill(DEMO_PASSWORD);
    await section.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await section.getByRole('button', { name: 'Save' }).click();
    await here.getByText('Password updated successfully.').waitFor();
    expect(await here.getByText('Password updated successfully.').count()).toBe(1);
    expect(await section.getByLabel('Current password', { exact: true }).inputValue()).toBe('');
    expect(await section.getByLabel('New password', { exact: true }).inputValue()).toBe('');
  });

  it('logs out the other sessions: a second browser is thrown out', async () => {
    laptop = await newPage();
    await signIn(store, laptop, NEW_EMAIL, NEW_PASSWORD);
    expect(await isSignedIn(laptop)).toBe(true);

    await here.goto(`${store.url}/account-settings`);
    await hydrated(here);
    const sessions = here.getByRole('region', { name: 'Log out other sessions' });
    await sessions.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await sessions.getByRole('button', { name: 'Log out other sessions' }).click();
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

    const link = await mailedLink(/Reset your .* password/, /https?:\/\/\S+\/password\/reset\/\S+/);
    expect(link).toBeDefined();
    expect((await fetch(`${store.url}/dev/mail`)).status).toBe(404);
    await page.goto(link!);
    await hydrated(page);
    expect(await page.getByRole('textbox', { name: 'Email address' }).inputValue()).toBe(NEW_EMAIL);
    await page.getByLabel('New password', { exact: true }).fill(RESET_PASSWORD);
    await page.getByRole('button', { name: /reset password/i }).click();
    await page.waitForURL(`${store.url}/login`);
    await page.getByText('Your password has been reset.').waitFor();

    await signIn(store, page, NEW_EMAIL, RESET_PASSWORD);
    expect(await isSignedIn(page)).toBe(true);
  });

  it('gives the old address back through the undo link mailed to it', async () => {
    const page = await newPage();
    const link = await mailedLink(
      /e-mail address of your .* was changed/,
      /https?:\/\/\S+\/account-settings\/email\/undo\/\S+/,
    );
    expect(link).toBeDefined();
    await page.goto(link!);
    await page.waitForURL(`${store.url}/login`);
    await page.getByText(`Your e-mail address is ${CUSTOMER} again`, { exact: false }).waitFor();

    await signIn(store, page, CUSTOMER, RESET_PASSWORD);
    expect(await isSignedIn(page)).toBe(true);
  });
});

describe('a sign-in under attack', () => {
  it('shows the wait on the sign-in form after too many attempts, and the form still works', async () => {
    const page = await newPage();
    await page.goto(`${store.url}/login`);
    await hydrated(page);
    const email = page.getByRole('textbox', { name: 'Email address' });
    const password = page.getByLabel('Password', { exact: true });
    // The first five guesses go straight to the server (quickly, inside the minute's window).
    const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const guess = await page.request.post(`${store.url}/login`, {
        headers: { Accept: 'application/json', 'X-XSRF-TOKEN': decodeURIComponent(xsrf!.value) },
        data: { email: 'nobody@example.com', password: `guess number ${attempt}` },
      });
      expect(guess.status()).toBe(422);
    }
    const post = () =>
      page.waitForResponse(
        (response) =>
          response.url() === `${store.url}/login` && response.request().method() === 'POST',
      );
    const answer = post();
    await email.fill('nobody@example.com');
    await password.fill('guess number 6');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const response = await answer;
    expect(response.status()).toBe(429);
    expect(Number(await response.headerValue('retry-after'))).toBeGreaterThan(0);
    await page
      .getByText(/^Too many sign-in attempts\. Please try again in \d+ seconds?\.$/)
      .waitFor();
    // The Inertia client rendered the page (no error overlay), on the sign-in URL.
    expect(page.url()).toBe(`${store.url}/login`);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Sign in' }).isEnabled()).toBe(true);
  });
});
