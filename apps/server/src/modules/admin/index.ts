// The back office: customers, their purchases, licences and teams, refunds, webhook replays,
// impersonation and the audit trail. Every act is audited in the transaction that makes it.
export { impersonation } from './middleware.ts';
export { impersonationPolicy, impersonationRuleFor, IMPERSONATION_RULES } from './impersonation.ts';
export { adminRoutes } from './routes.ts';
export { operatorActs } from './operator-acts.ts';
export type { BackOfficeQueue, BackOfficeSeams, RefundRequest } from './service.ts';
