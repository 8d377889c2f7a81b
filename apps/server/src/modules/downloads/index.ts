// Bulk downloads: a licensed package as one archive per code language; digital goods that are
// not components (the bundle's ebook) from the operator's folder.
export { downloadRoutes, goodsRoutes } from './routes.ts';
export { goodsDownloads, missingGoodsFiles } from './goods.ts';
export { downloadsFor } from './service.ts';
