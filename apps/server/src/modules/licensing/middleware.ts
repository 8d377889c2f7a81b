import type { RequestHandler } from 'express';
import type { Db } from '../../db/database.ts';
import type { StoreMode } from './repository/licenses.ts';
import { policyFor, type AccessPolicy } from './service/policy.ts';

/**
 * `req.access()` and `req.entitlements()`: the policy, asked of the database at most once a
 * request and never kept beyond it (no cache that outlives a refund or a removal).
 */
export function accessPolicy(db: Db, mode: StoreMode): RequestHandler {
  return (req, _res, next) => {
    let cached: Promise<AccessPolicy> | undefined;
    req.access = () => (cached ??= policyFor(db, req.user, mode));
    req.entitlements = async () => (await req.access()).entitlements;
    next();
  };
}
