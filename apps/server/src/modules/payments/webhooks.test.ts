import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers.ts';
import {
  customerEvent,
  deliver,
  listening,
  produced,
  quoteFor,
  refundEvent,
  shuffled,
  transactionCompleted,
  webhookSecret,
} from '../../../test/payments.ts';
import { TEST_DATABASE } from '../../../test/services.ts';
import { createUser, uniqueEmail } from '../../../test/users.ts';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/database.ts';
import { NO_ASSETS } from '../../http/ssr/assets.ts';
import { signatureHeader } from './service/signature.ts';
import { createPayments } from './index.ts';

type App = Awaited<ReturnType<typeof testApp>>;
let app: App;
let server: Awaited<ReturnType<typeof listening>>;
let secret: string;

beforeAll(async () => {
  app = await testApp();
  server = await listening(app.app, app.services);
  secret = webhookSecret(app.services);
});
afterAll(async () => {
  await server.close();
});

async function checkout(
  options: Parameters<typeof quoteFor>[1] = {},
  buyer: { id: number; email: string } | null = null,
) {
  const quote = await quoteFor(app.services, options);
  return app.services.payments.checkouts.startCheckout(quote, buyer);
}

async function userWithId(services: App['services'], email: string, password: string) {
  return { id: await createUser(services, email, password), email };
}

