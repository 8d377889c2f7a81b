export { checkoutRoutes } from './routes.ts';
