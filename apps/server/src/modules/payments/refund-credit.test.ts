// Decision 041: a refund never leaves an upgrade standing on the credit of what was refunded.
// The scenario, end to end through the sandbox's real frame and webhooks: buy Marketing
// and Application UI, upgrade to all-access with their credit, then refund both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCustomerPageProps } from '@tessera/pages';
import { TestBrowser } from '../../../test/browser.ts';
import { testApp } from '../../../test/helpers.ts';
import { enrolSecondFactor, signInFully } from '../../../test/second-factor.ts';
import {
  deliver,
  listening,
  quoteFor,
  refundEvent,
  webhookSecret,
} from '../../../test/payments.ts';
import { TEST_DATABASE, TEST_SESSION_STORE } from '../../../test/services.ts';
import { createUser, uniqueEmail } from '../../../test/users.ts';
import { policyFor } from '../licensing/index.ts';
import { createPricing } from '../pricing/index.ts';
import { createPaddleProvider } from './service/paddle-provider.ts';
import { createRefunds } from './service/refunds.ts';
import { TEST_CARDS } from './sandbox/provider.ts';

type App = Awaited<ReturnType<typeof testApp>>;
const PASSWORD = 'a-long-password-123';

let app: App;
let server: Awaited<ReturnType<typeof listening>>;

beforeAll(async () => {
  app = await testApp();
  server = await listening(app.app, app.services);
  // The list prices of the issue: $149 a package, $299 all-access.
  for (const slug of ['marketing', 'application-ui']) {
    await quoteFor(app.services, { slug, amount: 14_900 });
  }
  await quoteFor(app.services, { slug: 'all-access', amount: 29_900 });
});
afterAll(async () => {
  await server?.close();
});

const db = () => app.services.database.db;

async function signedIn(email: string) {
  const browser = new TestBrowser(app.app);
  await browser.submit('post', '/login', { email, password: PASSWORD });
  expect(await browser.signedInAs()).toBe(email);
  return browser;
}

/** Pays a quote in the sandbox's frame as `buyer`; the webhooks land. */
async function pay(
  quote: Parameters<App['services']['payments']['checkouts']['startCheckout']>[0],
  buyer: { id: number; email: string },
) {
  const started = await app.services.payments.checkouts.startCheckout(quote, buyer);
  const browser = new TestBrowser(app.app);
  const frame = `/sandbox-checkout/${started.transactionId}`;
  await browser.submit('post', `${frame}/details`, {
    email: buyer.email,
    country: 'US',
    postcode: '10001',
  });
  const paid = await browser.submit('post', `${frame}/pay`, { card: TEST_CARDS[0].number });
  expect(paid.status).toBe(200);
  await app.services.payments.deliverer!.drain();
  const purchase = await db()
    .selectFrom('purchases')
    .selectAll()
    .where('provider_transaction_id', '=', started.transactionId)
    .executeTakeFirstOrThrow();
  return { purchase, transactionId: started.transactionId };
}

/** Marketing and Application UI at list price, then all-access at the owner's price. */
async function upgradedCustomer(name: string) {
  const email = uniqueEmail(name);
  const id = await createUser(app.services, email, PASSWORD);
  const buyer = { id, email };
  const pricing = createPricing({ db: db(), mode: { testMode: true } });
  const quote = async (productSlug: string) => {
    const result = await pricing.quote({
      userId: id,
      productSlug,
      kind: 'personal',
      now: new Date(),
    });
    if (!result.ok) throw new Error(result.message);
    return result;
  };
  const marketing = await pay(await quote('marketing'), buyer);
  const applicationUi = await pay(await quote('application-ui'), buyer);
  const allAccessQuote = await quote('all-access');
  // The figures: $299 less $298 of credit, floored at $75.
  expect(allAccessQuote).toMatchObject({ amount: 7_500, advertised: 29_900 });
  const upgrade = await pay(allAccessQuote, buyer);
  expect(upgrade.purchase.amount).toBe(7_500);
  return { buyer, marketing, applicationUi, upgrade };
}

async function licenceOf(purchaseId: number) {
  return db()
    .selectFrom('licenses')
    .select(['id', 'is_active', 'deactivation_reason'])
    .where('purchase_id', '=', purchaseId)
    .executeTakeFirstOrThrow();
}