async function eventRows() {
  const row = await app.services.database.db
    .selectFrom('webhook_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function eventRow(eventId: string) {
  return app.services.database.db
    .selectFrom('webhook_events')
    .selectAll()
    .where('event_id', '=', eventId)
    .executeTakeFirst();
}

describe(`webhook signature (${TEST_DATABASE})`, () => {
  it('applies a correctly signed event', async () => {
    const { transactionId } = await checkout();
    const event = transactionCompleted(transactionId);
    const response = await deliver(server.url, secret, event);
    expect(response).toEqual({ status: 200, body: { outcome: 'applied', duplicate: false } });
    expect((await produced(app.services, transactionId)).purchases).toHaveLength(1);
  });

  it('refuses a tampered body, a wrong secret, stale and future timestamps, and changes nothing', async () => {
    const { transactionId } = await checkout();
    const event = transactionCompleted(transactionId);
    const body = JSON.stringify(event);
    const now = Date.now() / 1000;
    const tampered = body.replace('"29900"', '"1"');
    expect(tampered).not.toBe(body);
    const before = await eventRows();
    const cases = [
      { name: 'tampered body', body: tampered, header: signatureHeader(secret, body, now) },
      { name: 'wrong secret', body, header: signatureHeader('x'.repeat(64), body, now) },
      { name: 'stale', body, header: signatureHeader(secret, body, now - 30) },
      { name: 'future', body, header: signatureHeader(secret, body, now + 30) },
      { name: 'one hour old', body, header: signatureHeader(secret, body, now - 3600) },
    ];
    for (const attempt of cases) {
      const response = await deliver(server.url, secret, attempt.body, { header: attempt.header });
      expect(response.status, attempt.name).toBe(401);
    }
    expect(await eventRows()).toBe(before);
    expect((await produced(app.services, transactionId)).purchases).toHaveLength(0);
  });

  it('accepts a delivery carrying two h1 while a secret is rotated, in either order', async () => {
    for (const order of ['old first', 'new first']) {
      const { transactionId } = await checkout();
      const body = JSON.stringify(transactionCompleted(transactionId));
      const old = 'o'.repeat(64);
      const secrets = order === 'old first' ? [old, secret] : [secret, old];
      const header = signatureHeader(secrets, body, Date.now() / 1000);
      expect(header.match(/h1=/g)).toHaveLength(2);
      const response = await deliver(server.url, secret, body, { header });
      expect(response.status, order).toBe(200);
      expect((await produced(app.services, transactionId)).licenses, order).toHaveLength(1);
    }
  });

  it('answers 401 without a signature and 400 for a malformed one or a malformed body', async () => {
    const { transactionId } = await checkout();
    const body = JSON.stringify(transactionCompleted(transactionId));
    const before = await eventRows();
    const unsigned = await fetch(`${server.url}/webhooks/paddle`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    expect(unsigned.status).toBe(401);
    const now = Math.floor(Date.now() / 1000);
    const valid = signatureHeader(secret, body, now);
    const h1 = valid.split('h1=')[1]!;
    for (const header of [
      '',
      'garbage',
      `ts=${now}`,
      `h1=${h1}`,
      `ts=abc;h1=${h1}`,
      `ts=${now};h1=nothex`,
      `ts=${now};ts=${now};h1=${h1}`,
      `ts=${now};h1=${h1.slice(2)}`,
      `ts=${now};h1=${h1};${'x'.repeat(5000)}`,
    ]) {
      const response = await deliver(server.url, secret, body, { header });
      expect(response.status, JSON.stringify(header.slice(0, 40))).toBe(400);
    }
    for (const bad of [
      'not json',
      '{"event_id":"e"}',
      '[]',
      JSON.stringify({ ...JSON.parse(body), event_id: 'a b' }),
    ]) {
      const response = await deliver(server.url, secret, bad);
      expect(response.status, bad.slice(0, 30)).toBe(400);
    }
    // A lone surrogate escaped in JSON: valid JSON, but no text of ours may hold it.
    const surrogate = body.replace('"status":"completed"', '"status":"\\ud800"');
    expect((await deliver(server.url, secret, surrogate)).status).toBe(400);
    expect(await eventRows()).toBe(before);
    expect((await produced(app.services, transactionId)).purchases).toHaveLength(0);
  });

  it('honours a configured tolerance', async () => {
    const wide = await testApp({ env: { WEBHOOK_TOLERANCE_SECONDS: '120' } });
    const wideServer = await listening(wide.app, wide.services);
    try {
      const quote = await quoteFor(wide.services);
      const { transactionId } = await wide.services.payments.checkouts.startCheckout(quote, null);
      const body = JSON.stringify(transactionCompleted(transactionId));
      const now = Date.now() / 1000;
      const key = webhookSecret(wide.services);
      expect(
        (
          await deliver(wideServer.url, key, body, {
            header: signatureHeader(key, body, now - 200),
          })
        ).status,
      ).toBe(401);
      expect(
        (await deliver(wideServer.url, key, body, { header: signatureHeader(key, body, now - 60) }))
          .status,
      ).toBe(200);
    } finally {
      await wideServer.close();
    }
  });
});

describe(`exactly-once fulfilment (${TEST_DATABASE})`, () => {
  it('applies each event once when every one is delivered 10 times, shuffled', async () => {
    const { transactionId } = await checkout();
    const customerId = `ctm_${transactionId.slice(4)}`;
    const email = uniqueEmail('shuffled');
    const events = [
      customerEvent(customerId, email),
      transactionCompleted(transactionId, { customerId, tax: 5681 }),
    ];
    const deliveries = shuffled(events.flatMap((event) => Array.from({ length: 10 }, () => event)));
    for (const event of deliveries) {
      const response = await deliver(server.url, secret, event);
      expect(response.status).toBe(200);
    }
    const { purchases, licenses, mails } = await produced(app.services, transactionId);
    expect(purchases).toHaveLength(1);
    expect(purchases[0]).toMatchObject({
      amount: 29_900,
      tax: 5681,
      currency: 'USD',
      source: 'sandbox',
      buyer_email: email,
    });
    expect(purchases[0]!.receipt_url).toBe(`/sandbox-receipts/${transactionId}`);
    expect(licenses).toHaveLength(1);
    expect(licenses[0]).toMatchObject({
      kind: 'personal',
      is_active: 1,
      buyer_email: email,
      user_id: null,
    });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.recipient).toBe(email);
    expect(JSON.parse(mails[0]!.payload)).toMatchObject({
      licenseKey: licenses[0]!.key,
      activationUrl: `${app.config.appUrl}/licenses/${licenses[0]!.key}`,
    });
    for (const event of events) {
      expect(await eventRow(event.event_id)).toMatchObject({ deliveries: 10, outcome: 'applied' });
    }
  });

  it('applies an event once when 10 deliveries arrive at the same moment', async () => {
    const { transactionId } = await checkout();
    const customerId = `ctm_${transactionId.slice(4)}`;
    const email = uniqueEmail('concurrent');
    await deliver(server.url, secret, customerEvent(customerId, email));
    const event = transactionCompleted(transactionId, { customerId });
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => deliver(server.url, secret, event)),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(responses.filter((r) => (r.body as { duplicate: boolean }).duplicate)).toHaveLength(9);
    const { purchases, licenses, mails } = await produced(app.services, transactionId);
    expect([purchases.length, licenses.length, mails.length]).toEqual([1, 1, 1]);
    expect(await eventRow(event.event_id)).toMatchObject({ deliveries: 10, outcome: 'applied' });
  });

  it('fulfils a transaction once even when different events complete it at once', async () => {
    const { transactionId } = await checkout();
    const events = Array.from({ length: 10 }, () =>
      transactionCompleted(transactionId, { customerId: null }),
    );
    const responses = await Promise.all(events.map((event) => deliver(server.url, secret, event)));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    const outcomes = responses.map((r) => (r.body as { outcome: string }).outcome).sort();
    expect(outcomes).toEqual(['applied', ...Array(9).fill('ignored')]);
    const { purchases, licenses } = await produced(app.services, transactionId);
    expect([purchases.length, licenses.length]).toEqual([1, 1]);
  });

  it('attaches a signed-in buyer: purchase and personal licence are theirs at once, mail to their account', async () => {
    const email = uniqueEmail('buyer');
    const user = await userWithId(app.services, email, 'a long password for tests');
    const { transactionId } = await checkout(
      { slug: 'marketing', amount: 14_900 },
      { id: user.id, email },
    );
    const otherAddress = uniqueEmail('typed-in-frame');
    await deliver(server.url, secret, customerEvent('ctm_signed_in', otherAddress));
    await deliver(
      server.url,
      secret,
      transactionCompleted(transactionId, { customerId: 'ctm_signed_in', subtotal: 14_900 }),
    );
    const { purchases, licenses, mails } = await produced(app.services, transactionId);
    expect(purchases[0]).toMatchObject({ user_id: user.id, buyer_email: email });
    expect(licenses[0]).toMatchObject({ user_id: user.id, kind: 'personal', buyer_email: email });
    expect(licenses[0]!.redeemed_at).not.toBeNull();
    expect(mails.map((m) => m.recipient)).toEqual([email]);
  });

  it('leaves a team licence unredeemed for its owner to name the team', async () => {
    const email = uniqueEmail('team-buyer');
    const user = await userWithId(app.services, email, 'a long password for tests');
    const { transactionId } = await checkout(
      { kind: 'team', amount: 79_900 },
      { id: user.id, email },
    );
    await deliver(server.url, secret, transactionCompleted(transactionId, { subtotal: 79_900 }));
    const { purchases, licenses } = await produced(app.services, transactionId);
    expect(purchases[0]!.user_id).toBe(user.id);
    expect(licenses[0]).toMatchObject({
      kind: 'team',
      user_id: null,
      redeemed_at: null,
      team_id: null,
      is_active: 1,
    });
  });

  it('sends the licence e-mail when the customer record comes after the purchase, and a stale one does not win', async () => {
    const { transactionId } = await checkout();
    const customerId = `ctm_late_${transactionId.slice(4)}`;
    await deliver(server.url, secret, transactionCompleted(transactionId, { customerId }));
    let result = await produced(app.services, transactionId);
    expect(result.purchases[0]!.buyer_email).toBeNull();
    expect(result.mails).toHaveLength(0);
    const newer = uniqueEmail('newer');
    const older = uniqueEmail('older');
    await deliver(
      server.url,
      secret,
      customerEvent(customerId, newer, new Date(Date.now() - 1000), 'customer.updated'),
    );
    await deliver(
      server.url,
      secret,
      customerEvent(customerId, older, new Date(Date.now() - 60_000)),
    );
    result = await produced(app.services, transactionId);
    expect(result.purchases[0]!.buyer_email).toBe(newer);
    expect(result.licenses[0]!.buyer_email).toBe(newer);
    expect(result.mails.map((m) => m.recipient)).toEqual([newer]);
    const customer = await app.services.database.db
      .selectFrom('payment_customers')
      .select('email')
      .where('customer_id', '=', customerId)
      .executeTakeFirstOrThrow();
    expect(customer.email).toBe(newer);
  });

  it('sends one licence e-mail when the purchase and its customer record arrive at the same moment', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { transactionId } = await checkout();
      const customerId = `ctm_race_${transactionId.slice(4)}`;
      const email = uniqueEmail('race');
      const events = [
        customerEvent(customerId, email),
        transactionCompleted(transactionId, { customerId }),
      ];
      const responses = await Promise.all(
        shuffled([...events, ...events]).map((event) => deliver(server.url, secret, event)),
      );
      expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      const { purchases, mails } = await produced(app.services, transactionId);
      expect(purchases[0]!.buyer_email).toBe(email);
      expect(mails.map((m) => m.recipient)).toEqual([email]);
    }
  });

  it('never lets a late payment failure override a completed transaction', async () => {
    const { transactionId, hash } = await checkout();
    const failed = (at: Date) => ({
      ...transactionCompleted(transactionId, { occurredAt: at }),
      event_type: 'transaction.payment_failed',
    });
    expect(
      (await deliver(server.url, secret, failed(new Date(Date.now() - 5000)))).body,
    ).toMatchObject({ outcome: 'applied' });
    await deliver(server.url, secret, transactionCompleted(transactionId));
    const late = await deliver(server.url, secret, failed(new Date(Date.now() - 10_000)));
    expect(late).toMatchObject({ status: 200, body: { outcome: 'ignored' } });
    const row = await app.services.database.db
      .selectFrom('checkouts')
      .select('status')
      .where('hash', '=', hash)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('completed');
  });
});

