import type { Request, Response } from 'express';

/**
 * Where "back" is: the Referer's path and query when it points at this host, else `fallback`.
 * Never another origin, so a forged Referer cannot turn this into an open redirect.
 */
export function backUrl(req: Request, fallback = '/'): string {
  const referer = req.get('Referer');
  if (!referer) return fallback;
  try {
    const url = new URL(referer);
    const sameHost = url.host === req.get('host');
    if (sameHost && (url.protocol === 'http:' || url.protocol === 'https:')) {
      return `${url.pathname}${url.search}`;
    }
  } catch {
    // A malformed Referer is no different from none.
  }
  return fallback;
}

/** Redirects to the previous page (after a failed form); 303 for Inertia PUT/PATCH/DELETE. */
export function redirectBack(req: Request, res: Response, fallback = '/'): void {
  res.redirect(backUrl(req, fallback));
}
