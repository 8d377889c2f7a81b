import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../test/browser.ts';
import { INERTIA, testApp } from '../../../test/helpers.ts';
import {
  deliver,
  quoteFor,
  transactionCompleted,
  webhookSecret,
  paymentsAppOnAPort,
} from '../../../test/payments.ts';
import { TEST_DATABASE } from '../../../test/services.ts';
import { isCheckoutHash } from './service/checkouts.ts';

let { app, server } = {} as Awaited<ReturnType<typeof paymentsAppOnAPort>>;

beforeAll(async () => {
  ({ app, server } = await paymentsAppOnAPort());
});
afterAll(() => server.close());

async function fulfilled(options: Parameters<typeof quoteFor>[1] = {}) {
  const quote = await quoteFor(app.services, options);
  const started = await app.services.payments.checkouts.startCheckout(quote, null);
  await deliver(
    server.url,
    webhookSecret(app.services),
    transactionCompleted(started.transactionId, { subtotal: quote.amount }),
  );
  return started;
}

describe(`startCheckout (${TEST_DATABASE})`, () => {
  it('records a pending checkout keyed by the provider transaction, with the server’s price', async () => {
    const quote = await quoteFor(app.services, { slug: 'marketing', amount: 12_345 });
    const started = await app.services.payments.checkouts.startCheckout(
      { ...quote, advertised: 14_900 },
      null,
    );
    expect(isCheckoutHash(started.hash)).toBe(true);
    const row = await app.services.database.db
      .selectFrom('checkouts')
      .selectAll()
      .where('hash', '=', started.hash)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      provider: 'sandbox',
      provider_transaction_id: started.transactionId,
      product_id: quote.productId,
      price_id: quote.priceId,
      kind: 'personal',
      amount: 12_345,
      advertised: 14_900,
      currency: 'USD',
      status: 'pending',
      user_id: null,
      upgrade_license_id: null,
    });
    const sandboxRow = await app.services.payments.sandbox!.transaction(started.transactionId);
    expect(sandboxRow).toMatchObject({
      amount: 12_345,
      currency: 'USD',
      product_name: 'Marketing',
    });
    expect(JSON.parse(sandboxRow!.custom_data)).toEqual({
      checkout: started.hash,
      product: 'marketing',
      kind: 'personal',
    });
  });

  it('makes a different unguessable hash and transaction every time', async () => {
    const quote = await quoteFor(app.services);
    const hashes = new Set<string>();
    const transactions = new Set<string>();
    for (let i = 0; i < 20; i += 1) {
      const started = await app.services.payments.checkouts.startCheckout(quote, null);
      hashes.add(started.hash);
      transactions.add(started.transactionId);
      // 24 random bytes, base64url: 192 bits.
      expect(Buffer.from(started.hash, 'base64url')).toHaveLength(24);
    }
    expect(hashes.size).toBe(20);
    expect(transactions.size).toBe(20);
  });

  it('refuses a price that is not a positive whole amount, an unknown currency or kind', async () => {
    const quote = await quoteFor(app.services);
    const bad = [
      { ...quote, amount: 0 },
      { ...quote, amount: -5 },
      { ...quote, amount: 10.5 },
      { ...quote, amount: 1e20 },
      { ...quote, advertised: quote.amount - 1 },
      { ...quote, currency: 'usd' },
      { ...quote, kind: 'lifetime' as never },
    ];
    for (const input of bad) {
      await expect(
        app.services.payments.checkouts.startCheckout(input, null),
        JSON.stringify(input),
      ).rejects.toMatchObject({ status: 422 });
    }
  });
});

