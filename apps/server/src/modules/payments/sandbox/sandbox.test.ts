import { Webhooks, NodeRuntime, type TransactionCompletedEvent } from '@paddle/paddle-node-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../../test/browser.ts';
import { testApp } from '../../../../test/helpers.ts';
import { listening, produced, quoteFor } from '../../../../test/payments.ts';
import { TEST_DATABASE } from '../../../../test/services.ts';
import { createUser, uniqueEmail } from '../../../../test/users.ts';
import { CHAOS_COPIES } from './deliveries.ts';
import { usersRepository } from '../../auth/index.ts';
import { hashPassword } from '../../auth/index.ts';
import { DECLINED_MESSAGE, RETRY_MESSAGE, TEST_CARDS } from './provider.ts';
import { SANDBOX_REFUND_REASON } from './routes.ts';

type App = Awaited<ReturnType<typeof testApp>>;
const SUCCESS = TEST_CARDS[0].number;
const DECLINED = TEST_CARDS[1].number;
const RETRY = TEST_CARDS[2].number;

let app: App;
let server: Awaited<ReturnType<typeof listening>>;

beforeAll(async () => {
  NodeRuntime.initialize();
  app = await testApp();
  server = await listening(app.app, app.services);
});
afterAll(async () => {
  await server.close();
});

async function started(
  target: App = app,
  options: Parameters<typeof quoteFor>[1] = {},
  buyer: { id: number; email: string } | null = null,
) {
  const quote = await quoteFor(target.services, options);
  const result = await target.services.payments.checkouts.startCheckout(quote, buyer);
  if (result.frame.provider !== 'sandbox') throw new Error('The sandbox provider is not in use');
  return { ...result, frame: result.frame };
}

async function deliveries(target: App, eventType?: string) {
  let query = target.services.database.db.selectFrom('sandbox_webhook_deliveries').selectAll();
  if (eventType) query = query.where('event_type', '=', eventType);
  return query.execute();
}

const RECEIPT_PASSWORD = 'a long password for tests';

/** A new account (an operator with `isAdmin`), signed in in its own browser. */
async function signedIn(email: string, isAdmin = false) {
  const id = await usersRepository(app.services.database.db).create({
    email,
    passwordHash: await hashPassword(RECEIPT_PASSWORD, 10),
    isAdmin,
    now: Date.now(),
  });
  const browser = new TestBrowser(app.app);
  await browser.submit('post', '/login', { email, password: RECEIPT_PASSWORD });
  expect(await browser.signedInAs()).toBe(email);
  return { id, email, browser };
}

