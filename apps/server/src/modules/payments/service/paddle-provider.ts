import {
  Environment,
  LogLevel,
  Paddle,
  type CreateTransactionRequestBody,
} from '@paddle/paddle-node-sdk';
import type { CheckoutFrame, PaymentProvider, TransactionInput } from './provider.ts';

/**
 * Paddle Billing through its Node SDK. The price is a non-catalogue price made for this one
 * transaction (the amount the pricing module decided), so nothing in Paddle's catalogue has to
 * mirror ours and the browser can never change what is charged: Paddle.js opens the checkout by
 * this transaction's id. No test talks to Paddle; `paddleTransactionRequest` is what is tested.
 */

export function paddleTransactionRequest(input: TransactionInput): CreateTransactionRequestBody {
  return {
    items: [
      {
        quantity: 1,
        price: {
          name: input.productName,
          description: `${input.productName} (${input.kind} licence)`,
          unitPrice: { amount: String(input.amount), currencyCode: input.currency as 'USD' },
          // Our prices are shown "plus local taxes": Paddle adds the buyer's tax on top.
          taxMode: 'external',
          quantity: { minimum: 1, maximum: 1 },
          product: {
            name: input.productName,
            // Always available to an account; other categories need Paddle's approval.
            taxCategory: 'standard',
            customData: { slug: input.productSlug },
          },
          customData: { kind: input.kind },
        },
      },
    ],
    currencyCode: input.currency as 'USD',
    collectionMode: 'automatic',
    customData: input.customData,
  };
}

export function createPaddleProvider(options: {
  apiKey: string;
  clientToken: string;
  environment: 'sandbox' | 'production';
  appUrl: string;
}) {
  const paddle = new Paddle(options.apiKey, {
    environment:
      options.environment === 'production' ? Environment.production : Environment.sandbox,
    // The SDK logs request bodies at verbose levels; never let it log at all.
    logLevel: LogLevel.none,
  });
  return {
    name: 'paddle' as const,

    async createTransaction(input: TransactionInput): Promise<{ transactionId: string }> {
      const transaction = await paddle.transactions.create(paddleTransactionRequest(input));
      return { transactionId: transaction.id };
    },

    frame(transactionId: string): CheckoutFrame {
      return {
        provider: 'paddle',
        transactionId,
        clientToken: options.clientToken,
        environment: options.environment,
      };
    },

    async refund(transactionId: string, reason: string): Promise<void> {
      await paddle.adjustments.create({ action: 'refund', type: 'full', transactionId, reason });
    },

    /** Paddle's invoice links expire: the purchase keeps ours, which asks for a fresh one. */
    receiptUrl(transactionId: string): string {
      return `/receipts/${transactionId}`;
    },

    async invoiceUrl(transactionId: string): Promise<string> {
      const invoice = await paddle.transactions.getInvoicePDF(transactionId, {
        disposition: 'inline',
      });
      return invoice.url;
    },
  } satisfies PaymentProvider & Record<string, unknown>;
}
