import type {
  AdminCustomerPageProps,
  AdminWebhookPageProps,
  AdminWebhooksPageProps,
} from '@tessera/pages';
import { REFUND_WINDOW_DAYS } from '@tessera/pages/constants';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import {
  backOfficeApp,
  createPurchase,
  createWebhookEvent,
  DAY_MS,
} from '../../../test/back-office.ts';
import type { TestBrowser } from '../../../test/browser.ts';
import { TEST_DATABASE, TEST_SESSION_STORE } from '../../../test/services.ts';
import { MESSAGES } from './controller.ts';
import { DEFAULT_REFUND_REASON } from './schemas.ts';
import { backOfficeService } from './service.ts';

const store = await backOfficeApp();
const { db, clock, refunds, replays } = store;

async function flashAfter(browser: TestBrowser, url: string) {
  const response = await browser.visit(url);
  const page = response.body as { props: { errors: object }; flash: object };
  return { flash: page.flash, errors: page.props.errors };
}

async function customerPage(browser: TestBrowser, id: number) {
  const response = await browser.visit(`/admin/users/${id}`);
  const page = response.body as { props: AdminCustomerPageProps; flash: object };
  return { ...page.props, flash: page.flash };
}

async function purchaseRow(id: number) {
  return db
    .selectFrom('purchases')
    .select(['refund_requested_at', 'refunded_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

const callsFor = (purchaseId: number) =>
  refunds.calls.filter((call) => call.purchaseId === purchaseId);

describe(`refunds through the provider seam (${TEST_DATABASE}, ${TEST_SESSION_STORE} sessions)`, () => {
  it('asks the provider once, shows "refund requested" until the webhook lands, then "refunded"', async () => {
    const operator = await store.admin();
    const customer = await store.person('refund-me');
    const { purchaseId } = await createPurchase(db, {
      userId: customer.id,
      createdAt: clock.now - 3 * DAY_MS,
      transactionId: 'txn_refund_once',
    });
    const before = await customerPage(operator.browser, customer.id);
    expect(before.purchases[0]).toMatchObject({
      id: purchaseId,
      state: 'paid',
      withinRefundWindow: true,
      refundable: true,
      ageDays: 3,
    });

    const response = await operator.browser.submit(
      'post',
      `/admin/purchases/${purchaseId}/refund`,
      {
        reason: 'Bought the wrong package',
      },
    );
    expect(response.status).toBe(302);
    expect(callsFor(purchaseId)).toEqual([
      {
        purchaseId,
        providerTransactionId: 'txn_refund_once',
        source: 'paddle',
        amount: 14900,
        currency: 'USD',
        reason: 'Bought the wrong package',
        // Credited toward nothing: no override asked for, none given.
        overrideCredit: false,
      },
    ]);
    expect((await purchaseRow(purchaseId)).refund_requested_at).toBe(clock.now);
    const after = await customerPage(operator.browser, customer.id);
    expect(after.purchases[0]).toMatchObject({ state: 'refund-requested', refundedAt: null });
    expect(after.flash).toEqual({ success: MESSAGES.refundRequested });

    // The provider's webhook lands (fulfilment, issue 10, sets refunded_at).
    await db
      .updateTable('purchases')
      .set({ refunded_at: clock.now + 60_000 })
      .where('id', '=', purchaseId)
      .execute();
    const refunded = await customerPage(operator.browser, customer.id);
    expect(refunded.purchases[0]).toMatchObject({ state: 'refunded' });
    // Asked again afterwards: nothing goes to the provider.
    await operator.browser.submit('post', `/admin/purchases/${purchaseId}/refund`);
    expect(callsFor(purchaseId)).toHaveLength(1);

    const entries = (await store.auditOf('purchase.refund_request')).filter(
      (entry) => entry.subject_id === purchaseId,
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor_id: operator.id, customer_id: customer.id });
    expect(JSON.parse(entries[0]!.details)).toMatchObject({
      reason: 'Bought the wrong package',
      outsideWindow: false,
    });
  });

  it('calls the provider exactly once when the operator clicks many times at once', async () => {
    const operator = await store.admin();
    const colleague = await store.admin();
    const customer = await store.person('double-click');
    const { purchaseId } = await createPurchase(db, {
      userId: customer.id,
      createdAt: clock.now - DAY_MS,
    });
    const url = `/admin/purchases/${purchaseId}/refund`;
    const responses = await Promise.all([
      ...Array.from({ length: 4 }, () => operator.browser.submit('post', url)),
      colleague.browser.submit('post', url),
    ]);
    expect(responses.map((response) => response.status)).toEqual([302, 302, 302, 302, 302]);
    expect(callsFor(purchaseId)).toHaveLength(1);
    expect(callsFor(purchaseId)[0]!.reason).toBe(DEFAULT_REFUND_REASON);
    expect(
      (await store.auditOf('purchase.refund_request')).filter((e) => e.subject_id === purchaseId),
    ).toHaveLength(1);
  });

  it('claims the refund with a conditional update: racing requests that all read "not asked" call once', async () => {
    // Straight at the service, so every request has read the purchase before any writes: the
    // reads cannot be what stops the others (on SQLite the HTTP requests above rarely overlap).
    const service = backOfficeService({
      database: store.services.database,
      seams: { refund: refunds.refund, replay: () => Promise.resolve() },
      appUrl: store.config.appUrl,
      logger: pino({ level: 'silent' }),
      now: () => clock.now,
    });
    const operator = await store.admin();
    const customer = await store.person('race');
    const { purchaseId } = await createPurchase(db, {
      userId: customer.id,
      createdAt: clock.now - DAY_MS,
    });
    const actor = { id: operator.id, email: operator.email, ip: '198.51.100.7' };
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () =>
        service.requestRefund(actor, purchaseId, {
          reason: 'race',
          confirmOutsideWindow: false,
          confirmCredited: false,
        }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'requested')).toHaveLength(1);
    expect(outcomes.filter((o) => o.status === 'already-requested')).toHaveLength(5);
    expect(callsFor(purchaseId)).toHaveLength(1);
    const entries = (await store.auditOf('purchase.refund_request')).filter(
      (e) => e.subject_id === purchaseId,
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]!.ip).toBe('198.51.100.7');
  });

  it(`asks the operator to confirm a refund past the ${REFUND_WINDOW_DAYS}-day window`, async () => {
    const operator = await store.admin();
    const customer = await store.person('late');
    const { purchaseId } = await createPurchase(db, {
      userId: customer.id,
      createdAt: clock.now - (REFUND_WINDOW_DAYS + 5) * DAY_MS,
    });
    const page = await customerPage(operator.browser, customer.id);
    expect(page.purchases[0]).toMatchObject({ withinRefundWindow: false, ageDays: 35 });

    await operator.browser.submit('post', `/admin/purchases/${purchaseId}/refund`);
    expect(await flashAfter(operator.browser, `/admin/users/${customer.id}`)).toMatchObject({
      errors: { confirm_outside_window: MESSAGES.outsideWindow(35) },
    });
    expect(callsFor(purchaseId)).toEqual([]);
    expect((await purchaseRow(purchaseId)).refund_requested_at).toBeNull();

    await operator.browser.submit('post', `/admin/purchases/${purchaseId}/refund`, {
      confirm_outside_window: true,
    });
    expect(callsFor(purchaseId)).toHaveLength(1);
    const [entry] = (await store.auditOf('purchase.refund_request')).filter(
      (e) => e.subject_id === purchaseId,
    );
    expect(JSON.parse(entry!.details)).toMatchObject({ outsideWindow: true, ageDays: 35 });
  });

  it('lets the operator ask again when the provider refuses, and records the refusal', async () => {
    const operator = await store.admin();
    const customer = await store.person('provider-down');
    const { purchaseId } = await createPurchase(db, {
      userId: customer.id,
      createdAt: clock.now - DAY_MS,
    });
    refunds.failWith = new Error('The provider answered 503');
    try {
      await operator.browser.submit('post', `/admin/purchases/${purchaseId}/refund`);
    } finally {
      refunds.failWith = null;
    }
    expect(await flashAfter(operator.browser, `/admin/users/${customer.id}`)).toMatchObject({
      flash: { error: MESSAGES.refundFailed('The provider answered 503') },
    });
    expect((await purchaseRow(purchaseId)).refund_requested_at).toBeNull();
    const failures = (await store.auditOf('purchase.refund_failed')).filter(
      (e) => e.subject_id === purchaseId,
    );
    expect(failures).toHaveLength(1);
    expect(JSON.parse(failures[0]!.details)).toEqual({ error: 'The provider answered 503' });

    await operator.browser.submit('post', `/admin/purchases/${purchaseId}/refund`);
    expect(callsFor(purchaseId)).toHaveLength(2);
    expect((await purchaseRow(purchaseId)).refund_requested_at).not.toBeNull();
  });

  it('sends nothing to the provider for a marketplace purchase or one already refunded', async () => {
    const operator = await store.admin();
    const customer = await store.person('old-store');
    const marketplace = await createPurchase(db, {
      userId: customer.id,
      createdAt: clock.now - DAY_MS,
      transactionId: null,
    });
    const refunded = await createPurchase(db, {
      userId: customer.id,
      createdAt: clock.now - 2 * DAY_MS,
      refundedAt: clock.now - DAY_MS,
    });
    await operator.browser.submit('post', `/admin/purchases/${marketplace.purchaseId}/refund`);
    expect((await flashAfter(operator.browser, '/admin')).flash).toEqual({
      error: MESSAGES.notRefundable,
    });
    await operator.browser.submit('post', `/admin/purchases/${refunded.purchaseId}/refund`);
    expect((await flashAfter(operator.browser, '/admin')).flash).toEqual({
      error: MESSAGES.alreadyRefunded,
    });
    expect(callsFor(marketplace.purchaseId)).toEqual([]);
    expect(callsFor(refunded.purchaseId)).toEqual([]);
    const page = await customerPage(operator.browser, customer.id);
    expect(page.purchases.map((p) => [p.state, p.refundable])).toEqual([
      ['paid', false],
      ['refunded', true],
    ]);
    expect((await operator.browser.submit('post', '/admin/purchases/999999/refund')).status).toBe(
      404,
    );
  });

  it('says so, and changes nothing, while the payments module is not connected', async () => {
    const unconnected = await backOfficeApp({ connected: false });
    const operator = await unconnected.admin();
    const customer = await unconnected.person('not-yet');
    const { purchaseId } = await createPurchase(unconnected.db, {
      userId: customer.id,
      createdAt: unconnected.clock.now - DAY_MS,
    });
    await operator.browser.submit('post', `/admin/purchases/${purchaseId}/refund`);
    const { flash } = await flashAfter(operator.browser, `/admin/users/${customer.id}`);
    expect(flash).toEqual({
      error: MESSAGES.refundFailed('Refunding is not connected to the payments module yet.'),
    });
    const row = await unconnected.db
      .selectFrom('purchases')
      .select('refund_requested_at')
      .where('id', '=', purchaseId)
      .executeTakeFirstOrThrow();
    expect(row.refund_requested_at).toBeNull();
  });
});

