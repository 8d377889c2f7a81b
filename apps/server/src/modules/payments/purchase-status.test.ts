import { PURCHASE_KEY_WINDOW_MINUTES } from '@tessera/pages/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../test/browser.ts';

import {
  deliver,
  quoteFor,
  transactionCompleted,
  webhookSecret,
  paymentsAppOnAPort,
} from '../../../test/payments.ts';
import { TEST_DATABASE } from '../../../test/services.ts';
import { createUser, uniqueEmail } from '../../../test/users.ts';

let { app, server } = {} as Awaited<ReturnType<typeof paymentsAppOnAPort>>;

beforeAll(async () => {
  ({ app, server } = await paymentsAppOnAPort());
});
afterAll(() => server.close());

async function fulfilled(buyer: { id: number; email: string } | null = null) {
  const quote = await quoteFor(app.services);
  const started = await app.services.payments.checkouts.startCheckout(quote, buyer);
  await deliver(
    server.url,
    webhookSecret(app.services),
    transactionCompleted(started.transactionId, { subtotal: quote.amount }),
  );
  return started;
}

async function statusOf(browser: TestBrowser, hash: string) {
  const response = await browser.agent
    .get(`/paddle-purchases/${hash}`)
    .set('Accept', 'application/json');
  expect(response.status).toBe(200);
  expect(response.headers['cache-control']).toContain('no-store');
  return response.body as { license_key: string | null; withheld?: string };
}

/** Moves the payment `minutes` into the past. */
async function paidAgo(hash: string, minutes: number) {
  await app.services.database.db
    .updateTable('checkouts')
    .set({ completed_at: app.services.payments.now() - minutes * 60_000 })
    .where('hash', '=', hash)
    .execute();
}

describe(`a purchase's status hash (${TEST_DATABASE})`, () => {
  it(`gives the key signed out only for ${PURCHASE_KEY_WINDOW_MINUTES} minutes after payment`, async () => {
    const started = await fulfilled();
    const holder = new TestBrowser(app.app);
    const fresh = await statusOf(holder, started.hash);
    expect(fresh.license_key).toMatch(/\S{10,}/);
    await paidAgo(started.hash, PURCHASE_KEY_WINDOW_MINUTES - 1);
    expect((await statusOf(holder, started.hash)).license_key).toBe(fresh.license_key);
    await paidAgo(started.hash, PURCHASE_KEY_WINDOW_MINUTES + 1);
    const late = await statusOf(holder, started.hash);
    expect(late).toEqual({ license_key: null, withheld: 'expired' });
    expect(JSON.stringify(late)).not.toContain(fresh.license_key!);
  });

  it('stops giving the key once the licence is redeemed, even inside the window', async () => {
    const started = await fulfilled();
    const holder = new TestBrowser(app.app);
    const key = (await statusOf(holder, started.hash)).license_key!;
    const owner = new TestBrowser(app.app);
    const email = uniqueEmail('redeemer');
    const redeemed = await owner.submit('patch', `/licenses/${key}`, {
      email,
      password: 'a-long-enough-password-1',
    });
    expect([302, 303]).toContain(redeemed.status);
    const license = await app.services.database.db
      .selectFrom('licenses')
      .select(['user_id'])
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    expect(license.user_id).not.toBeNull();
    expect(await statusOf(holder, started.hash)).toEqual({
      license_key: null,
      withheld: 'claimed',
    });
  });

  it("answers a signed-in buyer's own hash with the key, and nobody else's session", async () => {
    const email = uniqueEmail('signed-in-buyer');
    const id = await createUser(app.services, email, 'a-long-enough-password-1');
    const started = await fulfilled({ id, email });
    const buyer = new TestBrowser(app.app);
    await buyer.submit('post', '/login', { email, password: 'a-long-enough-password-1' });
    expect((await statusOf(buyer, started.hash)).license_key).toMatch(/\S{10,}/);
    // Connected to the account at once: a signed-out holder of the hash gets no key.
    expect(await statusOf(new TestBrowser(app.app), started.hash)).toEqual({
      license_key: null,
      withheld: 'claimed',
    });
    const other = uniqueEmail('someone-else');
    await createUser(app.services, other, 'a-long-enough-password-1');
    const stranger = new TestBrowser(app.app);
    await stranger.submit('post', '/login', { email: other, password: 'a-long-enough-password-1' });
    expect((await statusOf(stranger, started.hash)).license_key).toBeNull();
  });

  it('never writes a hash or a sandbox transaction id into the log', async () => {
    const started = await fulfilled();
    const browser = new TestBrowser(app.app);
    const from = app.lines.length;
    await browser.agent.get(`/paddle-purchases/${started.hash}`);
    await browser.agent.get(`/thank-you?checkout=${started.hash}`);
    await browser.agent.get(`/thank-you?lang=en&checkout=${started.hash}`);
    await browser.agent.get(`/sandbox-checkout/${started.transactionId}`);
    await browser.agent.get(`/sandbox-receipts/${started.transactionId}`);
    const logged = app.lines.slice(from);
    expect(logged.length).toBeGreaterThanOrEqual(5);
    const text = JSON.stringify(logged);
    expect(text).not.toContain(started.hash);
    expect(text).not.toContain(started.transactionId);
    expect(text).toContain('/paddle-purchases/[redacted]');
    expect(text).toContain('checkout=[redacted]');
  });
});
