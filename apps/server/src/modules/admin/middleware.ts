import type { Request, RequestHandler, Response } from 'express';
import { IMPERSONATION_REAUTH_MINUTES } from '@tessera/pages/constants';
import type { Db } from '../../db/database.ts';
import type { User } from '../../db/schema.ts';
import { regenerateSession } from '../../http/session/session.ts';
import type { CookieSettings } from '../auth/index.ts';
import { usersRepository } from '../auth/index.ts';

/**
 * Impersonation (decision 011). The session stays the operator's: `session.userId` is the
 * admin (so the session is indexed, counted and ended as theirs, and the CSRF token stays
 * bound to them) and `session.impersonatedUserId` names the customer. Per request,
 * `req.user` becomes the customer, so every page, guard and entitlement sees exactly what the
 * customer sees, and `req.impersonator` keeps the admin beside them.
 */
export function impersonation(db: Db): RequestHandler {
  const users = usersRepository(db);
  return async (req, _res, next) => {
    req.impersonator = null;
    const targetId = req.session.impersonatedUserId;
    if (targetId === undefined) return next();
    const admin = req.user;
    const target = admin?.is_admin ? await users.findById(targetId) : undefined;
    // The operator lost the role, the customer became an admin or is gone: it ends here.
    if (!admin?.is_admin || !target || target.is_admin) {
      delete req.session.impersonatedUserId;
      return next();
    }
    req.impersonator = admin;
    req.user = target;
    next();
  };
}

const REAUTH_MS = IMPERSONATION_REAUTH_MINUTES * 60 * 1000;

/** The password was entered in this session within IMPERSONATION_REAUTH_MINUTES. */
export function recentlyAuthenticated(req: Request, now: number): boolean {
  const at = req.session.passwordConfirmedAt;
  return at !== undefined && now - at >= 0 && now - at <= REAUTH_MS;
}

export function impersonationRefusal(target: Pick<User, 'is_admin'>): string | null {
  return target.is_admin ? 'An administrator cannot be impersonated.' : null;
}

/**
 * Switches the session to act as `target` (or back, with null), under a new session id: what
 * the session had been is not carried into what it becomes. Only the operator's own sign-in
 * facts (their remember-me selector, when they last entered the password) travel along.
 */
export async function switchSession(
  req: Request,
  res: Response,
  admin: User,
  target: User | null,
  cookies: CookieSettings,
): Promise<void> {
  const { rememberSelector, passwordConfirmedAt } = req.session;
  await regenerateSession(req);
  req.session.userId = admin.id;
  if (target) req.session.impersonatedUserId = target.id;
  if (rememberSelector) req.session.rememberSelector = rememberSelector;
  if (passwordConfirmedAt !== undefined) req.session.passwordConfirmedAt = passwordConfirmedAt;
  cookies.csrf.rotate(req, res);
}