/** An operator, with the second factor every operator has (decision 045), fully signed in. */
async function admin() {
  const email = uniqueEmail('operator');
  const id = await createUser(app.services, email, PASSWORD);
  await db().updateTable('users').set({ is_admin: 1 }).where('id', '=', id).execute();
  await enrolSecondFactor(app.services.database, app.config.sessionSecret, id, Date.now);
  const browser = new TestBrowser(app.app);
  await signInFully(browser, app.services.database, { email, password: PASSWORD });
  expect(await browser.signedInAs()).toBe(email);
  return { id, browser };
}

const refundedAt = async (purchaseId: number) =>
  (
    await db()
      .selectFrom('purchases')
      .select(['refunded_at', 'refund_requested_at'])
      .where('id', '=', purchaseId)
      .executeTakeFirstOrThrow()
  ).refunded_at;

describe(`refunds and upgrade credit (${TEST_DATABASE}, ${TEST_SESSION_STORE} sessions)`, () => {
  it('all-access never stays active for less than its price once what it was credited is refunded', async () => {
    const { buyer, marketing, applicationUi, upgrade } = await upgradedCustomer('credited');
    const credits = await db()
      .selectFrom('purchase_credits')
      .select(['credited_purchase_id', 'amount'])
      .orderBy('credited_purchase_id')
      .where('credited_purchase_id', 'in', [marketing.purchase.id, applicationUi.purchase.id])
      .execute();
    expect(credits).toEqual([
      { credited_purchase_id: marketing.purchase.id, amount: 14_900 },
      { credited_purchase_id: applicationUi.purchase.id, amount: 14_900 },
    ]);

    // The buyer's own refund on the receipt: refused, naming the upgrade and the amount.
    const customer = await signedIn(buyer.email);
    const refused = await customer.submit(
      'post',
      `/sandbox-receipts/${marketing.transactionId}/refund`,
    );
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('credited $149 toward All-access');
    expect(refused.text).toContain('Refund the upgrade first');
    await app.services.payments.deliverer!.drain();
    expect(await refundedAt(marketing.purchase.id)).toBeNull();
    expect((await licenceOf(upgrade.purchase.id)).is_active).toBe(1);

    // The back office without the override: refused, the amount shown, the provider not asked.
    const operator = await admin();
    const asked = await operator.browser.submit(
      'post',
      `/admin/purchases/${marketing.purchase.id}/refund`,
      { reason: 'Changed their mind' },
    );
    expect(asked.status).toBe(302);
    const page = await operator.browser.visit(`/admin/users/${buyer.id}`);
    const props = (
      page.body as { props: AdminCustomerPageProps & { errors: Record<string, string> } }
    ).props;
    expect(props.errors.confirm_credited).toContain('credited $149 toward All-access');
    const row = props.purchases.find((purchase) => purchase.id === marketing.purchase.id);
    expect(row?.creditedToward).toEqual([{ productName: 'All-access', credit: '$149' }]);
    const untouched = await db()
      .selectFrom('purchases')
      .select(['refund_requested_at'])
      .where('id', '=', marketing.purchase.id)
      .executeTakeFirstOrThrow();
    expect(untouched.refund_requested_at).toBeNull();

    // With the operator's explicit override: refunded, and the upgrade's licence goes with it.
    const overridden = await operator.browser.submit(
      'post',
      `/admin/purchases/${marketing.purchase.id}/refund`,
      { reason: 'Changed their mind', confirm_credited: '1' },
    );
    expect(overridden.status).toBe(302);
    await app.services.payments.deliverer!.drain();
    expect(await refundedAt(marketing.purchase.id)).not.toBeNull();
    expect(await licenceOf(upgrade.purchase.id)).toMatchObject({
      is_active: 0,
      deactivation_reason: 'other',
    });
    const audit = await db()
      .selectFrom('audit_entries')
      .select(['action', 'details'])
      .where('subject_type', '=', 'purchase')
      .where('subject_id', '=', marketing.purchase.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.action).toBe('purchase.refund_request');
    expect(JSON.parse(audit[0]!.details)).toMatchObject({
      creditOverride: expect.stringContaining('$149 toward All-access'),
    });

    // Nothing stands on Application UI's credit any more: its refund needs no override.
    const second = await customer.submit(
      'post',
      `/sandbox-receipts/${applicationUi.transactionId}/refund`,
    );
    expect(second.status).toBe(303);
    await app.services.payments.deliverer!.drain();
    expect(await refundedAt(applicationUi.purchase.id)).not.toBeNull();

    // Both packages refunded: the buyer holds nothing, all-access included.
    const holdings = await db()
      .selectFrom('licenses')
      .select(['purchase_id', 'is_active'])
      .where('purchase_id', 'in', [
        marketing.purchase.id,
        applicationUi.purchase.id,
        upgrade.purchase.id,
      ])
      .where('is_active', '=', 1)
      .execute();
    expect(holdings).toEqual([]);
    const user = await db()
      .selectFrom('users')
      .selectAll()
      .where('id', '=', buyer.id)
      .executeTakeFirstOrThrow();
    const { entitlements } = await policyFor(db(), user, { testMode: true });
    // All-access would grant every package: none is granted.
    expect(
      ['marketing', 'application-ui', 'ecommerce'].map((slug) => entitlements.has(slug)),
    ).toEqual([false, false, false]);
  });

  it('a refund made at the provider (its dashboard, a signed webhook) takes the upgrade down too', async () => {
    const { marketing, applicationUi, upgrade } = await upgradedCustomer('dashboard');
    const event = refundEvent(applicationUi.transactionId);
    expect((await deliver(server.url, webhookSecret(app.services), event)).status).toBe(200);
    expect(await refundedAt(applicationUi.purchase.id)).not.toBeNull();
    expect((await licenceOf(upgrade.purchase.id)).is_active).toBe(0);
    // The licence the upgrade replaced comes back when its own purchase was not refunded.
    const marketingLicence = await licenceOf(marketing.purchase.id);
    const applicationLicence = await licenceOf(applicationUi.purchase.id);
    expect([marketingLicence.is_active, applicationLicence.is_active]).toEqual([1, 0]);
  });

  it('refunding the upgrade first frees the packages: no override asked', async () => {
    const { buyer, marketing, upgrade } = await upgradedCustomer('upgrade-first');
    const customer = await signedIn(buyer.email);
    expect(
      (await customer.submit('post', `/sandbox-receipts/${upgrade.transactionId}/refund`)).status,
    ).toBe(303);
    await app.services.payments.deliverer!.drain();
    expect(await refundedAt(upgrade.purchase.id)).not.toBeNull();
    expect(
      (await customer.submit('post', `/sandbox-receipts/${marketing.transactionId}/refund`)).status,
    ).toBe(303);
    await app.services.payments.deliverer!.drain();
    expect(await refundedAt(marketing.purchase.id)).not.toBeNull();
  });

  it('a purchase with no upgrade on its credit, or a transaction the store never recorded, goes to the provider as asked', async () => {
    const { applicationUi, upgrade } = await upgradedCustomer('as-asked');
    const asked: string[] = [];
    const refunds = createRefunds({
      database: app.services.database,
      provider: {
        ...app.services.payments.provider,
        refund: async (transactionId: string) => {
          asked.push(transactionId);
        },
      },
    });
    const ask = (transactionId: string) =>
      refunds.request({ transactionId, reason: 'test', overrideCredit: false });
    // The upgrade itself stands on no one's credit; the provider decides about an unknown id.
    expect(await ask(upgrade.transactionId)).toEqual({ status: 'requested' });
    expect(await ask('txn_never_recorded_here')).toEqual({ status: 'requested' });
    expect(asked).toEqual([upgrade.transactionId, 'txn_never_recorded_here']);
    // A credited purchase is not asked for.
    expect((await ask(applicationUi.transactionId)).status).toBe('credited');
    expect(asked).toHaveLength(2);
  });

  it('the Paddle adapter is refused by the same path, before Paddle is called', async () => {
    const { marketing } = await upgradedCustomer('paddle');
    const paddle = createPaddleProvider({
      apiKey: 'pdl_sdbx_apikey_01abc',
      clientToken: 'test_0123456789abcdef',
      environment: 'sandbox',
      appUrl: 'http://127.0.0.1:9',
    });
    let called = 0;
    const refunds = createRefunds({
      database: app.services.database,
      provider: {
        ...paddle,
        refund: async (...args) => {
          called += 1;
          return paddle.refund(...args);
        },
      },
    });
    const answer = await refunds.request({
      transactionId: marketing.transactionId,
      reason: 'test',
      overrideCredit: false,
    });
    expect(answer).toMatchObject({
      status: 'credited',
      upgrades: [{ productName: 'All-access', credit: 14_900, currency: 'USD' }],
    });
    expect(called).toBe(0);
  });
});
