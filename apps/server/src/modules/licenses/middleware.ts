import type { RequestHandler } from 'express';
import type { Db } from '../../db/database.ts';
import { entitlementsFor, type Entitlements } from './entitlements.ts';

/** `req.entitlements()`: what the viewer may use, asked of the database at most once a request. */
export function entitlements(db: Db): RequestHandler {
  return (req, _res, next) => {
    let cached: Promise<Entitlements> | undefined;
    req.entitlements = () => (cached ??= entitlementsFor(db, req.user?.id));
    next();
  };
}
