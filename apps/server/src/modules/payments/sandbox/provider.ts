import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { DatabaseHandle } from '../../../db/database.ts';
import type { SandboxTransactionsTable } from '../../../db/schema.ts';
import type { Selectable } from 'kysely';
import type { CheckoutFrame, PaymentProvider, TransactionInput } from '../service/provider.ts';
import { enqueueNotifications, type Notification, type WebhookDeliverer } from './deliveries.ts';
import { SANDBOX_TRANSACTION_ID, sandboxCustomerId, sandboxId } from './ids.ts';
import { sandboxRepository } from './repository.ts';
import { isSandboxCountry, sandboxTax, SANDBOX_COUNTRIES } from './tax-rates.ts';

/**
 * The sandbox provider (the default): an inline checkout served by our own server in the frame,
 * its transactions in our database, and on payment the webhooks Paddle Billing would send,
 * delivered to our own endpoint over real HTTP. Every purchase journey runs offline.
 */

export type SandboxTransaction = Selectable<SandboxTransactionsTable>;

export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', label: 'Visa — payment succeeds', outcome: 'success' },
  { number: '4000 0000 0000 0002', label: 'Visa — card declined', outcome: 'declined' },
  {
    number: '4000 0027 6000 3184',
    label: 'Visa — bank asks to confirm, succeeds on the second try',
    outcome: 'retry',
  },
] as const;

export const DECLINED_MESSAGE = 'Your card was declined. Try another card.';
export const RETRY_MESSAGE =
  'Your bank asked to confirm this payment. Press Pay again to confirm it.';

const detailsSchema = z
  .object({
    email: z
      .string({ error: 'Enter your e-mail address.' })
      .trim()
      .toLowerCase()
      .pipe(z.email({ error: 'Enter a valid e-mail address.' }).max(254)),
    country: z
      .string({ error: 'Choose your country.' })
      .refine(isSandboxCountry, { error: 'Choose a country from the list.' }),
    postcode: z
      .string()
      .trim()
      .max(16, { error: 'A postcode has at most 16 characters.' })
      .regex(/^[A-Za-z0-9 -]*$/, { error: 'A postcode has letters, digits, spaces and dashes.' })
      .default(''),
  })
  .superRefine((details, ctx) => {
    if (details.country === 'US' && !/^\d{5}(-\d{4})?$/.test(details.postcode)) {
      ctx.addIssue({
        code: 'custom',
        path: ['postcode'],
        message: 'Enter a ZIP code (12345 or 12345-6789).',
      });
    }
  });

export interface SandboxPrices {
  currency: string;
  subtotal: number;
  total: number;
  total_tax: number;
}

export type DetailsResult =
  { ok: true; prices: SandboxPrices } | { ok: false; errors: Record<string, string> };

export type PayResult =
  | { status: 'completed' }
  | { status: 'declined'; message: string }
  | { status: 'retry'; message: string }
  | { status: 'invalid'; errors: Record<string, string> };

const iso = (ms: number) => new Date(ms).toISOString();

