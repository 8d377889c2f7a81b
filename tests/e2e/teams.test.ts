import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  completeSecondStep,
  DEMO_ADMIN_TOTP_SECRET,
  DEMO_PASSWORD,
  type ExpectedFailure,
  fillDetails,
  hasCode,
  hydrated,
  JOURNEY,
  pay,
  PURCHASE_POLL,
  query,
  SLOW,
  storeSuite,
  TEST_CARDS,
  watchConsole,
} from './support';

const { store, browser } = storeSuite({ seed: true });

/** A person at their own computer: their own cookies (and clipboard). */
async function person(): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  return context.newPage();
}

const ECOMMERCE = '/components/ecommerce/components/shopping-carts';

/** A visitor buys `checkoutPath` in the sandbox; returns the key of the licence page it ends on. */
async function buy(page: Page, checkoutPath: string, email: string): Promise<string> {
  await page.goto(`${store.url}${checkoutPath}`);
  await hydrated(page);
  await fillDetails(page, { email, country: 'Netherlands', postcode: '1012 AB' });
  await pay(page, TEST_CARDS.success);
  await page.waitForURL(/\/licenses\/[A-Z0-9-]+$/, SLOW);
  await hydrated(page);
  return decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
}

/** The members table row of `email` on a team page. */
function memberRow(page: Page, email: string) {
  return page
    .getByRole('table', { name: /^Members of / })
    .getByRole('row')
    .filter({
      hasText: email,
    });
}

