import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  checkoutFrame,
  DEMO_PASSWORD,
  fillDetails,
  hasCode,
  hydrated,
  JOURNEY,
  outbox,
  pay,
  PURCHASE_POLL,
  query,
  signIn,
  SLOW,
  storeSuite,
  TEST_CARDS,
  watchConsole,
} from './support';

const { store, browser } = storeSuite({ seed: true });

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

/** '$299' → 29900 */
const minor = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);

/** The Checkout page's order summary (the desktop one). */
function summary(page: Page) {
  return page.locator('dl').filter({ hasText: 'Subtotal' }).first();
}

/** A line of the summary ('Total price', 'Taxes (19%)'), in minor units. */
async function line(page: Page, term: string): Promise<number> {
  const row = summary(page)
    .locator('div')
    .filter({ has: page.getByText(term, { exact: true }) });
  return minor((await row.locator('dd').textContent())!);
}

/** The height the checkout page gives the frame, and the height of what the frame shows. */
async function frameHeights(page: Page) {
  const iframe = page.locator('iframe[title="Secure checkout"]');
  const outer = await iframe.evaluate((element) => element.getBoundingClientRect().height);
  const inner = await checkoutFrame(page)
    .locator('[data-slot="sandbox-checkout-page"]')
    .evaluate((element) => Math.ceil(element.parentElement!.getBoundingClientRect().height));
  return { outer, inner };
}

describe('a visitor buying all-access in the sandbox', () => {
  it(
    'goes from All-access through checkout and thank-you to the licence page, and is mailed the key',
    async () => {
      const page = await newPage();
      const problems = watchConsole(page, [PURCHASE_POLL]);
      await page.goto(`${store.url}/all-access`);
      await hydrated(page);
      const personal = page.getByRole('group', { name: 'Personal' });
      await personal.getByRole('link', { name: 'Get all-access' }).click();
      await page.waitForURL(`${store.url}/checkout/all-access`, SLOW);
      await page.getByRole('heading', { level: 1, name: 'All-access' }).waitFor(SLOW);
      const price = minor(
        (await page.locator('p').filter({ hasText: 'one-time payment' }).first().textContent())!,
      );
      expect(price).toBeGreaterThan(0);

      // Before the details: no tax yet, the total is the price, step 'Your details'.
      const lines = summary(page);
      await checkoutFrame(page).getByRole('heading', { name: 'Your details' }).waitFor(SLOW);
      expect(await lines.getByText('Calculated at next step').count()).toBe(1);
      expect(await line(page, 'Total price')).toBe(price);
      const progress = page.getByRole('navigation', { name: 'Checkout progress' });
      expect(await progress.locator('[aria-current="page"]').textContent()).toBe('Your details');

      // The frame starts at 416 px, then takes the height of what the sandbox shows, and follows
      // it: a wider frame puts country and postcode side by side (shorter), a narrower one stacks
      // them (taller).
      const fitted = async () => {
        const { outer, inner } = await frameHeights(page);
        return outer === inner ? outer : -1;
      };
      await expect.poll(fitted, SLOW).toBeGreaterThan(0);
      const stacked = await fitted();
      expect(stacked).not.toBe(416);
      await page.setViewportSize({ width: 800, height: 900 });
      await expect.poll(fitted, SLOW).toBeLessThan(stacked);
      expect(await fitted()).toBeGreaterThan(0);
      await page.setViewportSize({ width: 1280, height: 900 });
      await expect.poll(fitted, SLOW).toBe(stacked);

      const email = 'grace.hopper@example.com';
      await fillDetails(page, { email, country: 'Germany', postcode: '10115' });
      // Germany: 19 % VAT on the price, shown in the parent page as soon as the frame says so.
      const tax = Math.floor((price * 1900 + 5000) / 10_000);
      await lines.getByText('Taxes (19%)').waitFor(SLOW);
      expect(await line(page, 'Taxes (19%)')).toBe(tax);
      expect(await line(page, 'Total price')).toBe(price + tax);
      // Checkout.Payment.Selection follows Checkout.Location.Submit: a message of its own.
      await expect
        .poll(() => progress.locator('[aria-current="page"]').textContent(), SLOW)
        .toBe('Payment');
      // The payment step (card, test cards, totals) is taller: the frame grows with it.
      await expect.poll(fitted, SLOW).toBeGreaterThan(stacked);

      const thankYou = page.waitForResponse(
        (response) => response.url().includes('/thank-you?checkout=') && response.status() === 200,
        SLOW,
      );
      await pay(page, TEST_CARDS.success);
      // Checkout.Complete leads to the thank-you page (setting up, not upgrading), which waits
      // for the webhook's purchase and then goes to its licence page.
      expect(await (await thankYou).json()).toMatchObject({
        component: 'ThankYou',
        props: { isUpgrade: false },
      });
      await page.waitForURL(/\/licenses\/[A-Z0-9-]+$/, SLOW);
      await hydrated(page);
      const key = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
        'Redeem your licence',
      );
      expect(await page.locator('code').filter({ hasText: key }).count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Create account and redeem' }).count()).toBe(1);

      // The licence e-mail, to the address given in the frame, with the key and its page.
      await expect
        .poll(
          () => outbox(store).filter((mail) => mail.to === email && mail.text.includes(key)).length,
          SLOW,
        )
        .toBe(1);
      const mail = outbox(store).find((m) => m.to === email)!;
      // The e2e store runs in test mode (decision 040): every message says so first.
      expect(mail.subject).toBe('[Test mode] Your Tessera UI licence for All-access');
      expect(mail.text).toContain(`${store.url}/licenses/${key}`);
      expect(problems).toEqual([]);
    },
    JOURNEY,
  );
});

