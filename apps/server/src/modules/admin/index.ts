export { IMPERSONATION_REFUSED, impersonation, refuseWhileImpersonating } from './impersonation.ts';
export { adminRoutes } from './routes.ts';
export { type BackOfficeSeams, type RefundRequest } from './service.ts';