describe(`GET /paddle-purchases/{hash} and /thank-you (${TEST_DATABASE})`, () => {
  it('answers 404 until the checkout is fulfilled, then the licence key', async () => {
    const quote = await quoteFor(app.services);
    const started = await app.services.payments.checkouts.startCheckout(quote, null);
    const browser = new TestBrowser(app.app);
    const pending = await browser.agent
      .get(`/paddle-purchases/${started.hash}`)
      .set('Accept', 'application/json');
    expect(pending.status).toBe(404);
    expect(pending.body).not.toHaveProperty('license_key');
    await deliver(
      server.url,
      webhookSecret(app.services),
      transactionCompleted(started.transactionId),
    );
    const ready = await browser.agent
      .get(`/paddle-purchases/${started.hash}`)
      .set('Accept', 'application/json');
    expect(ready.status).toBe(200);
    expect(Object.keys(ready.body as object)).toEqual(['license_key']);
    const key = (ready.body as { license_key: string }).license_key;
    const license = await app.services.database.db
      .selectFrom('licenses')
      .select('key')
      .where('key', '=', key)
      .executeTakeFirst();
    expect(license?.key).toBe(key);
    expect(ready.headers['cache-control']).toMatch(/no-store|private/);
  });

  it('never leaks another buyer’s key to a guessed, altered or malformed hash', async () => {
    const a = await fulfilled();
    const b = await fulfilled();
    const browser = new TestBrowser(app.app);
    const keyOf = async (hash: string) =>
      (await browser.agent.get(`/paddle-purchases/${encodeURIComponent(hash)}`)).body as {
        license_key?: string;
      };
    const keyA = (await keyOf(a.hash)).license_key;
    const keyB = (await keyOf(b.hash)).license_key;
    expect(keyA).toBeTruthy();
    expect(keyB).toBeTruthy();
    expect(keyA).not.toBe(keyB);
    const flipped = a.hash.slice(0, -1) + (a.hash.endsWith('A') ? 'B' : 'A');
    for (const guess of [
      flipped,
      a.hash.slice(1),
      `${a.hash}x`,
      a.hash.toLowerCase() === a.hash ? a.hash.toUpperCase() : a.hash.toLowerCase(),
      a.transactionId,
      '%',
      "' or 1=1 --",
      'a'.repeat(5000),
      '\u0000',
    ]) {
      const response = await browser.agent.get(`/paddle-purchases/${encodeURIComponent(guess)}`);
      expect([404, 422], guess.slice(0, 20)).toContain(response.status);
      expect(JSON.stringify(response.body)).not.toContain(keyA);
      expect(JSON.stringify(response.body)).not.toContain(keyB);
    }
  });

  it('renders ThankYou with the hash and the variant', async () => {
    const plain = await app.services.payments.checkouts.startCheckout(
      await quoteFor(app.services),
      null,
    );
    const browser = new TestBrowser(app.app);
    const page = await browser.agent
      .get(`/thank-you?checkout=${plain.hash}`)
      .set(INERTIA)
      .set('X-Inertia-Version', '');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      component: 'ThankYou',
      props: { hash: plain.hash, isUpgrade: false },
    });
    for (const query of ['', '?checkout=', `?checkout=${'A'.repeat(32)}`, '?checkout[]=x']) {
      const missing = await browser.agent
        .get(`/thank-you${query}`)
        .set(INERTIA)
        .set('X-Inertia-Version', '');
      expect(missing.status, query).toBe(404);
    }
  });
  it('rate limits the poll per address', async () => {
    const limited = await testApp();
    const browser = new TestBrowser(limited.app);
    let status = 0;
    let tries = 0;
    for (; tries < 130 && status !== 429; tries += 1) {
      status = (await browser.agent.get(`/paddle-purchases/${'A'.repeat(32)}`)).status;
    }
    expect(status).toBe(429);
    // 120 a minute per address (fewer here when this file's earlier requests share the counter).
    expect(tries).toBeLessThanOrEqual(121);
    const refused = await browser.agent.get(`/paddle-purchases/${'B'.repeat(32)}`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await browser.agent.get(`/thank-you?checkout=${'B'.repeat(32)}`)).status).toBe(429);
  });
});
