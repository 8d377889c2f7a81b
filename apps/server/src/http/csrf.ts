import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { parseCookies, serializeCookie, setCookie } from './session/cookies.ts';

/** The names the Inertia client (and axios) use: it copies the cookie into the header. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Laravel's "Page Expired": what the Inertia ecosystem expects for a stale token. */
export const CSRF_STATUS = 419;

export function newCsrfToken(): string {
  return randomBytes(32).toString('base64url');
}

function sameToken(given: unknown, expected: string): boolean {
  if (typeof given !== 'string' || given.length === 0) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Sets the XSRF-TOKEN cookie to the session's token when the browser does not have it yet. */
export function sendCsrfCookie(req: Request, res: Response, secure: boolean): void {
  const token = req.session.csrfToken;
  if (!token) return;
  if (parseCookies(req.headers.cookie)[XSRF_COOKIE] === token) return;
  setCookie(
    res,
    XSRF_COOKIE,
    // Readable by the page's script (that is the point); SameSite keeps it on our site.
    serializeCookie(XSRF_COOKIE, token, {
      httpOnly: false,
      secure,
      sameSite: 'Lax',
      maxAgeSeconds: 60 * 60 * 24 * 7,
    }),
  );
}

/** A fresh token for a fresh session (after sign-in or sign-out), sent to the browser at once. */
export function rotateCsrfToken(req: Request, res: Response, secure: boolean): void {
  req.session.csrfToken = newCsrfToken();
  sendCsrfCookie(req, res, secure);
}

export interface CsrfOptions {
  secure: boolean;
  /** Paths that authenticate otherwise (signed webhooks). */
  exempt?: (req: Request) => boolean;
}

/**
 * Synchronizer-token CSRF protection: every session holds a random token, mirrored in the
 * XSRF-TOKEN cookie; a state-changing request must echo it in X-XSRF-TOKEN (or a `_token`
 * field for a plain form). A missing or wrong token gets 419 and the handler never runs.
 */
export function csrfProtection(options: CsrfOptions): RequestHandler {
  return (req, res, next) => {
    req.session.csrfToken ??= newCsrfToken();
    const expected = req.session.csrfToken;
    if (SAFE_METHODS.has(req.method) || options.exempt?.(req)) {
      sendCsrfCookie(req, res, options.secure);
      next();
      return;
    }
    const body = req.body as Record<string, unknown> | undefined;
    const given = req.get(XSRF_HEADER) ?? req.get('X-CSRF-TOKEN') ?? body?._token;
    if (!sameToken(given, expected)) {
      sendCsrfCookie(req, res, options.secure);
      res
        .status(CSRF_STATUS)
        .type('text/plain')
        .send('This page has expired. Please refresh the page and try again.');
      return;
    }
    if (body && '_token' in body) delete body._token;
    next();
  };
}