describe(`sandbox checkout (${TEST_DATABASE})`, () => {
  it('opens the frame page with the price fixed on the server', async () => {
    const { transactionId, frame } = await started(app, { slug: 'marketing', amount: 14_900 });
    expect(frame).toEqual({
      provider: 'sandbox',
      url: `/sandbox-checkout/${transactionId}`,
      transactionId,
    });
    const browser = new TestBrowser(app.app);
    const page = await browser.visit(frame.url);
    expect(page.status).toBe(200);
    const { component, props } = page.body as { component: string; props: Record<string, unknown> };
    expect(component).toBe('SandboxCheckout');
    expect(props).toMatchObject({
      transactionId,
      productName: 'Marketing',
      currency: 'USD',
      subtotal: 14_900,
      email: null,
      detailsUrl: `/sandbox-checkout/${transactionId}/details`,
      payUrl: `/sandbox-checkout/${transactionId}/pay`,
    });
    expect(props.countries).toContainEqual({ code: 'DE', name: 'Germany', rate: 19 });
    expect(props.countries).toContainEqual({ code: 'CH', name: 'Switzerland', rate: 8.1 });
    expect((props.testCards as { outcome: string }[]).map((card) => card.outcome)).toEqual([
      'success',
      'declined',
      'retry',
    ]);
    expect((await browser.visit('/sandbox-checkout/txn_00000000000000000000000000')).status).toBe(
      404,
    );
    expect((await browser.visit('/sandbox-checkout/not-an-id')).status).toBe(404);
  });

  it('prefills a signed-in buyer’s address', async () => {
    const email = uniqueEmail('prefill');
    const id = await createUser(app.services, email, 'a long password for tests');
    const { frame } = await started(app, {}, { id, email });
    const page = await new TestBrowser(app.app).visit(frame.url);
    expect((page.body as { props: { email: string } }).props.email).toBe(email);
  });

  it('computes the tax from the country on the details step, and refuses bad details with 422', async () => {
    const { frame } = await started(app, { amount: 29_900 });
    const browser = new TestBrowser(app.app);
    const details = `${frame.url}/details`;
    const germany = await browser.submit('post', details, {
      email: 'Buyer@Example.com',
      country: 'DE',
      postcode: '10115',
    });
    expect(germany.status).toBe(200);
    expect(germany.body).toEqual({
      currency: 'USD',
      subtotal: 29_900,
      total: 35_581,
      total_tax: 5681,
    });
    const us = await browser.submit('post', details, {
      email: 'buyer@example.com',
      country: 'US',
      postcode: '94103',
    });
    expect(us.body).toEqual({ currency: 'USD', subtotal: 29_900, total: 29_900, total_tax: 0 });
    for (const [body, field] of [
      [{ email: 'nope', country: 'DE' }, 'email'],
      [{ email: 'a@example.com', country: 'XX' }, 'country'],
      [{ email: 'a@example.com', country: 'US', postcode: '' }, 'postcode'],
      [{ email: 'a@example.com', country: 'GB', postcode: '<script>' }, 'postcode'],
      [{ country: 'GB' }, 'email'],
    ] as const) {
      const response = await browser.submit('post', details, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(
        Object.keys((response.body as { errors: object }).errors),
        JSON.stringify(body),
      ).toContain(field);
    }
  });

  it('pays with the test card: the signed webhooks reach the store over HTTP and fulfil it once', async () => {
    const { transactionId, frame, hash } = await started(app);
    const browser = new TestBrowser(app.app);
    expect((await browser.submit('post', `${frame.url}/pay`, { card: SUCCESS })).status).toBe(422);
    await browser.submit('post', `${frame.url}/details`, {
      email: 'Visitor@Example.com',
      country: 'GB',
      postcode: 'SW1A 1AA',
    });
    const paid = await browser.submit('post', `${frame.url}/pay`, { card: SUCCESS });
    expect(paid.status).toBe(200);
    expect(paid.body).toEqual({ status: 'completed' });
    expect(await app.services.payments.checkouts.purchaseStatus(hash)).toBeNull();

    expect(await app.services.payments.deliverer!.drain()).toBe(2);
    const sent = await deliveries(app);
    const mine = sent.filter(
      (row) => row.payload.includes(transactionId) || row.event_type.startsWith('customer.'),
    );
    expect(mine.every((row) => row.delivered_at !== null && row.last_status === 200)).toBe(true);
    const { purchases, licenses, mails } = await produced(app.services, transactionId);
    expect(purchases).toHaveLength(1);
    expect(purchases[0]).toMatchObject({
      amount: 29_900,
      tax: 5980,
      currency: 'USD',
      source: 'sandbox',
      buyer_email: 'visitor@example.com',
    });
    expect(licenses).toHaveLength(1);
    expect(mails.map((m) => m.recipient)).toEqual(['visitor@example.com']);
    expect(await app.services.payments.checkouts.purchaseStatus(hash)).toEqual({
      license_key: licenses[0]!.key,
      upgrade: false,
    });

    // Pressing Pay again changes nothing and sends nothing.
    expect((await browser.submit('post', `${frame.url}/pay`, { card: SUCCESS })).body).toEqual({
      status: 'completed',
    });
    expect(await app.services.payments.deliverer!.drain()).toBe(0);
    expect((await produced(app.services, transactionId)).purchases).toHaveLength(1);
  });

  it('sends transaction.completed in Paddle Billing’s shape (read back by Paddle’s SDK)', async () => {
    const { transactionId, frame, hash } = await started(app, {
      slug: 'ecommerce',
      amount: 14_900,
    });
    const browser = new TestBrowser(app.app);
    await browser.submit('post', `${frame.url}/details`, {
      email: 'shape@example.com',
      country: 'NL',
    });
    await browser.submit('post', `${frame.url}/pay`, { card: SUCCESS });
    const [row] = (await deliveries(app, 'transaction.completed')).filter((r) =>
      r.payload.includes(transactionId),
    );
    const event = Webhooks.fromJson(JSON.parse(row!.payload)) as TransactionCompletedEvent;
    expect(event.eventType).toBe('transaction.completed');
    expect(event.data.id).toBe(transactionId);
    expect(event.data.status).toBe('completed');
    expect(event.data.customerId).toMatch(/^ctm_/);
    expect(event.data.customData).toEqual({
      checkout: hash,
      product: 'ecommerce',
      kind: 'personal',
    });
    expect(event.data.currencyCode).toBe('USD');
    expect(event.data.details?.totals).toMatchObject({
      subtotal: '14900',
      tax: '3129',
      total: '18029',
    });
    expect(event.data.items[0]?.price?.unitPrice).toEqual({ amount: '14900', currencyCode: 'USD' });
    const [customer] = (await deliveries(app)).filter(
      (r) => r.event_type.startsWith('customer.') && r.payload.includes('shape@example.com'),
    );
    expect(Webhooks.fromJson(JSON.parse(customer!.payload)).eventType).toBe('customer.created');
    await app.services.payments.deliverer!.drain();
  });

  it('declines the declined card with 402 and creates nothing', async () => {
    const { transactionId, frame } = await started(app);
    const browser = new TestBrowser(app.app);
    await browser.submit('post', `${frame.url}/details`, {
      email: 'declined@example.com',
      country: 'FR',
    });
    const before = (await deliveries(app)).length;
    const declined = await browser.submit('post', `${frame.url}/pay`, { card: DECLINED });
    expect(declined.status).toBe(402);
    expect(declined.body).toEqual({ status: 'declined', message: DECLINED_MESSAGE });
    expect((await deliveries(app)).length).toBe(before);
    expect((await produced(app.services, transactionId)).purchases).toHaveLength(0);
    expect((await browser.submit('post', `${frame.url}/pay`, { card: '1234' })).status).toBe(422);
  });

  it('asks for a second try with the retry card, then succeeds', async () => {
    const { transactionId, frame } = await started(app);
    const browser = new TestBrowser(app.app);
    await browser.submit('post', `${frame.url}/details`, {
      email: 'retry@example.com',
      country: 'SE',
    });
    const first = await browser.submit('post', `${frame.url}/pay`, { card: RETRY });
    expect(first.status).toBe(409);
    expect(first.body).toEqual({ status: 'retry', message: RETRY_MESSAGE });
    expect((await deliveries(app)).filter((r) => r.payload.includes(transactionId))).toHaveLength(
      0,
    );
    const second = await browser.submit('post', `${frame.url}/pay`, { card: RETRY });
    expect(second.status).toBe(200);
    await app.services.payments.deliverer!.drain();
    expect((await produced(app.services, transactionId)).licenses).toHaveLength(1);
  });

  it('completes once when Pay is pressed many times at once', async () => {
    const { transactionId, frame } = await started(app);
    const browser = new TestBrowser(app.app);
    await browser.submit('post', `${frame.url}/details`, {
      email: 'double@example.com',
      country: 'US',
      postcode: '10001',
    });
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        browser.submit('post', `${frame.url}/pay`, { card: SUCCESS }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(5).fill(200));
    expect(
      (await deliveries(app, 'transaction.completed')).filter((r) =>
        r.payload.includes(transactionId),
      ),
    ).toHaveLength(1);
    await app.services.payments.deliverer!.drain();
  });

  it('refunds through the provider: an approved refund adjustment reaches the store', async () => {
    const { transactionId, frame } = await started(app);
    const browser = new TestBrowser(app.app);
    await browser.submit('post', `${frame.url}/details`, {
      email: 'refund-me@example.com',
      country: 'IE',
    });
    await browser.submit('post', `${frame.url}/pay`, { card: SUCCESS });
    await app.services.payments.deliverer!.drain();
    await app.services.payments.provider.refund(transactionId, 'Changed my mind');
    await app.services.payments.provider.refund(transactionId, 'Changed my mind');
    const adjustments = (await deliveries(app, 'adjustment.created')).filter((r) =>
      r.payload.includes(transactionId),
    );
    expect(adjustments).toHaveLength(1);
    expect(JSON.parse(adjustments[0]!.payload).data).toMatchObject({
      action: 'refund',
      status: 'approved',
      type: 'full',
      transaction_id: transactionId,
    });
    await app.services.payments.deliverer!.drain();
    const { purchases, licenses } = await produced(app.services, transactionId);
    expect(purchases[0]).toMatchObject({ refund_reason: 'Changed my mind' });
    expect(purchases[0]!.refunded_at).not.toBeNull();
    expect(licenses[0]).toMatchObject({ is_active: 0, deactivation_reason: 'refund' });
    await expect(
      app.services.payments.provider.refund((await started()).transactionId, 'x'),
    ).rejects.toThrow(/not completed/);
  });

  it('serves its buyer the receipt with an Edit business address form that saves', async () => {
    const { transactionId, frame } = await started(app, { slug: 'marketing', amount: 14_900 });
    const email = uniqueEmail('invoice');
    await createUser(app.services, email, 'a long password for tests');
    const browser = new TestBrowser(app.app);
    await browser.submit('post', '/login', { email, password: 'a long password for tests' });
    const receipt = `/sandbox-receipts/${transactionId}`;
    expect((await browser.visit(receipt)).status).toBe(404);
    await browser.submit('post', `${frame.url}/details`, { email, country: 'DE' });
    await browser.submit('post', `${frame.url}/pay`, { card: SUCCESS });
    await app.services.payments.deliverer!.drain();
    const { purchases } = await produced(app.services, transactionId);
    expect(purchases[0]!.receipt_url).toBe(receipt);
    const page = await browser.agent.get(receipt);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Edit business address');
    expect(page.text).toContain(email);
    expect(page.text).toContain('$149.00');
    expect(page.text).toContain('$28.31');
    expect(page.text).toContain('$177.31');
    const token = /name="_token" value="([^"]+)"/.exec(page.text)?.[1];
    expect(token).toBeTruthy();
    const withoutToken = await browser.agent
      .post(`${receipt}/business-address`)
      .type('form')
      .send({ business_address: 'Evil Corp' });
    expect(withoutToken.status).toBe(419);
    const saved = await browser.agent
      .post(`${receipt}/business-address`)
      .type('form')
      .send({ business_address: 'Acme GmbH\nHauptstraße 1 <b>', _token: token });
    expect(saved.status).toBe(303);
    const after = await browser.agent.get(`${receipt}?saved=1`);
    expect(after.text).toContain('Acme GmbH\nHauptstraße 1 &lt;b&gt;');
    expect(after.text).toContain('Business address saved.');
    const tooLong = await browser.agent
      .post(`${receipt}/business-address`)
      .type('form')
      .send({ business_address: 'x'.repeat(501), _token: token });
    expect(tooLong.status).toBe(422);
  });
});