describe('a team, from its purchase to its last member', () => {
  const OWNER = 'team.owner@example.com';
  const NEWCOMER = 'new.colleague@example.com';
  const PASSWORD = 'correct horse battery staple';
  const TEAM = 'Initech Design';
  let owner: Page;
  let newcomer: Page;
  let teamUrl: string;
  let inviteUrl: string;
  const problems: string[][] = [];
  /** The newcomer is sent to pages that answer 404 on purpose (removed; a reset link). */
  const refusals: ExpectedFailure[] = [];

  it(
    'is bought as a team licence and redeemed by making an account and the team',
    async () => {
      owner = await person();
      problems.push(watchConsole(owner, [PURCHASE_POLL]));
      await owner.goto(`${store.url}/all-access`);
      await hydrated(owner);
      await owner
        .getByRole('group', { name: 'Teams' })
        .getByRole('link', { name: 'Get all-access for your team' })
        .click();
      await owner.waitForURL(`${store.url}/checkout/all-access?license=team`, SLOW);
      await hydrated(owner);
      expect(await owner.getByText('Team licence', { exact: true }).count()).toBeGreaterThan(0);
      const key = await buy(owner, '/checkout/all-access?license=team', OWNER);

      expect(await owner.getByRole('heading', { level: 1 }).textContent()).toBe(
        'Redeem your licence',
      );
      expect(await owner.getByText('A team licence has 25 seats').count()).toBe(1);
      await owner.getByRole('textbox', { name: 'Email address' }).fill(OWNER);
      await owner.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await owner.getByRole('textbox', { name: 'Team name' }).fill(TEAM);
      await owner.getByRole('button', { name: 'Create account and team' }).click();
      await owner.waitForURL(/\/teams\/\d+$/, SLOW);
      await hydrated(owner);
      teamUrl = owner.url();
      expect(await owner.getByRole('heading', { level: 1 }).textContent()).toBe(TEAM);
      await owner.getByText(`${TEAM} is ready.`, { exact: false }).waitFor(SLOW);
      expect(await memberRow(owner, OWNER).getByText('Owner', { exact: true }).count()).toBe(1);
      expect(await owner.getByText('1 of 25 seats used').count()).toBe(1);
      // Owners see the team's billing: the purchase behind its licence, with its receipt.
      const billing = owner.getByRole('table', { name: 'Billing history' });
      expect(await billing.getByRole('row').filter({ hasText: 'All-access' }).count()).toBe(1);
      expect(await billing.getByRole('link', { name: /View Receipt/ }).count()).toBe(1);
      // The owner holds all-access through the team.
      expect(await hasCode(store, owner, ECOMMERCE)).toBe(true);
      // …and the licence page now says it is theirs, through the team (never "taken").
      await owner.goto(`${store.url}/licenses/${key}`);
      await hydrated(owner);
      expect(await owner.getByRole('heading', { level: 1 }).textContent()).toBe(
        'Your licence is ready',
      );
      expect(await owner.getByRole('link', { name: `Go to ${TEAM}` }).getAttribute('href')).toBe(
        new URL(teamUrl).pathname,
      );
      expect(await owner.getByText(/redeem it yourself/).count()).toBe(0);
    },
    JOURNEY,
  );

  it(
    'lets the owner copy the invite link, and a newcomer join through it with a new account',
    async () => {
      await owner.goto(teamUrl);
      await hydrated(owner);
      const shown = await owner.getByRole('textbox', { name: 'Invite link' }).inputValue();
      await owner.getByRole('button', { name: 'Copy invite link' }).click();
      await expect
        .poll(() => owner.evaluate(() => navigator.clipboard.readText()), SLOW)
        .toBe(shown);
      inviteUrl = await owner.evaluate(() => navigator.clipboard.readText());
      expect(inviteUrl).toBe(shown);
      expect(inviteUrl).toMatch(
        new RegExp(`^${store.url}/teams/\\d+/members\\?invite_token=[\\w-]+$`),
      );

      newcomer = await person();
      problems.push(watchConsole(newcomer, refusals));
      expect(await hasCode(store, newcomer, ECOMMERCE)).toBe(false);
      await newcomer.goto(inviteUrl);
      await hydrated(newcomer);
      expect(await newcomer.getByRole('heading', { level: 1 }).textContent()).toBe(`Join ${TEAM}`);
      await newcomer.getByRole('textbox', { name: 'Email address' }).fill(NEWCOMER);
      await newcomer.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await newcomer.getByRole('button', { name: 'Create account and join' }).click();
      await newcomer.waitForURL(teamUrl, SLOW);
      await hydrated(newcomer);
      await newcomer.getByText(`Welcome to ${TEAM}.`).waitFor(SLOW);
      // A member sees the team, read only.
      expect(await newcomer.getByText('You’re a member').count()).toBe(1);
      expect(await newcomer.getByRole('button', { name: 'Reset invite link' }).count()).toBe(0);
      expect(await newcomer.getByRole('heading', { name: 'Billing history' }).count()).toBe(0);
      expect(await hasCode(store, newcomer, ECOMMERCE)).toBe(true);
    },
    JOURNEY,
  );

  it(
    'lets the owner promote, demote and remove the newcomer, who loses the code on their next page',
    async () => {
      await owner.goto(teamUrl);
      await hydrated(owner);
      expect(await owner.getByText('2 of 25 seats used').count()).toBe(1);
      const row = memberRow(owner, NEWCOMER);
      expect(await row.getByText('Member', { exact: true }).count()).toBe(1);

      await owner.getByRole('button', { name: `Make owner: ${NEWCOMER}` }).click();
      await owner.getByText('The role has been updated.').waitFor(SLOW);
      await row.getByText('Owner', { exact: true }).waitFor(SLOW);
      // An owner now: they see the owner's tools on their next page.
      await newcomer.goto(teamUrl);
      await hydrated(newcomer);
      expect(await newcomer.getByText('You’re an owner').count()).toBe(1);
      expect(await newcomer.getByRole('button', { name: 'Reset invite link' }).count()).toBe(1);

      await owner.getByRole('button', { name: `Make member: ${NEWCOMER}` }).click();
      await row.getByText('Member', { exact: true }).waitFor(SLOW);
      await newcomer.goto(teamUrl);
      await hydrated(newcomer);
      expect(await newcomer.getByText('You’re a member').count()).toBe(1);

      await owner.getByRole('button', { name: `Remove: ${NEWCOMER}` }).click();
      const confirm = owner.getByRole('dialog');
      await confirm.waitFor(SLOW);
      expect(await confirm.textContent()).toContain(`Remove ${NEWCOMER} from ${TEAM}?`);
      await confirm.getByRole('button', { name: 'Remove member' }).click();
      await owner.getByText('The member has been removed from the team.').waitFor(SLOW);
      await row.waitFor({ state: 'detached', ...SLOW });
      expect(await owner.getByText('1 of 25 seats used').count()).toBe(1);

      // Their very next page: no code, and the team is no longer theirs.
      expect(await hasCode(store, newcomer, ECOMMERCE)).toBe(false);
      refusals.push({ url: new RegExp(`^${teamUrl}$`), status: 404 });
      const gone = await newcomer.goto(teamUrl);
      expect(gone?.status()).toBe(404);
    },
    JOURNEY,
  );

  it(
    'resets the invite link: the old one is refused at once, the new one works',
    async () => {
      await owner.goto(teamUrl);
      await hydrated(owner);
      await owner.getByRole('button', { name: 'Reset invite link' }).click();
      await owner
        .getByText('A new invite link has been made. The old link no longer works.')
        .waitFor(SLOW);
      const field = owner.getByRole('textbox', { name: 'Invite link' });
      await expect.poll(() => field.inputValue(), SLOW).toMatch(/invite_token=/);
      const fresh = await field.inputValue();
      expect(fresh).not.toBe(inviteUrl);

      // The removed newcomer, signed in, tries the old link: refused, with the reason.
      refusals.push({ url: new RegExp(`^${inviteUrl.replace(/[?]/g, '\\?')}$`), status: 404 });
      const refused = await newcomer.goto(inviteUrl);
      expect(refused?.status()).toBe(404);
      await newcomer.getByText('This invite link is not valid.', { exact: false }).waitFor(SLOW);
      // The new one lets them back in.
      await newcomer.goto(fresh);
      await hydrated(newcomer);
      await newcomer.getByRole('button', { name: 'Join team' }).click();
      await newcomer.waitForURL(teamUrl, SLOW);
      await newcomer.getByText(`Welcome to ${TEAM}.`).waitFor(SLOW);
      expect(await hasCode(store, newcomer, ECOMMERCE)).toBe(true);
      for (const list of problems) expect(list).toEqual([]);
    },
    JOURNEY,
  );
});

