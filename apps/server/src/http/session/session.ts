import type { Request, RequestHandler } from 'express';
import session from 'express-session';
import { parseCookies } from './cookies.ts';
import type { AppSessionStore } from './session-store.ts';

export interface SessionOptions {
  store: AppSessionStore;
  secret: string;
  /** Served over TLS: the cookie is Secure and, in production, `__Host-` prefixed. */
  secure: boolean;
  production: boolean;
}

/**
 * The session cookie's name. `__Host-` (Secure, Path=/, no Domain) cannot be set over plain
 * http, so a production store served without TLS (a laptop's `npm start`) keeps the plain name.
 */
function sessionCookieName({ secure, production }: Pick<SessionOptions, 'secure' | 'production'>) {
  return secure && production ? '__Host-tessera_session' : 'tessera_session';
}

/** Whether the request came with a session cookie: a visitor who already has a session. */
export function hasSessionCookie(req: Pick<Request, 'headers'>): boolean {
  const cookies = parseCookies(req.headers.cookie);
  return ['tessera_session', '__Host-tessera_session'].some((name) => Object.hasOwn(cookies, name));
}

/** Server-side sessions; the cookie holds only a signed random id and ends with the browser. */
export function sessions(options: SessionOptions): RequestHandler {
  return session({
    store: options.store,
    secret: options.secret,
    name: sessionCookieName(options),
    resave: false,
    saveUninitialized: false,
    unset: 'destroy',
    cookie: { httpOnly: true, sameSite: 'lax', secure: options.secure, path: '/' },
  });
}

/**
 * A new session id with the flash and the store's colour scheme carried over (sign-in: no
 * session fixation; the page signed in to keeps the scheme it was drawn in).
 */
export function regenerateSession(req: Request): Promise<void> {
  const { flash, colorScheme } = req.session;
  return new Promise((resolve, reject) =>
    req.session.regenerate((error: unknown) => {
      if (error) return reject(error);
      if (flash) req.session.flash = flash;
      if (colorScheme) req.session.colorScheme = colorScheme;
      resolve();
    }),
  );
}

export function destroySession(req: Request): Promise<void> {
  return new Promise((resolve, reject) =>
    req.session.destroy((error: unknown) => (error ? reject(error) : resolve())),
  );
}
