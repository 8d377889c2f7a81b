import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/sign-in.ts';
import { TestBrowser } from '../../../test/browser.ts';
import { testApp } from '../../../test/helpers.ts';
import { listening, quoteFor } from '../../../test/payments.ts';
import { TEST_DATABASE } from '../../../test/services.ts';
import {
  completeSecondStep,
  enrolSecondFactor,
  TEST_APP_NOW,
} from '../../../test/second-factor.ts';
import { createUser, uniqueEmail } from '../../../test/users.ts';
import { TEST_CARDS } from './sandbox/provider.ts';

type App = Awaited<ReturnType<typeof testApp>>;
const PASSWORD = 'a-long-password-123';

let app: App;
let server: Awaited<ReturnType<typeof listening>>;

beforeAll(async () => {
  app = await testApp();
  server = await listening(app.app, app.services);
});
afterAll(async () => {
  await server?.close();
});

/** An operator with a second factor (decision 045), signed in through both steps. */
async function signedInOperator(name: string) {
  const email = uniqueEmail(name);
  const id = await createUser(app.services, email, PASSWORD);
  const { database } = app.services;
  await database.db.updateTable('users').set({ is_admin: 1 }).where('id', '=', id).execute();
  await enrolSecondFactor(database, app.config.sessionSecret, id, Date.now);
  return signIn(app.app, email, PASSWORD, {
    confirm: true,
    secondStep: (browser) => completeSecondStep(browser, database.db, id, TEST_APP_NOW),
  });
}

/** A customer buys Ecommerce in the sandbox; the webhooks land. */
async function bought() {
  const email = uniqueEmail('refundee');
  const id = await createUser(app.services, email, PASSWORD);
  const quote = await quoteFor(app.services, { slug: 'ecommerce', amount: 14_900 });
  const started = await app.services.payments.checkouts.startCheckout(quote, { id, email });
  const browser = new TestBrowser(app.app);
  const frame = `/sandbox-checkout/${started.transactionId}`;
  await browser.submit('post', `${frame}/details`, { email, country: 'US', postcode: '10001' });
  expect(
    (await browser.submit('post', `${frame}/pay`, { card: TEST_CARDS[0].number })).status,
  ).toBe(200);
  await app.services.payments.deliverer!.drain();
  const { db } = app.services.database;
  const purchase = await db
    .selectFrom('purchases')
    .selectAll()
    .where('provider_transaction_id', '=', started.transactionId)
    .executeTakeFirstOrThrow();
  return { purchase, transactionId: started.transactionId };
}

describe(`the back office's payment actions go through the provider (${TEST_DATABASE})`, () => {
  it('refunds once through the sandbox provider, even when the operator clicks twice at once', async () => {
    const { db } = app.services.database;
    const operator = await signedInOperator('operator');
    const { purchase, transactionId } = await bought();

    const clicks = await Promise.all(
      [1, 2].map(() =>
        operator.submit('post', `/admin/purchases/${purchase.id}/refund`, {
          reason: 'Bought the wrong package',
        }),
      ),
    );
    expect(clicks.map((click) => click.status)).toEqual([302, 302]);
    await app.services.payments.deliverer!.drain();

    const adjustments = await db
      .selectFrom('sandbox_webhook_deliveries')
      .select('event_type')
      .where('payload', 'like', `%${transactionId}%`)
      .where('event_type', 'like', 'adjustment.%')
      .execute();
    expect(adjustments).toHaveLength(1);
    const after = await db
      .selectFrom('purchases')
      .select(['refunded_at', 'refund_requested_at'])
      .where('id', '=', purchase.id)
      .executeTakeFirstOrThrow();
    expect(after.refunded_at).not.toBeNull();
    const licence = await db
      .selectFrom('licenses')
      .select(['is_active', 'deactivation_reason'])
      .where('purchase_id', '=', purchase.id)
      .executeTakeFirstOrThrow();
    expect(licence).toEqual({ is_active: 0, deactivation_reason: 'refund' });
  });

  it('replays a stored event through fulfilment, which changes nothing the second time', async () => {
    const { db } = app.services.database;
    const operator = await signedInOperator('replayer');
    const { transactionId } = await bought();
    const event = await db
      .selectFrom('webhook_events')
      .select('id')
      .where('event_type', '=', 'transaction.completed')
      .where('payload', 'like', `%${transactionId}%`)
      .executeTakeFirstOrThrow();
    const replayed = await operator.submit('post', `/admin/webhooks/${event.id}/replay`);
    expect(replayed.status).toBe(302);
    const page = await operator.visit(`/admin/webhooks/${event.id}`);
    expect((page.body as { flash: { error?: string } }).flash.error).toBeUndefined();
    const counts = await Promise.all(
      (['purchases', 'licenses'] as const).map((table) =>
        db
          .selectFrom(table)
          .select('id')
          .where(
            table === 'purchases' ? 'provider_transaction_id' : 'purchase_id',
            table === 'purchases' ? '=' : 'in',
            table === 'purchases'
              ? transactionId
              : db
                  .selectFrom('purchases')
                  .select('id')
                  .where('provider_transaction_id', '=', transactionId),
          )
          .execute(),
      ),
    );
    expect(counts.map((rows) => rows.length)).toEqual([1, 1]);
  });
});
