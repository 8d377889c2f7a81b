import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { User } from '../../db/schema.ts';
import type { Csrf } from '../../http/csrf.ts';
import { UnauthorizedError } from '../../http/errors.ts';
import { parseCookies, serializeCookie, setCookie } from '../../http/session/cookies.ts';
import { safePath } from '../../http/redirect-back.ts';
import { regenerateSession } from '../../http/session/session.ts';
import { isInviteTokenShape, isLicenseKeyShape } from '../shared/index.ts';
import type { AuthService } from './service/auth.ts';
import { REMEMBER_ME_DAYS, type IssuedRememberToken } from './repository/remember-tokens.ts';

export interface CookieSettings {
  secure: boolean;
  production: boolean;
  csrf: Csrf;
}

export function rememberCookieName({
  secure,
  production,
}: Pick<CookieSettings, 'secure' | 'production'>): string {
  return secure && production ? '__Host-tessera_remember' : 'tessera_remember';
}

function setRememberCookie(res: Response, token: IssuedRememberToken, cookies: CookieSettings) {
  const name = rememberCookieName(cookies);
  setCookie(
    res,
    name,
    serializeCookie(name, token.cookieValue, {
      secure: cookies.secure,
      maxAgeSeconds: REMEMBER_ME_DAYS * 24 * 60 * 60,
    }),
  );
}

export function clearRememberCookie(res: Response, cookies: CookieSettings) {
  const name = rememberCookieName(cookies);
  setCookie(res, name, serializeCookie(name, '', { secure: cookies.secure, maxAgeSeconds: 0 }));
}

/** Signs the session in as `userId`: a new session id (no fixation) and a new CSRF token. */
async function startAuthenticatedSession(
  req: Request,
  res: Response,
  userId: number,
  cookies: CookieSettings,
  rememberSelector?: string,
) {
  await regenerateSession(req);
  req.session.userId = userId;
  if (rememberSelector) req.session.rememberSelector = rememberSelector;
  cookies.csrf.rotate(req, res);
}

/**
 * Signs `userId` in after a proven credential (a password, or an account just made): a new
 * session, and a remember-me token unless declined (remember is on unless the form says otherwise).
 */
export async function signIn(
  req: Request,
  res: Response,
  auth: AuthService,
  cookies: CookieSettings,
  userId: number,
  remember: boolean,
) {
  let selector: string | undefined;
  if (remember) {
    const token = await auth.remember.issue(userId);
    selector = token.selector;
    setRememberCookie(res, token, cookies);
  }
  await startAuthenticatedSession(req, res, userId, cookies, selector);
}

/**
 * Sets `req.user`: from the session, else from a remember-me cookie (which is consumed and
 * replaced, and starts a fresh session).
 */
export function loadUser(auth: AuthService, cookies: CookieSettings): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    req.user = null;
    const { userId } = req.session;
    if (userId !== undefined) {
      const user = await auth.users.findById(userId);
      if (user) {
        req.user = user;
        return next();
      }
      delete req.session.userId;
    }
    const cookieValue = parseCookies(req.headers.cookie)[rememberCookieName(cookies)];
    if (cookieValue) {
      const remembered = await auth.remember.consume(cookieValue);
      const user = remembered ? await auth.users.findById(remembered.userId) : undefined;
      if (user) {
        const token = await auth.remember.issue(user.id);
        await startAuthenticatedSession(req, res, user.id, cookies, token.selector);
        setRememberCookie(res, token, cookies);
        await auth.signIns.record(user.id, 'remember', req.ip);
        req.user = user;
      } else {
        clearRememberCookie(res, cookies);
      }
    }
    next();
  };
}

/** A request known to come from a signed-in user: what `signedIn` hands its handler. */
export type SignedIn<R = Request> = R & { user: User };

/**
 * Refuses a visitor: a page they asked for sends them to the login page and back afterwards;
 * anything else is a 401. Returns whether the request may go on.
 */
function admitted(
  req: Pick<Request, 'user' | 'method' | 'session' | 'originalUrl'>,
  res: Response,
): boolean {
  if (req.user) return true;
  if (req.method !== 'GET') throw new UnauthorizedError('Please sign in.');
  req.session.intendedUrl = req.originalUrl;
  res.redirect('/login');
  return false;
}

/** Pages for signed-in users: a visitor goes to the login page and comes back afterwards. */
export const requireUser: RequestHandler = (req, res, next) => {
  if (admitted(req, res)) next();
};

/**
 * The same guard around a handler that reads the user: it runs only for a signed-in user, and
 * its `req.user` is typed so (no `req.user!`). After `validateBody`, it keeps the body's type.
 */
export function signedIn<P, B>(
  handler: (req: SignedIn<Request<P, unknown, B>>, res: Response) => unknown,
): RequestHandler<P, unknown, B> {
  return async (req, res) => {
    const { user } = req;
    // A visitor is refused here (redirected to sign in, or a 401 thrown).
    if (!user) return void admitted(req, res);
    await handler(Object.assign(req, { user }), res);
  };
}

export const IMPERSONATION_REFUSED =
  'You are impersonating this customer: their e-mail address, password and sessions are theirs to change.';

/** A same-site path to go to after sign-in or sign-out; anything else is replaced by `/`. */
export function safeRedirectPath(target: unknown, fallback = '/'): string {
  return safePath(target) ?? fallback;
}

/** Pages only a signed-in user can see: signing out there would land on the sign-in form. */
const SIGNED_IN_ONLY = /^\/(account-settings|admin|license|teams|upgrade)(?:[/?#]|-team|$)/;

/** Where signing out leads: back to the page the person was on, unless it needs an account. */
export function landingAfterSignOut(target: unknown): string {
  const path = safeRedirectPath(target);
  // Licence and invite pages work signed out too (sign out is offered there): stay.
  if (returnPathFromQuery(path)) return path;
  return SIGNED_IN_ONLY.test(path) ? '/' : path;
}

const LICENSE_PAGE = /^\/licenses\/([^/?#]+)$/;
const INVITE_PAGE = /^\/teams\/[1-9]\d{0,9}\/members\?invite_token=([^&#]+)$/;

/**
 * `/login?intended_url=…`: where a licence or invite page sends a visitor to sign in and come
 * back. Only those two pages, spelled exactly as they link (a well-shaped key or token), are
 * taken; anything else (another path, another host, `//evil`, a scheme) is ignored, so the
 * sign-in form cannot be made to send anyone elsewhere.
 */
export function returnPathFromQuery(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 200) return null;
  const license = LICENSE_PAGE.exec(value);
  if (license) return isLicenseKeyShape(license[1]!) ? value : null;
  const invite = INVITE_PAGE.exec(value);
  if (invite) return isInviteTokenShape(invite[1]) ? value : null;
  return null;
}