describe('a declined card', () => {
  it(
    'shows the provider’s error in the frame and creates nothing; another card then pays once',
    async () => {
      const page = await newPage();
      // The sandbox answers the declined card with 402 (decision 006); the frame shows why.
      const problems = watchConsole(page, [
        PURCHASE_POLL,
        { url: /\/sandbox-checkout\/txn_\w+\/pay$/, status: 402 },
      ]);
      await page.goto(`${store.url}/checkout/marketing`);
      await hydrated(page);
      const src = await page.locator('iframe[title="Secure checkout"]').getAttribute('src', SLOW);
      const transactionId = /\/sandbox-checkout\/(txn_[a-z0-9]+)$/.exec(src ?? '')?.[1];
      expect(transactionId).toBeDefined();
      const email = 'declined.buyer@example.com';
      await fillDetails(page, { email, country: 'United States', postcode: '94103' });
      await summary(page).getByText('Taxes (0%)').waitFor(SLOW);

      const frame = checkoutFrame(page);
      const declined = page.waitForResponse(
        (response) => response.url().endsWith(`/sandbox-checkout/${transactionId}/pay`),
        SLOW,
      );
      await pay(page, TEST_CARDS.declined);
      expect((await declined).status()).toBe(402);
      const alert = frame.getByRole('alert');
      await alert.waitFor(SLOW);
      expect(await alert.textContent()).toContain('Your card was declined');
      expect(await alert.textContent()).toContain('Your card was declined. Try another card.');
      // Still on the checkout, still at the payment step.
      expect(new URL(page.url()).pathname).toBe('/checkout/marketing');
      expect(await frame.getByRole('heading', { name: 'Payment' }).count()).toBe(1);

      // Nothing was made: no purchase, no licence, no webhook on its way, no e-mail.
      const made = () => ({
        purchases: query(store, 'SELECT id FROM purchases WHERE buyer_email = ?', email).length,
        licenses: query(store, 'SELECT id FROM licenses WHERE buyer_email = ?', email).length,
        webhooks: query(
          store,
          'SELECT id FROM sandbox_webhook_deliveries WHERE payload LIKE ?',
          `%${transactionId}%`,
        ).length,
        checkout: query<{ status: string }>(
          store,
          'SELECT status FROM checkouts WHERE provider_transaction_id = ?',
          transactionId!,
        ).map((row) => row.status),
        mails: outbox(store).filter((mail) => mail.to === email).length,
      });
      expect(made()).toEqual({
        purchases: 0,
        licenses: 0,
        webhooks: 0,
        checkout: ['pending'],
        mails: 0,
      });

      // The buyer tries another card: one purchase, one licence.
      const thankYou = page.waitForResponse(
        (response) => response.url().includes('/thank-you?checkout=') && response.ok(),
        SLOW,
      );
      await pay(page, TEST_CARDS.success);
      await thankYou;
      await page.waitForURL(/\/licenses\/[A-Z0-9-]+$/, SLOW);
      expect(made()).toMatchObject({ purchases: 1, licenses: 1, checkout: ['completed'] });
      expect(problems).toEqual([]);
    },
    JOURNEY,
  );
});

const ECOMMERCE = '/components/ecommerce/components/shopping-carts';
const MARKETING = '/components/marketing/sections/heroes';
const APPLICATION_UI = '/components/application-ui/navigation/command-palettes';

