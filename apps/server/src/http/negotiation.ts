import type { NextFunction, Request, Response } from 'express';
import { isInertiaRequest } from './inertia/inertia.ts';

/**
 * What an answer is to this client: a page (an Inertia visit or a document), JSON (a script's
 * fetch or XHR that asked for JSON), or a line of plain text (an asset, an image, a script).
 * Decided here once, for the error middleware, failed forms and refusals alike.
 */
export type AnswerKind = 'page' | 'json' | 'plain';

/** Whether the client wants JSON rather than a page: an XHR, or a fetch preferring JSON. */
export function wantsJson(req: Request): boolean {
  return !isInertiaRequest(req) && (req.xhr || req.accepts(['html', 'json']) === 'json');
}

/** Where a browser puts what it asked for; only these may be a page. */
const PAGE_DESTINATIONS = new Set(['document', 'iframe', 'frame']);

function isUnder(path: string, prefixes: readonly string[]): boolean {
  return prefixes.some((prefix) => {
    const base = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
    return path === base || path.startsWith(`${base}/`);
  });
}

/**
 * For a route that is an API of its page (the thank-you page's poll): its errors are JSON
 * whatever the client sent in `Accept`.
 */
export function answersJson<P>(_req: Request<P>, res: Response, next: NextFunction): void {
  res.locals.answerKind = 'json';
  next();
}

/** The kind of answer for `req`; nothing under `plainPaths` (static mounts) is ever a page. */
export function answerKind(req: Request, plainPaths: readonly string[] = []): AnswerKind {
  if (req.res?.locals.answerKind === 'json') return 'json';
  if (isUnder(req.path, plainPaths)) return 'plain';
  if (isInertiaRequest(req)) return 'page';
  if (wantsJson(req)) return 'json';
  const destination = req.get('Sec-Fetch-Dest');
  if (destination !== undefined && !PAGE_DESTINATIONS.has(destination)) return 'plain';
  return req.accepts('html') ? 'page' : 'plain';
}
