import { createHmac, createSecretKey, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { HttpError } from './errors.ts';
import { parseCookies, serializeCookie, setCookie } from './session/cookies.ts';

/** The names the Inertia client uses: it copies the cookie into the header by itself. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Laravel's "Page Expired": what the Inertia ecosystem expects for a stale token. */
export const CSRF_STATUS = 419;

export interface CsrfOptions {
  /** SESSION_SECRET; a key for this purpose only is derived from it. */
  secret: string;
  secure: boolean;
}

/**
 * Signed double-submit tokens: `nonce.hmac(nonce, who)` where `who` is the signed-in user's id
 * (or "guest"). The cookie is readable by our script, which echoes it in X-XSRF-TOKEN; another
 * site can neither read it nor set the header, and cannot forge a token for a user without the
 * key. Stateless, so a visitor's page view writes no session.
 */
export function createCsrf(options: CsrfOptions) {
  // A KeyObject made once: a raw key would be imported again by every createHmac.
  const key = createSecretKey(
    createHmac('sha256', options.secret).update('tessera:csrf:v1').digest(),
  );
  // Stryker disable next-line StringLiteral: any spelling works that no user id can take
  const who = (req: Request) => String(req.session?.userId ?? 'guest');
  const sign = (nonce: string, subject: string) =>
    createHmac('sha256', key).update(`${nonce}:${subject}`).digest('base64url');

  function isValid(token: unknown, req: Request): token is string {
    if (typeof token !== 'string' || token.length > 200) return false;
    const [nonce, mac] = token.split('.');
    if (!nonce || !mac) return false;
    const expected = Buffer.from(sign(nonce, who(req)));
    const given = Buffer.from(mac);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /** A new token for whoever the request now is (after sign-in or sign-out), sent at once. */
  function rotate(req: Request, res: Response): string {
    const nonce = randomBytes(24).toString('base64url');
    const token = `${nonce}.${sign(nonce, who(req))}`;
    setCookie(
      res,
      XSRF_COOKIE,
      serializeCookie(XSRF_COOKIE, token, {
        httpOnly: false,
        secure: options.secure,
        sameSite: 'Lax',
        maxAgeSeconds: 60 * 60 * 24 * 7,
      }),
    );
    return token;
  }

  /** Every state-changing request must carry a valid token in the header (or `_token`). */
  const middleware: RequestHandler = (req, res, next) => {
    const cookieToken = parseCookies(req.headers.cookie)[XSRF_COOKIE];
    if (SAFE_METHODS.has(req.method)) {
      if (!isValid(cookieToken, req)) rotate(req, res);
      next();
      return;
    }
    // A plain HTML form sends the token as `_token` (parsed bodies are plain objects).
    const body: unknown = req.body;
    const form = typeof body === 'object' && body !== null && '_token' in body ? body : null;
    const given = req.get(XSRF_HEADER) ?? req.get('X-CSRF-TOKEN') ?? form?._token;
    if (!isValid(given, req) || given !== cookieToken) {
      if (!isValid(cookieToken, req)) rotate(req, res);
      // Through the error middleware: a page visit gets the "Page expired" ErrorPage.
      next(
        new HttpError(CSRF_STATUS, 'This page has expired. Please refresh the page and try again.'),
      );
      return;
    }
    if (form) delete form._token;
    next();
  };

  /** The request's own token when it has a valid one, else a new one (sent with the answer). */
  function current(req: Request, res: Response): string {
    const token = parseCookies(req.headers.cookie)[XSRF_COOKIE];
    return isValid(token, req) ? token : rotate(req, res);
  }

  return { middleware, rotate, isValid, current };
}

export type Csrf = ReturnType<typeof createCsrf>;