describe('a customer who owns packages', () => {
  let page: Page;
  let problems: string[];

  it(
    'sees the discounted all-access price, upgrades through checkout and gets the code',
    async () => {
      page = await newPage();
      problems = watchConsole(page, [PURCHASE_POLL]);
      await signIn(store, page, 'customer@example.com', DEMO_PASSWORD);

      // Before: Ecommerce is locked for them (its licence was refunded).
      expect(await hasCode(store, page, ECOMMERCE)).toBe(false);

      await page.goto(`${store.url}/all-access`);
      await hydrated(page);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
        'Upgrade for more components.',
      );
      const personal = page.getByRole('group', { name: 'Personal' });
      expect(await personal.getByText('Discounted — since you own other products.').count()).toBe(
        1,
      );
      const advertised = minor((await personal.locator('s').textContent())!);
      // The price this customer pays, then the struck list price.
      const prices = personal.locator('[data-slot="price"]');
      expect(await prices.count()).toBe(2);
      const offered = minor((await prices.nth(0).textContent())!);
      expect(minor((await prices.nth(1).textContent())!)).toBe(advertised);
      expect(offered).toBeLessThan(advertised);

      await personal.getByRole('link', { name: 'Upgrade to standard licence' }).click();
      await page.waitForURL(`${store.url}/upgrade`, SLOW);
      await page.getByRole('link', { name: 'Upgrade customer@example.com' }).click();
      await page.waitForURL(/\/checkout\/all-access\?upgrade=\d+$/, SLOW);
      await hydrated(page);
      const price = minor(
        (await page.locator('p').filter({ hasText: 'one-time payment' }).first().textContent())!,
      );
      expect(price).toBe(offered);
      // Signed in: the frame knows who pays.
      const frame = checkoutFrame(page);
      await frame.getByRole('heading', { name: 'Your details' }).waitFor(SLOW);
      expect(await frame.getByRole('textbox', { name: 'Email address' }).inputValue()).toBe(
        'customer@example.com',
      );
      await fillDetails(page, { country: 'United Kingdom', postcode: 'SW1A 1AA' });
      await summary(page).getByText('Taxes (20%)').waitFor(SLOW);
      expect(await line(page, 'Total price')).toBe(
        price + Math.floor((price * 2000 + 5000) / 10_000),
      );

      const thankYou = page.waitForResponse(
        (response) => response.url().includes('/thank-you?checkout=') && response.ok(),
        SLOW,
      );
      await pay(page, TEST_CARDS.success);
      const visit = (await (await thankYou).json()) as {
        component: string;
        props: { isUpgrade: boolean };
      };
      expect(visit).toMatchObject({ component: 'ThankYou', props: { isUpgrade: true } });
      // The upgrade's thank-you leads home, not to a licence page, saying what happened.
      await page.waitForURL(`${store.url}/`, SLOW);
      await page
        .getByText(
          'Upgrade complete: you now have All-access, and your previous licence is replaced. We’ve e-mailed you the new key.',
        )
        .waitFor(SLOW);
      // And the e-mail says it was an upgrade.
      await expect
        .poll(
          () =>
            outbox(store).filter(
              (mail) =>
                mail.to === 'customer@example.com' &&
                mail.text.includes('Thank you for upgrading to All-access.'),
            ).length,
          SLOW,
        )
        .toBe(1);

      expect(await hasCode(store, page, ECOMMERCE)).toBe(true);
      await page.goto(`${store.url}/upgrade`);
      await hydrated(page);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
        'You’ve got everything!',
      );
      expect(problems).toEqual([]);
    },
    JOURNEY,
  );

  it(
    'refunds the upgrade from the sandbox receipt: the purchase turns red and the code goes',
    async () => {
      await page.goto(`${store.url}/account-settings`);
      await hydrated(page);
      const history = page.getByRole('table').filter({ hasText: 'View Receipt' });
      const upgrade = history.getByRole('row').filter({ hasText: 'All-access' });
      await upgrade.waitFor(SLOW);
      expect(await upgrade.getByText('Refunded').count()).toBe(0);

      // The receipt opens in a new tab; its buyer may refund it there (sandbox only).
      const [receipt] = await Promise.all([
        page.context().waitForEvent('page', SLOW),
        upgrade.getByRole('link', { name: /View Receipt/ }).click(),
      ]);
      const receiptProblems = watchConsole(receipt);
      await receipt.waitForLoadState('load', SLOW);
      expect(new URL(receipt.url()).pathname).toMatch(/^\/sandbox-receipts\/txn_\w+$/);
      await receipt.getByRole('button', { name: 'Refund this payment' }).click();
      await receipt.getByText('Refund made.', { exact: false }).waitFor(SLOW);
      expect(await receipt.getByText(/^Refunded on \d{4}-\d\d-\d\d$/).count()).toBe(1);
      expect(await receipt.getByRole('button', { name: 'Refund this payment' }).count()).toBe(0);
      expect(receiptProblems).toEqual([]);
      await receipt.close();

      // The provider's refund webhook reaches the store on its own time: reload until it has.
      await expect
        .poll(async () => {
          await page.reload();
          await hydrated(page);
          return upgrade.getByText('Refunded', { exact: true }).count();
        }, SLOW)
        .toBe(1);
      expect(await upgrade.getAttribute('data-refunded')).toBe('true');
      expect(await upgrade.locator('s').count()).toBeGreaterThan(0);

      // The customer is told: an e-mail says what was refunded and that its licence is over.
      await expect
        .poll(
          () =>
            outbox(store).filter(
              (mail) =>
                mail.to === 'customer@example.com' &&
                mail.subject === '[Test mode] Your Tessera UI purchase of All-access was refunded',
            ).length,
          SLOW,
        )
        .toBe(1);

      // The next page: Ecommerce locked again; the packages the upgrade replaced are back.
      expect(await hasCode(store, page, ECOMMERCE)).toBe(false);
      expect(await hasCode(store, page, MARKETING)).toBe(true);
      expect(await hasCode(store, page, APPLICATION_UI)).toBe(true);
      expect(problems).toEqual([]);
    },
    JOURNEY,
  );
});
