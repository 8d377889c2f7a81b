// Bulk downloads: a licensed package as one archive per code language.
export { downloadRoutes } from './routes.ts';
export { downloadsFor } from './service.ts';
