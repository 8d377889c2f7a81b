import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, outbox, query, SLOW, storeSuite } from './support';

// The demo world (apps/server/src/db/seed.ts).
const CUSTOMER = 'customer@example.com';
const UNREDEEMED_TEAM_KEY = 'SEED0-KEY00-00000-00000-00007-0';
const NEW_PASSWORD = 'a passphrase typed without scripts';

const { store, browser } = storeSuite({ seed: true });

/**
 * Every form of the store submitted by a browser with JavaScript off (as a slow phone does before
 * the scripts have run): each is a real form that posts its fields in the body, the server
 * answers with a redirect, and the result shows on the page that comes back. No address the
 * browser ever asks for holds a password.
 */
describe('the forms with JavaScript off', () => {
  const requested: string[] = [];
  const contexts: BrowserContext[] = [];

  async function plainPage(): Promise<Page> {
    const context = await browser.newContext({ javaScriptEnabled: false });
    contexts.push(context);
    const page = await context.newPage();
    page.on('request', (request) => requested.push(request.url()));
    return page;
  }

  let customer: Page;
  beforeAll(async () => {
    customer = await plainPage();
  });
  afterAll(() => {
    // Not one of the passwords typed below travelled in an address.
    const secrets = [DEMO_PASSWORD, NEW_PASSWORD, 'not the password'].map((secret) =>
      encodeURIComponent(secret).replaceAll('%20', '+'),
    );
    for (const url of requested) {
      expect(url).not.toMatch(/password=/i);
      for (const secret of secrets) expect(url).not.toContain(secret);
    }
  });

  it('signs in, refusing a wrong password with its message', async () => {
    await customer.goto(`${store.url}/login`);
    const form = customer.locator('form[action="/login"]');
    expect(await form.getAttribute('method')).toBe('post');
    await customer.getByRole('textbox', { name: 'Email address' }).fill(CUSTOMER);
    await customer.getByLabel('Password', { exact: true }).fill('not the password');
    await customer.getByRole('button', { name: 'Sign in' }).click();
    await customer.getByText('These credentials do not match our records.').waitFor(SLOW);
    expect(new URL(customer.url()).pathname).toBe('/login');

    await customer.getByRole('textbox', { name: 'Email address' }).fill(CUSTOMER);
    await customer.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await customer.getByRole('button', { name: 'Sign in' }).click();
    await customer.waitForURL(`${store.url}/`, SLOW);
    await customer.goto(`${store.url}/account-settings`);
    expect(new URL(customer.url()).pathname).toBe('/account-settings');
  });

  it('saves the account forms (PUT through _method), errors beside their own form', async () => {
    const passwordSection = customer.getByRole('region', { name: 'Password' });
    await passwordSection.getByLabel('Current password').fill('not the password');
    await passwordSection.getByLabel('New password').fill(NEW_PASSWORD);
    await passwordSection.getByRole('button', { name: 'Save' }).click();
    await customer
      .getByRole('region', { name: 'Password' })
      .getByText('The current password is incorrect.')
      .waitFor(SLOW);
    // The e-mail form has a "Current password" too: the error is not shown there.
    const emailSection = customer.getByRole('region', { name: 'Email address' });
    expect(await emailSection.getByText('incorrect').count()).toBe(0);

    await passwordSection.getByLabel('Current password').fill(DEMO_PASSWORD);
    await passwordSection.getByLabel('New password').fill(NEW_PASSWORD);
    await passwordSection.getByRole('button', { name: 'Save' }).click();
    await passwordSection.getByText('Password updated').waitFor(SLOW);

    const tokens = customer.getByRole('form', { name: 'New access token' });
    await tokens.getByRole('textbox', { name: 'Token name' }).fill('No-script laptop');
    await tokens.getByRole('button', { name: /Create/ }).click();
    await customer.getByText('No-script laptop').first().waitFor(SLOW);
    const rows = query<{ name: string }>(
      store,
      "SELECT name FROM access_tokens WHERE name = 'No-script laptop'",
    );
    expect(rows).toHaveLength(1);
  });

  it('asks for a reset link and sets a new password from it', async () => {
    const visitor = await plainPage();
    await visitor.goto(`${store.url}/password/reset`);
    await visitor.getByRole('textbox', { name: 'Email address' }).fill(CUSTOMER);
    await visitor.getByRole('button', { name: /reset link/i }).click();
    await visitor.getByText('Check your inbox').waitFor(SLOW);

    let link: string | undefined;
    for (let attempt = 0; attempt < 20 && !link; attempt += 1) {
      const mail = outbox(store).filter((message) => message.to.includes(CUSTOMER));
      link = mail
        .map((message) => /https?:\/\/\S+\/password\/reset\/[\w-]+\S*/.exec(message.text)?.[0])
        .filter(Boolean)
        .pop();
      if (!link) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(link).toBeDefined();
    await visitor.goto(link!);
    await visitor.getByLabel('New password', { exact: true }).fill(DEMO_PASSWORD);
    await visitor.getByRole('button', { name: /Reset password/i }).click();
    await visitor.waitForURL((url) => url.pathname !== new URL(link!).pathname, SLOW);
    // What the form promised: signed out, on the sign-in page, told the password was reset.
    expect(new URL(visitor.url()).pathname).toBe('/login');
    expect(await visitor.getByText('Your password has been reset.').count()).toBeGreaterThan(0);
    await visitor.goto(`${store.url}/account-settings`);
    expect(new URL(visitor.url()).pathname).toBe('/login');
  });

  it('redeems a team licence as a new account (PATCH through _method)', async () => {
    const visitor = await plainPage();
    await visitor.goto(`${store.url}/licenses/${UNREDEEMED_TEAM_KEY}`);
    await visitor.getByRole('textbox', { name: 'Email address' }).fill('no.script@example.com');
    await visitor.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await visitor.getByRole('textbox', { name: 'Team name' }).fill('Lynx Works');
    await visitor.getByRole('button', { name: 'Create account and team' }).click();
    await visitor.waitForURL(/\/teams\/\d+/, SLOW);
    const teams = query<{ name: string }>(
      store,
      "SELECT name FROM teams WHERE name = 'Lynx Works'",
    );
    expect(teams).toHaveLength(1);
  });

  it('joins a team from its invitation as a new account', async () => {
    const [team] = query<{ id: number; invite_token: string }>(
      store,
      "SELECT id, invite_token FROM teams WHERE name = 'Acme Design'",
    );
    const visitor = await plainPage();
    await visitor.goto(`${store.url}/teams/${team!.id}/members?invite_token=${team!.invite_token}`);
    await visitor.getByRole('textbox', { name: 'Email address' }).fill('joiner@example.com');
    await visitor.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await visitor.getByRole('button', { name: 'Create account and join' }).click();
    await visitor.waitForURL((url) => !url.search.includes('invite_token'), SLOW);
    const members = query<{ email: string }>(
      store,
      `SELECT users.email FROM team_members JOIN users ON users.id = team_members.user_id
       WHERE team_members.team_id = ? AND users.email = 'joiner@example.com'`,
      team!.id,
    );
    expect(members).toHaveLength(1);
  });
});
