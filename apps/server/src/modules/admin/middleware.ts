import type { Request, RequestHandler, Response } from 'express';
import {
  IMPERSONATION_REAUTH_MINUTES,
  SECOND_FACTOR_REQUIRED_FOR_ADMINS,
} from '@tessera/pages/constants';
import type { Db } from '../../db/database.ts';
import type { User } from '../../db/schema.ts';
import { regenerateSession } from '../../http/session/session.ts';
import { ForbiddenError } from '../../http/errors.ts';
import type { AuthService, CookieSettings } from '../auth/index.ts';
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

function recent(at: number | undefined, now: number): boolean {
  return at !== undefined && now - at >= 0 && now - at <= REAUTH_MS;
}

/**
 * Both the password and a second factor were proven in this session within
 * IMPERSONATION_REAUTH_MINUTES (decision 045): a remembered browser, or a session that only
 * typed the password, is not recent.
 */
export function recentlyAuthenticated(req: Request, now: number): boolean {
  return (
    recent(req.session.passwordConfirmedAt, now) && recent(req.session.secondFactorConfirmedAt, now)
  );
}

/**
 * An operator without a second factor gets only its enrolment (decision 045): a page of the
 * back office sends them to the account page, anything else is refused.
 */
export function requireSecondFactor(auth: AuthService): RequestHandler {
  return async (req, res, next) => {
    const admin = req.user;
    if (!admin || (await auth.secondFactors.required(admin.id))) return next();
    if (req.method === 'GET' || req.method === 'HEAD') return res.redirect('/account-settings');
    next(new ForbiddenError(SECOND_FACTOR_REQUIRED_FOR_ADMINS));
  };
}

export function impersonationRefusal(target: Pick<User, 'is_admin'>): string | null {
  return target.is_admin ? 'An administrator cannot be impersonated.' : null;
}

/**
 * Switches the session to act as `target` (or back, with null), under a new session id: what
 * the session had been is not carried into what it becomes. Only the operator's own sign-in
 * facts (their remember-me selector, when they last entered the password and a second factor)
 * travel along.
 */
export async function switchSession(
  req: Request,
  res: Response,
  admin: User,
  target: User | null,
  cookies: CookieSettings,
): Promise<void> {
  const { rememberSelector, passwordConfirmedAt, secondFactorConfirmedAt } = req.session;
  await regenerateSession(req);
  req.session.userId = admin.id;
  if (target) req.session.impersonatedUserId = target.id;
  if (rememberSelector) req.session.rememberSelector = rememberSelector;
  if (passwordConfirmedAt !== undefined) req.session.passwordConfirmedAt = passwordConfirmedAt;
  if (secondFactorConfirmedAt !== undefined)
    req.session.secondFactorConfirmedAt = secondFactorConfirmedAt;
  cookies.csrf.rotate(req, res);
}
