// Pricing: products and their prices, offers, owner pricing, and the quote that decides what
// a buyer pays.
export { parseCheckoutRequest } from './checkout-request.ts';
export { activeOffer, DEFAULT_BLACK_FRIDAY_WINDOW } from './offers.ts';
export { CORE_PRODUCTS, ensureProducts, productsRepository } from './products.ts';
export type { QuoteRefusal } from './quote.ts';
export { pricingRoutes } from './routes.ts';
export { createPricing, type Pricing } from './service.ts';
