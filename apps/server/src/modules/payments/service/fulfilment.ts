import { LICENSE_URL, PRODUCT_DIGITAL_GOODS } from '@tessera/pages/constants';
import type { DatabaseHandle, Tx } from '../../../db/database.ts';
import type { Logger } from '../../../logger.ts';
import { enqueueMail } from '../../../mail/queue.ts';
import { usersRepository } from '../../auth/index.ts';
import { isTeamKind, licenseMail, licenseOperations as licenses } from '../../licensing/index.ts';
import { productsRepository } from '../../pricing/index.ts';
import { formatAmount } from '../../shared/index.ts';
import {
  adjustmentData,
  customerData,
  transactionData,
  transactionIdOf,
  webhookEnvelope,
  type WebhookEnvelope,
} from '../schemas.ts';
import type { PaymentProvider } from './provider.ts';
import { checkoutsRepository } from '../repository/checkouts.ts';
import { purchaseCreditsRepository } from '../repository/credits.ts';
import { customersRepository } from '../repository/customers.ts';
import { purchasesRepository } from '../repository/purchases.ts';
import {
  webhookEventsRepository,
  type EventOutcome,
  type EventRecord,
} from '../repository/webhook-events.ts';

/**
 * Applies the provider's webhook events, exactly once (decision 006).
 *
 * Each delivery is one database transaction: the event's row (unique event id), and whatever it
 * changes — purchase, licence, the old licence of an upgrade, the licence e-mail job — commit
 * together or not at all. A redelivered event finds its row already applied and changes nothing;
 * two deliveries at once meet on the event's unique key (PostgreSQL makes the second wait for the
 * first's commit) and on the checkout's conditional status update.
 */

/** The event names a real change we cannot make now (unknown transaction, unreadable data). */
class UnprocessableEventError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnprocessableEventError';
  }
}

export type ReceiveResult =
  { status: 200; outcome: EventOutcome; duplicate: boolean } | { status: 422 | 503; error: string };

export interface FulfilmentDeps {
  database: DatabaseHandle;
  provider: PaymentProvider;
  appUrl: string;
  logger: Logger;
  /** The store takes test payments (decision 040): what it sells is marked test. */
  testMode: boolean;
  now?: () => number;
}

