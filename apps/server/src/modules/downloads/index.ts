export { downloadsFor } from './archive.ts';
export { downloadRoutes } from './routes.ts';
