export { itemName } from './names.ts';
export { registryRoutes } from './routes.ts';