export function createFulfilment(deps: FulfilmentDeps) {
  const { database, provider, logger } = deps;
  const now = deps.now ?? Date.now;

  async function fulfil(tx: Tx, event: WebhookEnvelope): Promise<EventOutcome> {
    const parsed = transactionData.safeParse(event.data);
    if (!parsed.success) throw new UnprocessableEventError('unreadable transaction data');
    const data = parsed.data;
    const checkouts = checkoutsRepository(tx, database.engine);
    const checkout = await checkouts.lockByTransaction(data.id);
    if (!checkout) throw new UnprocessableEventError(`unknown transaction ${data.id}`);
    const at = now();
    // The gate: of every event completing this transaction, one moves the checkout.
    if (!(await checkouts.markCompleted(checkout.id, at))) return 'ignored';

    const product = await productsRepository(tx).byId(checkout.product_id);
    const buyer = checkout.user_id
      ? await usersRepository(tx).findById(checkout.user_id)
      : undefined;
    const customerEmail = data.customer_id
      ? await customersRepository(tx, database.engine).lockEmail(
          provider.name,
          data.customer_id,
          at,
        )
      : null;
    // A signed-in buyer's purchase belongs to their account and its address; a visitor's to the
    // address they gave the provider (its customer record, perhaps still on its way).
    const buyerEmail = buyer?.email ?? customerEmail;
    const { subtotal, tax, total } = data.details.totals;
    if (subtotal !== checkout.amount) {
      logger.warn(
        { transaction: data.id, quoted: checkout.amount, subtotal },
        'A completed transaction differs from the price fixed at checkout',
      );
    }
    const purchaseId = await purchasesRepository(tx).insert({
      userId: checkout.user_id,
      productId: checkout.product_id,
      amount: total - tax,
      tax,
      currency: data.currency_code,
      source: provider.name,
      receiptUrl: provider.receiptUrl(data.id),
      transactionId: data.id,
      checkoutId: checkout.id,
      buyerEmail,
      customerId: data.customer_id ?? null,
      testMode: deps.testMode,
      now: at,
    });
    // A signed-in buyer's own licence is theirs at once; a team or classroom licence waits for
    // its owner to name the team, and a visitor's for them to redeem it.
    const connect = buyer && !isTeamKind(checkout.kind);
    const goods = (product && PRODUCT_DIGITAL_GOODS[product.slug]) ?? [];
    const { key } = await licenses.issue(tx, {
      productId: checkout.license_product_id ?? checkout.product_id,
      purchaseId,
      userId: connect ? buyer.id : null,
      kind: checkout.kind,
      buyerEmail,
      redeemedAt: connect ? at : null,
      testMode: deps.testMode,
      now: at,
      // What the product hands over besides code (the bundle's ebook), with the licence.
      goods,
    });
    if (checkout.upgrade_license_id !== null) {
      await licenses.deactivate(tx, { id: checkout.upgrade_license_id }, 'upgrade', at);
    }
    if (buyerEmail) {
      const mail = licenseMail({
        recipient: buyerEmail,
        productName: product?.name ?? 'your purchase',
        key,
        appUrl: deps.appUrl,
        upgrade: checkout.upgrade_license_id !== null,
        goods,
      });
      await enqueueMail(tx, mail, at);
    }
    // A refund that arrived first was held for this moment.
    const events = webhookEventsRepository(tx);
    for (const held of await events.heldFor(data.id)) {
      const envelope = webhookEnvelope.parse(JSON.parse(held.payload));
      const outcome = await refund(tx, envelope);
      await events.finish(held.event_id, outcome, at);
    }
    return 'applied';
  }

  async function paymentFailed(tx: Tx, event: WebhookEnvelope): Promise<EventOutcome> {
    const id = transactionIdOf(event);
    if (!id) throw new UnprocessableEventError('unreadable transaction data');
    const checkouts = checkoutsRepository(tx, database.engine);
    const checkout = await checkouts.lockByTransaction(id);
    if (!checkout) throw new UnprocessableEventError(`unknown transaction ${id}`);
    return (await checkouts.markFailed(checkout.id)) ? 'applied' : 'ignored';
  }

  async function refund(tx: Tx, event: WebhookEnvelope): Promise<EventOutcome> {
    const parsed = adjustmentData.safeParse(event.data);
    if (!parsed.success) throw new UnprocessableEventError('unreadable adjustment data');
    const data = parsed.data;
    // Only an approved full refund takes the licence back (the store refunds in full, never in part);
    // credits, chargebacks and partial goodwill refunds are the operator's business.
    if (data.action !== 'refund' || data.status !== 'approved' || data.type === 'partial') {
      return 'ignored';
    }
    const checkout = await checkoutsRepository(tx, database.engine).lockByTransaction(
      data.transaction_id,
    );
    const purchases = purchasesRepository(tx);
    const purchase = await purchases.byTransaction(data.transaction_id);
    if (!purchase) {
      if (checkout) return 'held';
      throw new UnprocessableEventError(`unknown transaction ${data.transaction_id}`);
    }
    const at = event.occurred_at;
    // What stood on this purchase's credit, read before it is marked refunded (decision 041).
    const standing = await purchaseCreditsRepository(tx).standingOn(purchase.id);
    if (!(await purchases.markRefunded(purchase.id, at, data.reason ?? null))) return 'ignored';
    await licenses.deactivate(tx, { purchaseId: purchase.id }, 'refund', at);
    // An upgrade never stays for less than its price: the refund of a purchase it was credited
    // takes its licence away ('other': an operator may give it back, audited), and the licence
    // it replaced comes back if that one was not refunded.
    for (const upgrade of standing) {
      await licenses.deactivate(tx, { purchaseId: upgrade.purchaseId }, 'other', at);
      const upgradeCheckout = await purchases.checkoutOf(upgrade.purchaseId);
      if (upgradeCheckout?.upgrade_license_id) {
        await licenses.restoreAfterUpgradeRefund(tx, upgradeCheckout.upgrade_license_id);
      }
      logger.warn(
        { purchase: purchase.id, upgrade: upgrade.purchaseId, credit: upgrade.credit },
        'A refunded purchase was credited toward an upgrade: the upgrade is deactivated',
      );
    }
    await licenses.revokeGoods(tx, purchase.id, at);
    if (checkout?.upgrade_license_id) {
      await licenses.restoreAfterUpgradeRefund(tx, checkout.upgrade_license_id);
    }
    // The person is told, with the refund (the account the purchase is on, else its buyer).
    const owner = purchase.user_id ? await usersRepository(tx).findById(purchase.user_id) : null;
    const recipient = owner?.email ?? purchase.buyer_email;
    if (recipient) {
      const [license] = await licenses.ofPurchase(tx, purchase.id);
      const product = await productsRepository(tx).byId(purchase.product_id);
      await enqueueMail(
        tx,
        {
          template: 'refund',
          recipient,
          payload: {
            productName: product?.name ?? 'your purchase',
            licenseKey: license?.key ?? null,
            amount: formatAmount(purchase.amount + purchase.tax, purchase.currency, 'en-US'),
            licenseUrl: `${deps.appUrl}${LICENSE_URL}`,
          },
        },
        now(),
      );
    }
    return 'applied';
  }

  async function customer(tx: Tx, event: WebhookEnvelope): Promise<EventOutcome> {
    const parsed = customerData.safeParse(event.data);
    if (!parsed.success) throw new UnprocessableEventError('unreadable customer data');
    const { id, email: given } = parsed.data;
    const at = now();
    const customers = customersRepository(tx, database.engine);
    await customers.upsert({
      provider: provider.name,
      customerId: id,
      email: given,
      occurredAt: event.occurred_at,
      now: at,
    });
    // The newest address we know (an older event arriving late does not win).
    const email = (await customers.email(id)) ?? given;
    const purchases = purchasesRepository(tx);
    for (const purchase of await purchases.awaitingEmail(id)) {
      if (!(await purchases.setBuyerEmail(purchase.id, email))) continue;
      await licenses.setBuyerEmail(tx, purchase.id, email);
      if (purchase.refunded_at !== null) continue;
      const [license] = await licenses.ofPurchase(tx, purchase.id);
      if (!license) continue;
      const checkout = purchase.checkout_id
        ? await checkoutsRepository(tx, database.engine).byId(purchase.checkout_id)
        : undefined;
      const goods = await licenses.goodsOfPurchase(tx, purchase.id);
      const mail = licenseMail({
        recipient: email,
        productName: license.product_name,
        key: license.key,
        appUrl: deps.appUrl,
        upgrade: Boolean(checkout?.upgrade_license_id),
        goods: goods.map((row) => row.goods),
      });
      await enqueueMail(tx, mail, at);
    }
    return 'applied';
  }

  function apply(tx: Tx, event: WebhookEnvelope): Promise<EventOutcome> {
    switch (event.event_type) {
      case 'transaction.completed':
        return fulfil(tx, event);
      case 'transaction.payment_failed':
        return paymentFailed(tx, event);
      case 'adjustment.created':
      case 'adjustment.updated':
        return refund(tx, event);
      case 'customer.created':
      case 'customer.updated':
        return customer(tx, event);
      default:
        return Promise.resolve('ignored');
    }
  }

  function recordOf(event: WebhookEnvelope, payload: string): EventRecord {
    return {
      provider: provider.name,
      eventId: event.event_id,
      eventType: event.event_type,
      occurredAt: event.occurred_at,
      transactionId: transactionIdOf(event),
      payload,
    };
  }

  /** One delivery of a verified event (`payload` is the raw body, kept for replay). */
  async function receive(event: WebhookEnvelope, payload: string): Promise<ReceiveResult> {
    const record = recordOf(event, payload);
    try {
      return await database.writeTransaction(async (tx) => {
        // Locks in one order for every event: the transaction's checkout first, then event rows.
        // (A refund's redelivery holding its event row while waiting for the checkout, and the
        // purchase holding the checkout while finishing that held refund, would deadlock.)
        if (record.transactionId) {
          await checkoutsRepository(tx, database.engine).lockByTransaction(record.transactionId);
        }
        const events = webhookEventsRepository(tx);
        const before = await events.begin(record, now());
        if (before === 'applied' || before === 'ignored') {
          return { status: 200, outcome: before, duplicate: true } as const;
        }
        const outcome = await apply(tx, event);
        await events.finish(event.event_id, outcome, now());
        return { status: 200, outcome, duplicate: false } as const;
      });
    } catch (error) {
      const unprocessable = error instanceof UnprocessableEventError;
      const reason = error instanceof Error ? error.message : String(error);
      if (unprocessable) {
        logger.warn(
          { event: event.event_id, type: event.event_type, reason },
          'Webhook not applied',
        );
      } else {
        logger.error({ err: error, event: event.event_id }, 'Webhook could not be applied');
      }
      // Recorded on its own, so the operator sees it; if the database is down, so is this.
      await webhookEventsRepository(database.db)
        .recordFailure(record, reason.slice(0, 2000), now())
        .catch(() => undefined);
      return unprocessable
        ? { status: 422, error: reason }
        : { status: 503, error: 'The event could not be applied now; deliver it again.' };
    }
  }

  /** Applies a stored event again (the operator's replay of a failed or held event). */
  async function replay(eventId: string): Promise<ReceiveResult | null> {
    const row = await webhookEventsRepository(database.db).byEventId(eventId);
    if (!row) return null;
    const event = webhookEnvelope.parse(JSON.parse(row.payload));
    return receive(event, row.payload);
  }

  return { receive, replay };
}

export type Fulfilment = ReturnType<typeof createFulfilment>;