describe(`the webhook log and replays (${TEST_DATABASE})`, () => {
  it('lists events newest first, filters by outcome and shows one event’s payload', async () => {
    const operator = await store.admin();
    const failed = await createWebhookEvent(db, {
      at: clock.now - 1000,
      outcome: 'failed',
      payload: { event_id: 'x', data: { id: 'txn_9', customer: { email: 'a@example.com' } } },
    });
    const applied = await createWebhookEvent(db, { at: clock.now, outcome: 'applied' });
    const all = (await operator.browser.visit('/admin/webhooks')).body as {
      props: AdminWebhooksPageProps;
    };
    const ids = all.props.events.map((event) => event.id);
    expect(ids.indexOf(applied.id)).toBeLessThan(ids.indexOf(failed.id));
    const onlyFailed = (await operator.browser.visit('/admin/webhooks?outcome=failed')).body as {
      props: AdminWebhooksPageProps;
    };
    expect(onlyFailed.props.outcome).toBe('failed');
    expect(onlyFailed.props.events.every((event) => event.outcome === 'failed')).toBe(true);
    expect(onlyFailed.props.events.map((event) => event.id)).toContain(failed.id);

    const detail = (await operator.browser.visit(`/admin/webhooks/${failed.id}`)).body as {
      component: string;
      props: AdminWebhookPageProps;
    };
    expect(detail.component).toBe('AdminWebhook');
    expect(detail.props.event).toMatchObject({
      eventId: failed.eventId,
      outcome: 'failed',
      error: 'No checkout for this transaction',
    });
    expect(detail.props.payload).toContain('\n  "data": {');
    expect(JSON.parse(detail.props.payload)).toMatchObject({ data: { id: 'txn_9' } });
    expect((await operator.browser.visit('/admin/webhooks/999999')).status).toBe(404);
  });

  it('replays an event through fulfilment; a second replay changes nothing; both are audited', async () => {
    const operator = await store.admin();
    const event = await createWebhookEvent(db, { at: clock.now - 5000, outcome: 'failed' });
    const url = `/admin/webhooks/${event.id}/replay`;
    const first = await operator.browser.submit('post', url);
    expect(first.status).toBe(302);
    expect((await flashAfter(operator.browser, `/admin/webhooks/${event.id}`)).flash).toEqual({
      success: MESSAGES.replayed('applied'),
    });
    const applied = await db
      .selectFrom('webhook_events')
      .selectAll()
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(applied).toMatchObject({ outcome: 'applied', error: null, processed_at: clock.now });

    clock.now += 60_000;
    try {
      await operator.browser.submit('post', url);
    } finally {
      clock.now -= 60_000;
    }
    const again = await db
      .selectFrom('webhook_events')
      .selectAll()
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(again).toEqual(applied);
    expect(replays.calls.filter((id) => id === event.id)).toHaveLength(2);
    const entries = (await store.auditOf('webhook.replay')).filter(
      (e) => e.subject_id === event.id,
    );
    expect(entries.map((e) => JSON.parse(e.details).outcomeBefore)).toEqual(['failed', 'applied']);
    expect((await operator.browser.submit('post', '/admin/webhooks/999999/replay')).status).toBe(
      404,
    );
  });
});