describe(`the sandbox receipt's refund (${TEST_DATABASE})`, () => {
  /** A paid sandbox checkout of `buyer` (signed in when it started), fulfilled. */
  async function paid(buyer: { id: number; email: string; browser: TestBrowser }) {
    const { transactionId, frame } = await started(app, {}, buyer);
    await buyer.browser.submit('post', `${frame.url}/details`, {
      email: buyer.email,
      country: 'DE',
    });
    await buyer.browser.submit('post', `${frame.url}/pay`, { card: SUCCESS });
    await app.services.payments.deliverer!.drain();
    expect((await produced(app.services, transactionId)).purchases).toHaveLength(1);
    return transactionId;
  }

  const adjustments = async (transactionId: string) =>
    (await deliveries(app, 'adjustment.created')).filter((r) => r.payload.includes(transactionId));

  it('lets the signed-in buyer refund their payment once; the webhook takes the licence back', async () => {
    const buyer = await signedIn(uniqueEmail('refunding-buyer'));
    const transactionId = await paid(buyer);
    const receipt = `/sandbox-receipts/${transactionId}`;
    expect((await buyer.browser.agent.get(receipt)).text).toContain('Refund this payment');

    const refunded = await buyer.browser.submit('post', `${receipt}/refund`);
    expect(refunded.status).toBe(303);
    expect(refunded.headers.location).toBe(`${receipt}?refund=requested`);
    // Asked again (a double click, a second tab): still one refund.
    expect((await buyer.browser.submit('post', `${receipt}/refund`)).status).toBe(303);
    expect(await adjustments(transactionId)).toHaveLength(1);

    await app.services.payments.deliverer!.drain();
    const { purchases, licenses } = await produced(app.services, transactionId);
    expect(purchases[0]).toMatchObject({ refund_reason: SANDBOX_REFUND_REASON });
    expect(purchases[0]!.refunded_at).not.toBeNull();
    expect(licenses[0]).toMatchObject({ is_active: 0, deactivation_reason: 'refund' });
    const after = (await buyer.browser.agent.get(`${receipt}?refund=requested`)).text;
    expect(after).toContain('Refunded on');
    expect(after).toContain('Refund made.');
    expect(after).not.toContain('Refund this payment');
    // Back in the store, its own page says so (once).
    const account = await buyer.browser.visit('/account-settings');
    expect(account.body.flash.success).toMatch(
      /^Refund made: \$\d+\.\d{2} for .+\. Its licence no longer gives access\.$/,
    );
    expect((await buyer.browser.visit('/account-settings')).body.flash.success ?? null).toBeNull();
  });

  it("offers a former marketplace's purchase its Generate (the invoice), to its buyer only, and never a refund here", async () => {
    const buyer = await signedIn(uniqueEmail('former-marketplace'));
    const transactionId = await paid(buyer);
    const receipt = `/sandbox-receipts/${transactionId}`;
    // As the demo seeds one: a purchase of the former marketplace whose receipt is this page.
    await app.services.database.db
      .updateTable('purchases')
      .set({ source: 'gumroad', provider_transaction_id: null })
      .where('receipt_url', '=', receipt)
      .execute();
    const page = (await buyer.browser.agent.get(receipt)).text;
    expect(page).toContain('<button type="submit">Generate</button>');
    expect(page).not.toContain('Edit business address');
    expect(page).not.toContain('Refund this payment');
    const token = /name="_token" value="([^"]+)"/.exec(page)?.[1];
    const generated = await buyer.browser.agent
      .post(`${receipt}/business-address`)
      .type('form')
      .send({ business_address: 'Acme Ltd\n1 High Street', _token: token });
    expect(generated.status).toBe(303);
    const after = (await buyer.browser.agent.get(`${receipt}?saved=1`)).text;
    expect(after).toContain('Invoice generated with your business address.');
    expect(after).toContain('Acme Ltd');
    expect((await buyer.browser.submit('post', `${receipt}/refund`)).status).toBe(404);
    const stranger = await signedIn(uniqueEmail('former-marketplace-stranger'));
    const seen = (await stranger.browser.agent.get(receipt)).text;
    expect(seen).not.toContain('Generate');
  });

  it('refuses visitors, other customers, requests without a token and unpaid checkouts; lets an admin', async () => {
    const buyer = await signedIn(uniqueEmail('refund-owner'));
    const transactionId = await paid(buyer);
    const path = `/sandbox-receipts/${transactionId}/refund`;

    const visitor = new TestBrowser(app.app);
    expect((await visitor.submit('post', path)).status).toBe(401);
    expect((await visitor.agent.get(`/sandbox-receipts/${transactionId}`)).text).not.toContain(
      'Refund this payment',
    );
    const stranger = await signedIn(uniqueEmail('refund-stranger'));
    expect((await stranger.browser.submit('post', path)).status).toBe(404);
    expect(
      (await stranger.browser.agent.get(`/sandbox-receipts/${transactionId}`)).text,
    ).not.toContain('Refund this payment');
    expect((await buyer.browser.agent.post(path).send({})).status).toBe(419);
    const unpaid = await started(app, {}, buyer);
    expect(
      (await buyer.browser.submit('post', `/sandbox-receipts/${unpaid.transactionId}/refund`))
        .status,
    ).toBe(404);
    expect(
      (await buyer.browser.submit('post', `/sandbox-receipts/txn_${'0'.repeat(26)}/refund`)).status,
    ).toBe(404);
    expect(await adjustments(transactionId)).toHaveLength(0);

    const admin = await signedIn(uniqueEmail('refund-admin'), true);
    expect((await admin.browser.agent.get(`/sandbox-receipts/${transactionId}`)).text).toContain(
      'Refund this payment',
    );
    expect((await admin.browser.submit('post', path)).status).toBe(303);
    expect(await adjustments(transactionId)).toHaveLength(1);
    await app.services.payments.deliverer!.drain();
  });
});

