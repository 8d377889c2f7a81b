// Pricing: products and their prices, offers, owner pricing, and the quote that decides what
// a buyer pays.
export { parseCheckoutRequest } from './schemas.ts';
export { activeOffer, DEFAULT_BLACK_FRIDAY_WINDOW } from './service/offers.ts';
export { CORE_PRODUCTS, ensureProducts, productsRepository } from './service/products.ts';
export type { QuoteRefusal } from './service/quote.ts';
export { pricingRoutes } from './routes.ts';
export { createPricing, type Pricing } from './service/pricing.ts';
