// The checkout page: the quote for this buyer, fixed in the provider's transaction.
export { checkoutRoutes } from './routes.ts';
