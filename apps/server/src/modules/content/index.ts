export { contentRoutes } from './routes.ts';
