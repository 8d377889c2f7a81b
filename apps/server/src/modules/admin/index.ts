// The back office: customers, their purchases, licences and teams, refunds, webhook replays,
// impersonation and the audit trail. Every act is audited in the transaction that makes it.
export { impersonation } from './middleware.ts';
export { adminRoutes } from './routes.ts';
export type { BackOfficeSeams, RefundRequest } from './service.ts';