describe(`sandbox webhook deliveries (${TEST_DATABASE})`, () => {
  it('keeps retrying with back-off until the store answers 2xx, and survives a restart', async () => {
    const { transactionId, frame } = await started(app);
    const browser = new TestBrowser(app.app);
    await browser.submit('post', `${frame.url}/details`, {
      email: 'later@example.com',
      country: 'PL',
    });
    const deliverer = app.services.payments.deliverer!;
    deliverer.setTarget('http://127.0.0.1:1/webhooks/paddle');
    await browser.submit('post', `${frame.url}/pay`, { card: SUCCESS });
    expect(await deliverer.runOnce()).toBe(0);
    const pending = (await deliveries(app)).filter((r) => r.delivered_at === null);
    expect(pending.length).toBeGreaterThanOrEqual(2);
    expect(
      pending.every((r) => r.attempts === 1 && r.next_attempt_at > Date.now() && r.last_error),
    ).toBe(true);
    // Nothing is due yet: back-off.
    expect(await deliverer.runOnce()).toBe(0);
    // "Restart": a new process's deliverer reads the same table.
    const { createWebhookDeliverer } = await import('./deliveries.ts');
    const restarted = createWebhookDeliverer({
      database: app.services.database,
      secret: app.services.payments.webhookSecrets[0]!,
      target: `${server.url}/webhooks/paddle`,
      chaos: false,
      logger: (await import('pino')).pino({ level: 'silent' }),
    });
    expect(await restarted.drain()).toBeGreaterThanOrEqual(2);
    expect((await produced(app.services, transactionId)).purchases).toHaveLength(1);
    deliverer.setTarget(`${server.url}/webhooks/paddle`);
  });

  it('chaos: every webhook several times, out of order and at once, still one purchase, licence, licence e-mail and refund e-mail', async () => {
    const chaotic = await testApp({ env: { SANDBOX_CHAOS: 'true' } });
    const chaoticServer = await listening(chaotic.app, chaotic.services);
    const mine: string[] = [];
    try {
      for (let round = 0; round < 3; round += 1) {
        const { transactionId, frame, hash } = await started(chaotic);
        mine.push(transactionId, `chaos-${round}@example.com`);
        const browser = new TestBrowser(chaotic.app);
        await browser.submit('post', `${frame.url}/details`, {
          email: `chaos-${round}@example.com`,
          country: 'IT',
        });
        await browser.submit('post', `${frame.url}/pay`, { card: SUCCESS });
        await chaotic.services.payments.deliverer!.drain();
        await chaotic.services.payments.provider.refund(transactionId, 'chaos');
        await chaotic.services.payments.deliverer!.drain();
        const { purchases, licenses, mails } = await produced(chaotic.services, transactionId);
        expect([purchases.length, licenses.length]).toEqual([1, 1]);
        expect(mails.map((mail) => mail.template).sort()).toEqual(['license', 'refund']);
        expect(purchases[0]!.refunded_at).not.toBeNull();
        for (const mail of mails) expect(mail.recipient).toBe(`chaos-${round}@example.com`);
        expect((await chaotic.services.payments.checkouts.purchaseStatus(hash))?.license_key).toBe(
          licenses[0]!.key,
        );
      }
      const rows = (await deliveries(chaotic)).filter((row) =>
        mine.some((needle) => row.payload.includes(needle)),
      );
      expect(rows.length).toBe(9 * CHAOS_COPIES);
      expect(rows.every((row) => row.delivered_at !== null)).toBe(true);
      const eventIds = [...new Set(rows.map((row) => row.event_id))];
      expect(eventIds).toHaveLength(9);
      const events = await chaotic.services.database.db
        .selectFrom('webhook_events')
        .selectAll()
        .where('event_id', 'in', eventIds)
        .execute();
      expect(events.map((event) => event.deliveries)).toEqual(Array(9).fill(CHAOS_COPIES));
    } finally {
      await chaoticServer.close();
    }
  });

  it('shows the link alone only what a receipt needs, and lets nobody but the buyer or an operator edit it', async () => {
    const buyer = await signedIn(uniqueEmail('receipt-owner'));
    const { transactionId, frame } = await started(app, {}, buyer);
    await buyer.browser.submit('post', `${frame.url}/details`, {
      email: buyer.email,
      country: 'DE',
      postcode: '10115',
    });
    await buyer.browser.submit('post', `${frame.url}/pay`, { card: SUCCESS });
    await app.services.payments.deliverer!.drain();
    const receipt = `/sandbox-receipts/${transactionId}`;
    const address = `${receipt}/business-address`;
    const own = await buyer.browser.agent.get(receipt);
    expect(own.text).toContain(buyer.email);
    expect(own.text).toContain('10115');
    expect(own.text).toContain('Edit business address');

    // The link alone, signed out or as somebody else: amounts, tax and its country, no more.
    const visitor = new TestBrowser(app.app);
    const stranger = await signedIn(uniqueEmail('receipt-stranger'));
    for (const browser of [visitor, stranger.browser]) {
      const page = await browser.agent.get(receipt);
      expect(page.status).toBe(200);
      expect(page.headers['x-robots-tag']).toBe('noindex');
      expect(page.text).toContain('Germany');
      expect(page.text).toContain('Total paid');
      expect(page.text).not.toContain(buyer.email);
      expect(page.text).not.toContain('10115');
      expect(page.text).not.toContain('Edit business address');
      expect(page.text).not.toContain('name="business_address"');
    }
    // Nor can it change the printed address, with a token or without.
    expect(
      (await new TestBrowser(app.app).submit('post', address, { business_address: 'Evil Corp' }))
        .status,
    ).toBe(401);
    expect(
      (await stranger.browser.submit('post', address, { business_address: 'Evil Corp' })).status,
    ).toBe(404);
    expect(
      (await app.services.payments.sandbox!.transaction(transactionId))?.business_address,
    ).toBeFalsy();

    const audit = () =>
      app.services.database.db
        .selectFrom('audit_entries')
        .select(['actor_id', 'action', 'customer_id'])
        .where('action', '=', 'purchase.business_address')
        .execute();
    const before = (await audit()).length;
    // The buyer edits freely (not an operator's act: no entry).
    expect(
      (await buyer.browser.submit('post', address, { business_address: 'Buyer Ltd' })).status,
    ).toBe(303);
    expect(
      (await app.services.payments.sandbox!.transaction(transactionId))?.business_address,
    ).toBe('Buyer Ltd');
    expect((await audit()).length).toBe(before);
    // An operator edits it for them: audited, naming the operator and the customer.
    const operator = await signedIn(uniqueEmail('receipt-operator'), true);
    expect((await operator.browser.agent.get(receipt)).text).toContain(buyer.email);
    expect(
      (await operator.browser.submit('post', address, { business_address: 'Fixed Ltd' })).status,
    ).toBe(303);
    expect(
      (await app.services.payments.sandbox!.transaction(transactionId))?.business_address,
    ).toBe('Fixed Ltd');
    expect((await audit()).slice(before)).toEqual([
      { actor_id: operator.id, action: 'purchase.business_address', customer_id: buyer.id },
    ]);
  });
});