describe(`refunds and upgrades (${TEST_DATABASE})`, () => {
  it('refunds: the purchase is marked, the licence deactivated, the entitlement gone at once', async () => {
    const email = uniqueEmail('refunded');
    const user = await userWithId(app.services, email, 'a long password for tests');
    const { transactionId } = await checkout(
      { slug: 'ecommerce', amount: 14_900 },
      { id: user.id, email },
    );
    await deliver(server.url, secret, transactionCompleted(transactionId, { subtotal: 14_900 }));
    const { policyFor: accessPolicyFor } = await import('../licensing/index.ts');
    const { db } = app.services.database;
    const row = await db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    const entitled = async () =>
      (await accessPolicyFor(db, row, { testMode: true })).entitlements.has('ecommerce');
    expect(await entitled()).toBe(true);
    const refund = refundEvent(transactionId);
    for (let i = 0; i < 3; i += 1)
      expect((await deliver(server.url, secret, refund)).status).toBe(200);
    const { purchases, licenses } = await produced(app.services, transactionId);
    expect(purchases[0]!.refunded_at).toBe(Date.parse(refund.occurred_at));
    expect(purchases[0]!.refund_reason).toBe('Requested by the buyer');
    expect(licenses[0]).toMatchObject({ is_active: 0, deactivation_reason: 'refund' });
    expect(await entitled()).toBe(false);
  });

  it('ignores a refund that is not approved, or partial', async () => {
    const { transactionId } = await checkout();
    await deliver(server.url, secret, transactionCompleted(transactionId));
    for (const event of [
      refundEvent(transactionId, { status: 'pending_approval' }),
      refundEvent(transactionId, { status: 'rejected' }),
      refundEvent(transactionId, { type: 'partial' }),
    ]) {
      expect((await deliver(server.url, secret, event)).body).toMatchObject({ outcome: 'ignored' });
    }
    const { purchases, licenses } = await produced(app.services, transactionId);
    expect(purchases[0]!.refunded_at).toBeNull();
    expect(licenses[0]!.is_active).toBe(1);
  });

  it('holds a refund that arrives before its purchase and applies it when the purchase arrives', async () => {
    const { transactionId, hash } = await checkout();
    const refund = refundEvent(transactionId);
    const held = await deliver(server.url, secret, refund);
    expect(held).toEqual({ status: 200, body: { outcome: 'held', duplicate: false } });
    expect(await eventRow(refund.event_id)).toMatchObject({
      outcome: 'held',
      transaction_id: transactionId,
    });
    // Delivered again while held: still held, nothing else.
    expect((await deliver(server.url, secret, refund)).body).toMatchObject({ outcome: 'held' });
    await deliver(server.url, secret, transactionCompleted(transactionId));
    const { purchases, licenses } = await produced(app.services, transactionId);
    expect(purchases).toHaveLength(1);
    expect(purchases[0]!.refunded_at).not.toBeNull();
    expect(licenses[0]).toMatchObject({ is_active: 0, deactivation_reason: 'refund' });
    expect(await eventRow(refund.event_id)).toMatchObject({ outcome: 'applied', deliveries: 2 });
    // A redelivery after all that changes nothing.
    expect((await deliver(server.url, secret, refund)).body).toMatchObject({ duplicate: true });
    expect((await app.services.payments.checkouts.purchaseStatus(hash))?.license_key).toBe(
      licenses[0]!.key,
    );
  });

  it('applies a purchase and its refund arriving at the same moment in either order', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { transactionId } = await checkout();
      const events = shuffled([transactionCompleted(transactionId), refundEvent(transactionId)]);
      const responses = await Promise.all(
        events.flatMap((event) => [
          deliver(server.url, secret, event),
          deliver(server.url, secret, event),
        ]),
      );
      expect(responses.every((r) => r.status === 200)).toBe(true);
      const { purchases, licenses } = await produced(app.services, transactionId);
      expect(purchases).toHaveLength(1);
      expect(purchases[0]!.refunded_at).not.toBeNull();
      expect(licenses.map((l) => l.deactivation_reason)).toEqual(['refund']);
    }
  });

  it('deactivates the upgraded licence with reason upgrade, and gives it back if the upgrade is refunded', async () => {
    const email = uniqueEmail('upgrader');
    const user = await userWithId(app.services, email, 'a long password for tests');
    const buyer = { id: user.id, email };
    const first = await checkout({ slug: 'application-ui', amount: 14_900 }, buyer);
    await deliver(
      server.url,
      secret,
      transactionCompleted(first.transactionId, { subtotal: 14_900 }),
    );
    const [old] = (await produced(app.services, first.transactionId)).licenses;
    const upgrade = await checkout({ amount: 15_000, upgradeLicenseId: old!.id }, buyer);
    await deliver(
      server.url,
      secret,
      transactionCompleted(upgrade.transactionId, { subtotal: 15_000 }),
    );
    const {
      licenses: [fresh],
      mails,
    } = await produced(app.services, upgrade.transactionId);
    expect(fresh).toMatchObject({ is_active: 1, user_id: user.id });
    const db = app.services.database.db;
    const before = await db
      .selectFrom('licenses')
      .selectAll()
      .where('id', '=', old!.id)
      .executeTakeFirstOrThrow();
    expect(before).toMatchObject({ is_active: 0, deactivation_reason: 'upgrade' });
    expect(JSON.parse(mails[0]!.payload)).toMatchObject({ upgrade: true });
    // The buyer's own session gets the key; the bare hash no longer does (connected at once).
    expect(await app.services.payments.checkouts.purchaseStatus(upgrade.hash, user)).toEqual({
      license_key: fresh!.key,
      upgrade: true,
    });
    expect(await app.services.payments.checkouts.purchaseStatus(upgrade.hash)).toEqual({
      license_key: null,
      upgrade: true,
      withheld: 'claimed',
    });

    await deliver(server.url, secret, refundEvent(upgrade.transactionId));
    const after = await db
      .selectFrom('licenses')
      .selectAll()
      .where('id', '=', old!.id)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({ is_active: 1, deactivation_reason: null });
  });

  it('refuses to start an upgrade of a licence that is not the buyer’s', async () => {
    const owner = await userWithId(app.services, uniqueEmail('owner'), 'a long password for tests');
    const first = await checkout(
      { slug: 'marketing', amount: 14_900 },
      { id: owner.id, email: 'x@example.com' },
    );
    await deliver(
      server.url,
      secret,
      transactionCompleted(first.transactionId, { subtotal: 14_900 }),
    );
    const [license] = (await produced(app.services, first.transactionId)).licenses;
    const stranger = await userWithId(
      app.services,
      uniqueEmail('stranger'),
      'a long password for tests',
    );
    await expect(
      checkout({ upgradeLicenseId: license!.id }, { id: stranger.id, email: 'y@example.com' }),
    ).rejects.toThrow(/cannot be upgraded/);
    await expect(checkout({ upgradeLicenseId: license!.id }, null)).rejects.toThrow(/Sign in/);
  });
});

