import type { Request, Response } from 'express';

/** Longest path we go back to; anything longer is not a page of ours worth returning to. */
const MAX_PATH = 2048;

/**
 * The one gate every redirect that reads something the visitor sent (a Referer, a `next` or
 * `intended_url`, a form's `redirect_url`) goes through: `value` when it is a path on this
 * site, else null. Taken: `/`, `/a/b?c=d#e`. Refused:
 * - another host however spelled: `//evil`, `/\evil`, `\/evil`, `https://evil`, `javascript:`;
 * - the same spelled with escapes a browser or a proxy may undo: `/%2F%2Fevil`, `/%5Cevil`,
 *   `/%252F%252Fevil` (decoded until nothing changes, every form must pass);
 * - control characters (NUL, CR/LF: header splitting), spaces and backslashes anywhere.
 */
export function safePath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_PATH) return null;
  let form = value;
  // Each decoding is checked; a few rounds cover any double or triple encoding a hop undoes.
  for (let round = 0; round < 4; round += 1) {
    if (!isPlainPath(form)) return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(form);
    } catch {
      // A stray `%`: a browser keeps it as it is, which is a plain path if the rest is.
      return null;
    }
    if (decoded === form) return value;
    form = decoded;
  }
  return null;
}

function isPlainPath(path: string): boolean {
  // One leading slash, then no second slash or backslash right after it.
  if (path[0] !== '/' || path[1] === '/' || path[1] === '\\') return false;
  // No backslash (browsers read it as a slash), no control character, no whitespace.
  // eslint-disable-next-line no-control-regex
  return !/[\\\u0000-\u0020\u007f-\u009f\u2028\u2029]/.test(path);
}

/**
 * Where "back" is: the Referer's path and query when it points at this host and is a safe
 * path, else `fallback`. Never another origin, so a forged Referer cannot turn this into an
 * open redirect (`https://us//evil.com` has the path `//evil.com`: refused).
 */
export function backUrl(req: Request, fallback = '/'): string {
  const referer = req.get('Referer');
  if (!referer) return fallback;
  try {
    const url = new URL(referer);
    const sameHost = url.host === req.get('host');
    if (sameHost && (url.protocol === 'http:' || url.protocol === 'https:')) {
      return safePath(`${url.pathname}${url.search}`) ?? fallback;
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
