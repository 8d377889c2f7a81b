import type { RequestHandler } from 'express';
import type { Db } from '../../db/database.ts';
import { policyFor, type AccessPolicy } from './service/policy.ts';

/**
 * `req.access()` and `req.entitlements()`: the policy, asked of the database at most once a
 * request and never kept beyond it (no cache that outlives a refund or a removal).
 */
export function accessPolicy(db: Db): RequestHandler {
  return (req, _res, next) => {
    let cached: Promise<AccessPolicy> | undefined;
    req.access = () => (cached ??= policyFor(db, req.user));
    req.entitlements = async () => (await req.access()).entitlements;
    next();
  };
}
