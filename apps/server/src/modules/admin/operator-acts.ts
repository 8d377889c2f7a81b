import type { Request } from 'express';
import type { DatabaseHandle } from '../../db/database.ts';
import type { User } from '../../db/schema.ts';
import { auditTrail, type AuditInput } from './repository/audit.ts';

/**
 * An operator's act made outside the back office (a receipt edited for a customer): its audit
 * entry, in its own transaction, written before the act. Other modules get this function
 * injected by app.ts and never write the audit trail themselves.
 */
export function operatorActs(database: DatabaseHandle, now: () => number) {
  return (req: Request, operator: User, input: AuditInput): Promise<void> =>
    database.writeTransaction((tx) =>
      auditTrail(tx, now).record({ id: operator.id, email: operator.email, ip: req.ip }, input),
    );
}
