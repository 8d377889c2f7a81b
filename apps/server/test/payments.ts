import { testApp } from './helpers.ts';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { Express } from 'express';
import type { LicenseKind } from '@tessera/pages/constants';
import { listen, serverUrl } from '../src/server.ts';
import type { Services } from '../src/services.ts';
import type { CheckoutQuote } from '../src/modules/payments/index.ts';
import { signatureHeader } from '../src/modules/payments/index.ts';

/** A price row for a product (the pricing module seeds the real ones); returns the quote. */
export async function quoteFor(
  services: Services,
  options: {
    slug?: string;
    kind?: LicenseKind;
    amount?: number;
    upgradeLicenseId?: number | null;
  } = {},
): Promise<CheckoutQuote> {
  const { db } = services.database;
  const slug = options.slug ?? 'all-access';
  const kind = options.kind ?? 'personal';
  const amount = options.amount ?? 29_900;
  const product = await db
    .selectFrom('products')
    .select(['id', 'name'])
    .where('slug', '=', slug)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('prices')
    .values({ product_id: product.id, kind, amount, currency: 'USD' })
    .onConflict((conflict) => conflict.columns(['product_id', 'kind']).doNothing())
    .execute();
  const price = await db
    .selectFrom('prices')
    .select('id')
    .where('product_id', '=', product.id)
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();
  return {
    productId: product.id,
    priceId: price.id,
    productSlug: slug,
    productName: product.name,
    kind,
    amount,
    advertised: amount,
    currency: 'USD',
    upgradeLicenseId: options.upgradeLicenseId ?? null,
  };
}

/** The app on a real port: the sandbox delivers its webhooks there over HTTP. */
export async function listening(app: Express, services: Services) {
  const server: Server = await listen(app, { host: '127.0.0.1', port: 0 });
  const url = serverUrl(server);
  services.payments.listeningAt(url);
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function webhookSecret(services: Services): string {
  return services.payments.webhookSecrets[0]!;
}

export const eventId = () => `evt_${randomBytes(13).toString('hex')}`;

export function envelope(type: string, data: object, occurredAt = new Date()) {
  return {
    event_id: eventId(),
    event_type: type,
    occurred_at: occurredAt.toISOString(),
    notification_id: `ntf_${randomUUID()}`,
    data,
  };
}

export function transactionCompleted(
  transactionId: string,
  options: { customerId?: string | null; subtotal?: number; tax?: number; occurredAt?: Date } = {},
) {
  const subtotal = options.subtotal ?? 29_900;
  const tax = options.tax ?? 0;
  return envelope(
    'transaction.completed',
    {
      id: transactionId,
      status: 'completed',
      customer_id: options.customerId === undefined ? 'ctm_test' : options.customerId,
      custom_data: { checkout: 'x' },
      currency_code: 'USD',
      items: [{ price: { id: 'pri_1', unit_price: { amount: String(subtotal) } }, quantity: 1 }],
      details: {
        totals: {
          subtotal: String(subtotal),
          discount: '0',
          tax: String(tax),
          total: String(subtotal + tax),
        },
      },
    },
    options.occurredAt,
  );
}

export function customerEvent(
  customerId: string,
  email: string,
  occurredAt = new Date(),
  type: 'customer.created' | 'customer.updated' = 'customer.created',
) {
  return envelope(type, { id: customerId, email, status: 'active' }, occurredAt);
}

export function refundEvent(
  transactionId: string,
  options: { status?: string; type?: string; occurredAt?: Date } = {},
) {
  return envelope(
    'adjustment.created',
    {
      id: `adj_${randomBytes(8).toString('hex')}`,
      action: 'refund',
      type: options.type ?? 'full',
      status: options.status ?? 'approved',
      transaction_id: transactionId,
      reason: 'Requested by the buyer',
    },
    options.occurredAt,
  );
}

/** POSTs an event to the webhook endpoint, signed as Paddle would sign it now. */
export async function deliver(
  url: string,
  secret: string,
  event: object | string,
  options: { ts?: number; header?: string } = {},
) {
  const body = typeof event === 'string' ? event : JSON.stringify(event);
  const header = options.header ?? signatureHeader(secret, body, options.ts ?? Date.now() / 1000);
  const response = await fetch(`${url}/webhooks/paddle`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Paddle-Signature': header },
    body,
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as unknown };
}

export function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** Counts of what a transaction produced. */
export async function produced(services: Services, transactionId: string) {
  const { db } = services.database;
  const purchases = await db
    .selectFrom('purchases')
    .selectAll()
    .where('provider_transaction_id', '=', transactionId)
    .execute();
  const licenses = purchases.length
    ? await db
        .selectFrom('licenses')
        .selectAll()
        .where(
          'purchase_id',
          'in',
          purchases.map((p) => p.id),
        )
        .execute()
    : [];
  const mails = licenses.length
    ? await db
        .selectFrom('mail_jobs')
        .selectAll()
        .where((eb) => eb.or(licenses.map((license) => eb('payload', 'like', `%${license.key}%`))))
        .execute()
    : [];
  return { purchases, licenses, mails };
}

/** A test app listening on a port (the sandbox provider calls back to it), and how to stop it. */
export async function paymentsAppOnAPort() {
  const app = await testApp();
  const server = await listening(app.app, app.services);
  return { app, server };
}