describe('a full team', () => {
  it(
    'shows whoever opens its invite link the seat limit, and lets nobody in',
    async () => {
      // Globex Studio (the demo world): 25 seats, all taken. Its link as its owner would share it.
      const [globex] = query<{ id: number; invite_token: string; member_count: number }>(
        store,
        "SELECT id, invite_token, member_count FROM teams WHERE name = 'Globex Studio'",
      );
      expect(globex?.member_count).toBe(25);
      const page = await person();
      const problems = watchConsole(page);
      await page.goto(
        `${store.url}/teams/${globex!.id}/members?invite_token=${globex!.invite_token}`,
      );
      await hydrated(page);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
        'Join Globex Studio',
      );
      expect(await page.getByText('The team has reached its seat limit').count()).toBe(1);
      expect(await page.getByRole('button', { name: /join/i }).count()).toBe(0);
      expect(await page.getByRole('textbox').count()).toBe(0);
      expect(problems).toEqual([]);
    },
    JOURNEY,
  );
});

describe('a personal licence and an existing account', () => {
  it(
    'is connected after signing in through the licence page’s sign-in link',
    async () => {
      const page = await person();
      const problems = watchConsole(page, [PURCHASE_POLL]);
      // The demo admin has an account and no licence.
      expect(await hasCode(store, page, '/components/marketing/sections/heroes')).toBe(false);
      const key = await buy(page, '/checkout/marketing', 'admin@example.com');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
        'Redeem your licence',
      );
      await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
      await page.waitForURL(/\/login\?intended_url=/, SLOW);
      expect(new URL(page.url()).searchParams.get('intended_url')).toBe(`/licenses/${key}`);
      await hydrated(page);
      await page.getByRole('textbox', { name: 'Email address' }).fill('admin@example.com');
      await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      // The demo admin has a second factor (decision 045): the code, then back where they were.
      await page.waitForURL(`${store.url}/login/second-factor`, SLOW);
      await completeSecondStep(page, DEMO_ADMIN_TOTP_SECRET);
      // Back where they were, signed in now.
      await page.waitForURL(`${store.url}/licenses/${key}`, SLOW);
      await hydrated(page);
      await page.getByText('Signed in as').waitFor(SLOW);
      await page.getByRole('button', { name: 'Connect to my account' }).click();
      await page.waitForURL(`${store.url}/license`, SLOW);
      await page.getByText('The licence is now connected to your account.').waitFor(SLOW);
      expect(await page.getByText(key).count()).toBeGreaterThan(0);
      expect(await hasCode(store, page, '/components/marketing/sections/heroes')).toBe(true);
      expect(problems).toEqual([]);
    },
    JOURNEY,
  );
});
