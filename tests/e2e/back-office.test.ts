import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  fillDetails,
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

/** Each person in their own browser: the admin's and the customer's sessions never meet. */
async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

const CUSTOMER = 'customer@example.com';
const ADMIN = 'admin@example.com';

describe('an operator helping a customer from the back office', () => {
  it(
    'finds the customer, impersonates them, stops, refunds their sandbox purchase, and the customer sees it refunded',
    async () => {
      // The customer buys Ecommerce again (their first one was refunded) through the sandbox: a
      // purchase with a provider transaction, which the back office can refund.
      const customer = await newPage();
      const customerProblems = watchConsole(customer, [PURCHASE_POLL]);
      await signIn(store, customer, CUSTOMER, DEMO_PASSWORD);
      await customer.goto(`${store.url}/checkout/ecommerce`);
      await hydrated(customer);
      await fillDetails(customer, { country: 'United States', postcode: '94103' });
      const thankYou = customer.waitForResponse(
        (response) => response.url().includes('/thank-you?checkout=') && response.ok(),
        SLOW,
      );
      await pay(customer, TEST_CARDS.success);
      await thankYou;
      const bought = () =>
        query<{ id: number }>(
          store,
          `SELECT purchases.id FROM purchases
           JOIN users ON users.id = purchases.user_id
           JOIN products ON products.id = purchases.product_id
           WHERE users.email = ? AND products.slug = 'ecommerce'
             AND purchases.provider_transaction_id IS NOT NULL AND purchases.source = 'sandbox'`,
          CUSTOMER,
        );
      await expect.poll(() => bought().length, SLOW).toBe(1);
      const purchaseId = bought()[0]!.id;

      // The operator signs in (a password sign-in: recent enough to impersonate without asking).
      const admin = await newPage();
      const adminProblems = watchConsole(admin);
      await signIn(store, admin, ADMIN, DEMO_PASSWORD);
      await admin.goto(`${store.url}/admin`);
      await hydrated(admin);
      const main = admin.locator('#main');
      await main.getByRole('searchbox', { name: 'E-mail address starts with' }).fill('customer@');
      await main.getByRole('button', { name: 'Search' }).click();
      await admin.waitForURL(/\/admin\?email=customer%40/, SLOW);
      const found = main.getByRole('link', { name: CUSTOMER, exact: true });
      await found.waitFor(SLOW);
      // The prefix finds this customer and nobody whose address merely contains it.
      expect(await main.getByRole('link', { name: /@example\.com$/ }).count()).toBe(1);
      await found.click();
      await admin.waitForURL(/\/admin\/users\/\d+$/, SLOW);
      await hydrated(admin);
      const customerPage = admin.url();
      expect(await admin.getByRole('heading', { level: 1 }).textContent()).toBe(CUSTOMER);

      // Impersonate: no password asked (signed in just now); the store as the customer sees it.
      const impersonate = admin.getByRole('form', { name: 'Impersonate' });
      expect(await impersonate.getByLabel('Your password').count()).toBe(0);
      await impersonate.getByRole('button', { name: 'Impersonate' }).click();
      await admin.waitForURL(`${store.url}/`, SLOW);
      await admin.goto(`${store.url}/license`);
      await hydrated(admin);
      const banner = admin.getByRole('region', { name: 'Impersonation' });
      await banner.waitFor(SLOW);
      expect((await banner.locator('p').textContent())?.trim()).toBe(
        `You are impersonating ${CUSTOMER}.`,
      );
      // Red: whatever colour space the stylesheet writes it in, as the screen shows it.
      const red = await banner.evaluate((element) => {
        const canvas = document.createElement('canvas').getContext('2d')!;
        canvas.fillStyle = getComputedStyle(element).backgroundColor;
        canvas.fillRect(0, 0, 1, 1);
        const [r, g, b] = canvas.getImageData(0, 0, 1, 1).data;
        return r! > 150 && g! < 100 && b! < 100;
      });
      expect(red).toBe(true);
      // The customer's licence page: their Marketing licence, which the admin has none of.
      expect(await admin.getByText('SEED0-KEY00-00000-00000-00001-0').count()).toBeGreaterThan(0);
      // Being the customer, the session has no back office.
      const backOffice = await admin.request.get(`${store.url}/admin`);
      expect(backOffice.status()).toBe(404);

      await banner.getByRole('button', { name: 'Stop Impersonating' }).click();
      await admin.waitForURL(customerPage, SLOW);
      await hydrated(admin);
      expect(await admin.getByRole('region', { name: 'Impersonation' }).count()).toBe(0);
      expect(await admin.getByRole('heading', { level: 1 }).textContent()).toBe(CUSTOMER);

      // Refund the sandbox purchase: requested at once, refunded when the webhook lands.
      const purchases = admin.getByRole('table').filter({ hasText: 'View receipt' });
      const row = purchases.getByRole('row').filter({ hasText: `#${purchaseId} ` });
      await row.waitFor(SLOW);
      expect(await row.getByText('Paid', { exact: true }).count()).toBe(1);
      await row.getByRole('button', { name: `Refund… purchase #${purchaseId}` }).click();
      const dialog = admin.getByRole('dialog', { name: 'Refund Ecommerce?' });
      await dialog.waitFor(SLOW);
      await dialog.getByRole('button', { name: 'Request refund' }).click();
      await dialog.waitFor({ state: 'detached', ...SLOW });
      // The operator is told where they land (the flash), the customer by e-mail below.
      await admin
        .getByText('Refund requested. The purchase shows it refunded once the provider confirms.')
        .waitFor(SLOW);
      // Either still waiting for the webhook, or it has already landed: never still 'Paid'.
      await expect.poll(() => row.getByText(/^(Refund requested|Refunded)$/).count(), SLOW).toBe(1);
      const requested = query<{ refund_requested_at: string | null }>(
        store,
        'SELECT refund_requested_at FROM purchases WHERE id = ?',
        purchaseId,
      );
      expect(requested[0]!.refund_requested_at).not.toBeNull();
      await expect
        .poll(async () => {
          await admin.reload();
          await hydrated(admin);
          return row.getByText('Refunded', { exact: true }).count();
        }, SLOW)
        .toBe(1);
      expect(await row.getByRole('button', { name: /^Refund…/ }).count()).toBe(0);
      expect(await row.locator('s').count()).toBe(1);
      // The customer's e-mail: what was refunded, and that its licence no longer gives access.
      await expect
        .poll(
          () =>
            outbox(store).filter(
              (mail) =>
                mail.to === CUSTOMER &&
                mail.subject === '[Test mode] Your Tessera UI purchase of Ecommerce was refunded',
            ).length,
          SLOW,
        )
        .toBe(1);
      // One refund, once.
      expect(
        query<{ id: number }>(
          store,
          'SELECT id FROM purchases WHERE id = ? AND refunded_at IS NOT NULL',
          purchaseId,
        ),
      ).toHaveLength(1);
      expect(adminProblems).toEqual([]);

      // The customer's own purchase history: both Ecommerce purchases refunded now.
      await customer.goto(`${store.url}/account-settings`);
      await hydrated(customer);
      const history = customer.getByRole('table').filter({ hasText: 'View Receipt' });
      const ecommerce = history.getByRole('row').filter({ hasText: 'Ecommerce' });
      await ecommerce.first().waitFor(SLOW);
      expect(await ecommerce.count()).toBe(2);
      for (const purchase of await ecommerce.all()) {
        expect(await purchase.getByText('Refunded', { exact: true }).count()).toBe(1);
        expect(await purchase.getAttribute('data-refunded')).toBe('true');
      }
      expect(customerProblems).toEqual([]);
    },
    JOURNEY,
  );
});
