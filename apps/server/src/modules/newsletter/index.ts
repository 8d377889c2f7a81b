export { newsletterRoutes } from './routes.ts';
