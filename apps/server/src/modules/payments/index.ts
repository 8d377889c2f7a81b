// Payments: the provider (sandbox or Paddle), checkouts, webhook fulfilment, purchases.
export { backOfficeSeams } from './back-office.ts';
export {
  isCheckoutHash,
  type CheckoutBuyer,
  type CheckoutQuote,
  type CheckoutsService,
} from './checkouts.ts';
export { purchaseOperations } from './purchases.ts';
export { paymentRoutes } from './routes.ts';
export { sandboxRoutes } from './sandbox/routes.ts';
export { createPayments, type Payments } from './service.ts';
export { signatureHeader } from './signature.ts';
export { webhookRoutes } from './webhook-routes.ts';
export { sandboxCustomerId, sandboxIdFor } from './sandbox/ids.ts';
export { TEST_CARDS } from './sandbox/provider.ts';
export { sandboxRepository } from './sandbox/repository.ts';