describe(`events that cannot be applied (${TEST_DATABASE})`, () => {
  it('answers non-2xx for an unknown transaction, applies nothing, and records it for replay', async () => {
    const event = transactionCompleted('txn_unknown_to_this_store');
    const response = await deliver(server.url, secret, event);
    expect(response.status).toBe(422);
    expect((await produced(app.services, 'txn_unknown_to_this_store')).purchases).toHaveLength(0);
    expect(await eventRow(event.event_id)).toMatchObject({
      outcome: 'failed',
      deliveries: 1,
      error: 'unknown transaction txn_unknown_to_this_store',
    });
    expect((await deliver(server.url, secret, event)).status).toBe(422);
    expect(await eventRow(event.event_id)).toMatchObject({ outcome: 'failed', deliveries: 2 });
    expect(
      (await deliver(server.url, secret, refundEvent('txn_unknown_to_this_store'))).status,
    ).toBe(422);
  });

  it('records unknown event types and answers 2xx without changing anything', async () => {
    const event = { ...transactionCompleted('txn_whatever'), event_type: 'subscription.created' };
    expect(await deliver(server.url, secret, event)).toEqual({
      status: 200,
      body: { outcome: 'ignored', duplicate: false },
    });
  });

  it('answers non-2xx when the database is down, and the event applies once it is back', async () => {
    const { transactionId } = await checkout();
    const dead = openDatabase({
      databaseUrl:
        TEST_DATABASE === 'postgres' ? 'postgres://postgres@127.0.0.1:1/none' : undefined,
      sqliteFile: ':memory:',
    });
    if (dead.engine === 'sqlite') await dead.close();
    const payments = createPayments({
      config: app.config,
      database: dead,
      logger: app.services.payments.fulfilment
        ? (await import('pino')).pino({ level: 'silent' })
        : undefined!,
    });
    const down = buildApp({
      config: app.config,
      logger: (await import('pino')).pino({ level: 'silent' }),
      ssr: null,
      assets: NO_ASSETS,
      services: { ...app.services, payments },
    });
    const downServer = await listening(down, app.services);
    try {
      const event = transactionCompleted(transactionId);
      const response = await deliver(downServer.url, secret, event);
      expect(response.status).toBe(503);
      expect(await eventRow(event.event_id)).toBeUndefined();
      expect((await produced(app.services, transactionId)).purchases).toHaveLength(0);
      expect((await deliver(server.url, secret, event)).status).toBe(200);
      expect((await produced(app.services, transactionId)).purchases).toHaveLength(1);
    } finally {
      await downServer.close();
      if (dead.engine === 'postgres') await dead.close();
      app.services.payments.listeningAt(server.url);
    }
  });

  it('replays a stored event on the operator’s request', async () => {
    const { transactionId } = await checkout();
    const event = transactionCompleted(transactionId);
    await deliver(server.url, secret, event);
    expect(await app.services.payments.fulfilment.replay(event.event_id)).toEqual({
      status: 200,
      outcome: 'applied',
      duplicate: true,
    });
    expect(await app.services.payments.fulfilment.replay('evt_never_seen')).toBeNull();
  });
});
