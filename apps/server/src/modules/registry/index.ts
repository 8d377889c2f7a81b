// The shadcn registry: components as registry items, for a personal access token.
export { registryRoutes } from './routes.ts';
export { itemName } from './service/names.ts';