export function createSandboxProvider(deps: {
  database: DatabaseHandle;
  appUrl: string;
  chaos: boolean;
  deliverer: WebhookDeliverer;
  now?: () => number;
}) {
  const { database, deliverer } = deps;
  const now = deps.now ?? Date.now;
  const repo = () => sandboxRepository(database.db);

  function envelope(eventType: string, occurredAt: number, data: object): Notification {
    const eventId = sandboxId('evt');
    return {
      eventId,
      eventType,
      payload: JSON.stringify({
        event_id: eventId,
        event_type: eventType,
        occurred_at: iso(occurredAt),
        notification_id: sandboxId('ntf'),
        data,
      }),
    };
  }

  function customerData(id: string, email: string, at: number) {
    return {
      id,
      name: null,
      email,
      marketing_consent: false,
      status: 'active',
      custom_data: null,
      locale: 'en',
      created_at: iso(at),
      updated_at: iso(at),
      import_meta: null,
    };
  }

  function totals(txn: SandboxTransaction) {
    const tax = txn.tax ?? 0;
    return {
      subtotal: String(txn.amount),
      discount: '0',
      tax: String(tax),
      total: String(txn.amount + tax),
      credit: '0',
      credit_to_balance: '0',
      balance: '0',
      grand_total: String(txn.amount + tax),
      fee: null,
      earnings: null,
      currency_code: txn.currency,
    };
  }

  /** A Paddle Billing transaction entity, as `transaction.completed` carries it. */
  function transactionData(txn: SandboxTransaction, customerId: string, at: number) {
    const priceId = `pri_sandbox_${txn.product_slug.replace(/[^a-z0-9]/g, '')}_${txn.kind}`;
    const productId = `pro_sandbox_${txn.product_slug.replace(/[^a-z0-9]/g, '')}`;
    const unitPrice = { amount: String(txn.amount), currency_code: txn.currency };
    const sums = totals(txn);
    return {
      id: txn.id,
      status: 'completed',
      customer_id: customerId,
      address_id: null,
      business_id: null,
      custom_data: JSON.parse(txn.custom_data) as Record<string, string>,
      origin: 'web',
      collection_mode: 'automatic',
      subscription_id: null,
      invoice_id: null,
      invoice_number: null,
      billing_details: null,
      billing_period: null,
      currency_code: txn.currency,
      discount_id: null,
      created_at: iso(txn.created_at),
      updated_at: iso(at),
      billed_at: iso(at),
      items: [
        {
          price: {
            id: priceId,
            description: `${txn.product_name} (${txn.kind} licence)`,
            name: txn.product_name,
            product_id: productId,
            billing_cycle: null,
            trial_period: null,
            tax_mode: 'account_setting',
            unit_price: unitPrice,
            unit_price_overrides: [],
            quantity: { minimum: 1, maximum: 1 },
            status: 'active',
            custom_data: null,
          },
          quantity: 1,
          proration: null,
        },
      ],
      details: {
        tax_rates_used: [
          {
            tax_rate: String(
              (SANDBOX_COUNTRIES.find((c) => c.code === txn.country)?.rate ?? 0) / 100,
            ),
            totals: { subtotal: sums.subtotal, discount: '0', tax: sums.tax, total: sums.total },
          },
        ],
        totals: sums,
        adjusted_totals: null,
        payout_totals: null,
        adjusted_payout_totals: null,
        line_items: [
          {
            id: `txnitm_${txn.id.slice(4)}`,
            price_id: priceId,
            quantity: 1,
            proration: null,
            tax_rate: '0',
            unit_totals: {
              subtotal: sums.subtotal,
              discount: '0',
              tax: sums.tax,
              total: sums.total,
            },
            totals: { subtotal: sums.subtotal, discount: '0', tax: sums.tax, total: sums.total },
            product: { id: productId, name: txn.product_name, status: 'active' },
          },
        ],
      },
      payments: [
        {
          payment_attempt_id: randomUUID(),
          stored_payment_method_id: null,
          amount: sums.total,
          status: 'captured',
          error_code: null,
          method_details: { type: 'card', card: { type: 'visa', last4: '4242' } },
          created_at: iso(at),
          captured_at: iso(at),
        },
      ],
      checkout: { url: `${deps.appUrl}/sandbox-checkout/${txn.id}` },
    };
  }

  const provider = {
    name: 'sandbox' as const,

    async createTransaction(input: TransactionInput): Promise<{ transactionId: string }> {
      const id = sandboxId('txn');
      await repo().insert({
        id,
        product_name: input.productName,
        product_slug: input.productSlug,
        kind: input.kind,
        amount: input.amount,
        currency: input.currency,
        custom_data: JSON.stringify(input.customData),
        prefill_email: input.email,
        email: null,
        country: null,
        postcode: null,
        tax: null,
        customer_id: null,
        status: 'ready',
        business_address: null,
        created_at: now(),
        completed_at: null,
        refunded_at: null,
      });
      return { transactionId: id };
    },

    frame(transactionId: string): CheckoutFrame {
      return { provider: 'sandbox', url: `/sandbox-checkout/${transactionId}`, transactionId };
    },

    receiptUrl(transactionId: string): string {
      return `/sandbox-receipts/${transactionId}`;
    },

    async transaction(id: string): Promise<SandboxTransaction | undefined> {
      if (!SANDBOX_TRANSACTION_ID.test(id)) return undefined;
      return repo().byId(id);
    },

    /** The details step: who pays, where (the tax follows the country). */
    async submitDetails(id: string, body: unknown): Promise<DetailsResult | null> {
      const txn = await provider.transaction(id);
      if (!txn) return null;
      if (txn.status !== 'ready') {
        return { ok: false, errors: { form: 'This checkout is already paid.' } };
      }
      const parsed = detailsSchema.safeParse(body ?? {});
      if (!parsed.success) {
        const errors: Record<string, string> = {};
        for (const issue of parsed.error.issues)
          errors[String(issue.path[0] ?? 'form')] ??= issue.message;
        return { ok: false, errors };
      }
      const { email, country, postcode } = parsed.data;
      const tax = sandboxTax(txn.amount, country as Parameters<typeof sandboxTax>[1]);
      await repo().saveDetails(id, { email, country, postcode: postcode || null, tax });
      return {
        ok: true,
        prices: {
          currency: txn.currency,
          subtotal: txn.amount,
          total: txn.amount + tax,
          total_tax: tax,
        },
      };
    },

    /** The payment step with a test card; a success sends the webhooks Paddle would. */
    async pay(id: string, card: unknown): Promise<PayResult | null> {
      const digits = typeof card === 'string' ? card.replace(/[\s-]/g, '') : '';
      const testCard = TEST_CARDS.find((c) => c.number.replace(/\s/g, '') === digits);
      const result = await database.writeTransaction(async (tx): Promise<PayResult | null> => {
        const sandbox = sandboxRepository(tx);
        const txn = await sandbox.byId(id);
        if (!txn || !SANDBOX_TRANSACTION_ID.test(id)) return null;
        if (txn.status === 'completed') return { status: 'completed' };
        if (!txn.email) {
          return { status: 'invalid', errors: { form: 'Enter your details first.' } };
        }
        if (!testCard) {
          return { status: 'invalid', errors: { card: 'Use one of the test cards listed.' } };
        }
        if (testCard.outcome === 'declined')
          return { status: 'declined', message: DECLINED_MESSAGE };
        if (testCard.outcome === 'retry' && (await sandbox.countPayAttempt(id)) === 1) {
          return { status: 'retry', message: RETRY_MESSAGE };
        }
        const at = now();
        const customerId = sandboxCustomerId(txn.email);
        const returning = await sandbox.hasCompletedFor(customerId);
        if (!(await sandbox.complete(id, customerId, at))) return { status: 'completed' };
        const paid = { ...txn, status: 'completed', customer_id: customerId, completed_at: at };
        await enqueueNotifications(
          tx,
          [
            envelope(
              returning ? 'customer.updated' : 'customer.created',
              at,
              customerData(customerId, txn.email, at),
            ),
            envelope('transaction.completed', at, transactionData(paid, customerId, at)),
          ],
          { now: at, chaos: deps.chaos },
        );
        return { status: 'completed' };
      });
      if (result?.status === 'completed') deliverer.wake();
      return result;
    },

    /** Refunds in full: the store hears of it as an approved refund adjustment. */
    async refund(transactionId: string, reason: string): Promise<void> {
      await database.writeTransaction(async (tx) => {
        const sandbox = sandboxRepository(tx);
        const txn = await sandbox.byId(transactionId);
        if (!txn || txn.status !== 'completed') {
          throw new Error(
            `Sandbox transaction ${transactionId} is not completed: nothing to refund`,
          );
        }
        const at = now();
        if (!(await sandbox.markRefunded(transactionId, at))) return;
        const sums = totals(txn);
        await enqueueNotifications(
          tx,
          [
            envelope('adjustment.created', at, {
              id: sandboxId('adj'),
              action: 'refund',
              type: 'full',
              transaction_id: txn.id,
              subscription_id: null,
              customer_id: txn.customer_id,
              reason,
              credit_applied_to_balance: null,
              currency_code: txn.currency,
              status: 'approved',
              items: [],
              totals: {
                subtotal: sums.subtotal,
                tax: sums.tax,
                total: sums.total,
                fee: '0',
                earnings: '0',
                currency_code: txn.currency,
              },
              payout_totals: null,
              created_at: iso(at),
              updated_at: iso(at),
            }),
          ],
          { now: at, chaos: deps.chaos },
        );
      });
      deliverer.wake();
    },

    async setBusinessAddress(id: string, address: string): Promise<boolean> {
      return repo().setBusinessAddress(id, address);
    },
  } satisfies PaymentProvider & Record<string, unknown>;
  return provider;
}

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;
