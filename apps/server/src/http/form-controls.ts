import type { Request, RequestHandler } from 'express';
import { INERTIA_HEADERS } from './inertia/inertia.ts';

/** The methods a native form may stand for: a browser's form can only GET or POST. */
const SPOOFABLE = new Set(['PUT', 'PATCH', 'DELETE']);
/** An error bag's name as the pages give it (`email`, `sessions`). */
const BAG_NAME = /^[A-Za-z][\w-]{0,39}$/;

/**
 * What a native HTML form (one posted before or without JavaScript) says in hidden fields that
 * a script says in headers: `_method` (PUT, PATCH or DELETE, so the same route answers both)
 * and `_error_bag`. Read only from a urlencoded POST body, the one thing a plain form sends;
 * never from a query string, never to turn a POST into a GET. Both fields are taken out of the
 * body, so no schema sees them. Mounted after the body parser and before the routes.
 */
export function nativeFormControls(): RequestHandler {
  return (req, res, next) => {
    const body: unknown = req.body;
    if (
      req.method !== 'POST' ||
      !req.is('application/x-www-form-urlencoded') ||
      typeof body !== 'object' ||
      body === null
    ) {
      next();
      return;
    }
    const fields = body as Record<string, unknown>;
    const method = fields._method;
    delete fields._method;
    if (typeof method === 'string' && SPOOFABLE.has(method.toUpperCase())) {
      req.method = method.toUpperCase();
    }
    const bag = fields._error_bag;
    delete fields._error_bag;
    if (typeof bag === 'string' && BAG_NAME.test(bag)) res.locals.formErrorBag = bag;
    next();
  };
}

/** The error bag a failed form asked for: the Inertia header, or a native form's hidden field. */
export function requestedErrorBag(req: Request): string | undefined {
  const header = req.get(INERTIA_HEADERS.errorBag);
  if (header) return header;
  const bag: unknown = req.res?.locals.formErrorBag;
  return typeof bag === 'string' ? bag : undefined;
}
