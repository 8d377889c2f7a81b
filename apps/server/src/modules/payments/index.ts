// Payments: the provider (the sandbox or Paddle), checkouts, webhook fulfilment and purchases.
// The only writer of checkouts, purchases, payment customers and webhook events.
export { paymentRoutes, webhookRoutes } from './routes.ts';
export { sandboxCustomerId, sandboxIdFor } from './sandbox/ids.ts';
export { TEST_CARDS } from './sandbox/provider.ts';
export { sandboxRepository } from './sandbox/repository.ts';
export { sandboxRoutes } from './sandbox/routes.ts';
export { backOfficeSeams } from './service/back-office.ts';
export {
  isCheckoutHash,
  type CheckoutBuyer,
  type CheckoutQuote,
  type CheckoutsService,
} from './service/checkouts.ts';
export { createPayments, type Payments } from './service/payments.ts';
export { creditedRefusal, type StandingUpgrade } from './service/refunds.ts';
export { purchaseOperations } from './service/purchases.ts';
export { signatureHeader } from './service/signature.ts';
export { anonymisePurchases } from './service/erasure.ts';
