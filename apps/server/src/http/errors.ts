import { STATUS_CODES } from 'node:http';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { escapeHtml, FAVICON_URL } from './inertia/document.ts';
import { isInertiaRequest, type Inertia } from './inertia/inertia.ts';
import type { PropsInput } from './inertia/props.ts';

/** An error that maps to an HTTP status; services throw these (or subclasses). */
export class HttpError extends Error {
  readonly status: number;
  /** Whether `message` may be shown to the client. */
  readonly expose: boolean;

  constructor(status: number, message = STATUS_CODES[status] ?? 'Error', options?: ErrorOptions) {
    super(message, options);
    this.name = 'HttpError';
    this.status = status;
    this.expose = status < 500;
  }
}

export class NotFoundError extends HttpError {
  constructor(message = 'Not Found') {
    super(404, message);
    this.name = 'NotFoundError';
  }
}

/**
 * A store the request needs (the session store, the rate-limit counters, the database) did not
 * answer in time or is down: the visitor gets a clear 503 at once instead of a hung request.
 */
export class ServiceUnavailableError extends HttpError {
  readonly retryAfterSeconds: number;

  constructor(
    message = 'The store cannot reach its session store right now. Please try again in a minute.',
    options?: ErrorOptions & { retryAfterSeconds?: number },
  ) {
    super(503, message, options);
    this.name = 'ServiceUnavailableError';
    this.retryAfterSeconds = options?.retryAfterSeconds ?? 30;
  }
}

/** A limit was reached: try again after `retryAfterSeconds` (sent as `Retry-After`). */
export class TooManyRequestsError extends HttpError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number, message = 'Too many requests. Please try again later.') {
    super(429, message);
    this.name = 'TooManyRequestsError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The last route: anything unmatched is a 404 through the error middleware. */
export function notFound(): RequestHandler {
  return (req, _res, next) => {
    next(new NotFoundError(`No page at ${req.path}`));
  };
}

function sendPlain(res: Response, status: number): void {
  res
    .status(status)
    .type('text/plain')
    .send(`${STATUS_CODES[status] ?? 'Error'}\n`);
}

/**
 * The end of a static mount: a file that is not there is a short plain-text 404, never a page,
 * so a flood of missing assets costs no render.
 */
export function plainNotFound(): RequestHandler {
  return (_req, res) => sendPlain(res, 404);
}

/**
 * A static mount's refusals (a traversal, a bad range) in plain text; server errors go on to the
 * error middleware, which logs them (and answers them in plain text too for a static mount).
 */
export function plainClientErrors(): ErrorRequestHandler {
  return (error: unknown, _req, res, next) => {
    const status = statusOf(error);
    if (status >= 500 || res.headersSent) {
      next(error);
      return;
    }
    sendPlain(res, status);
  };
}

function statusOf(error: unknown): number {
  const candidate = error as { status?: unknown; statusCode?: unknown } | null;
  const status = Number(candidate?.status ?? candidate?.statusCode);
  return Number.isInteger(status) && status >= 400 && status <= 599 ? status : 500;
}

function isUnder(path: string, prefixes: readonly string[]): boolean {
  return prefixes.some((prefix) => {
    const base = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
    return path === base || path.startsWith(`${base}/`);
  });
}

/** Where a browser puts what it asked for; only these may be a page. */
const PAGE_DESTINATIONS = new Set(['document', 'iframe', 'frame']);

/**
 * How an error is answered: a page for a page visit (a document or an Inertia visit), JSON for a
 * JSON API or XHR client, plain text for anything else (an asset, an image, a script).
 */
function answerKind(req: Request, plainPaths: readonly string[]): 'page' | 'json' | 'plain' {
  if (isUnder(req.path, plainPaths)) return 'plain';
  if (isInertiaRequest(req)) return 'page';
  if (req.xhr || req.accepts(['html', 'json']) === 'json') return 'json';
  const destination = req.get('Sec-Fetch-Dest');
  if (destination !== undefined && !PAGE_DESTINATIONS.has(destination)) return 'plain';
  return req.accepts('html') ? 'page' : 'plain';
}

function retryAfterOf(error: unknown, status: number): number | undefined {
  if (status !== 429 && status !== 503) return undefined;
  const seconds = Number((error as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds);
  return Number.isInteger(seconds) && seconds > 0 ? seconds : undefined;
}

export interface ErrorHandlerOptions {
  logger: Logger;
  /** Show messages and stacks of server errors (development only). */
  debug: boolean;
  brandName: string;
  /** Static mounts: nothing under these is a page, so their errors are plain text. */
  plainPaths?: readonly string[];
  /**
   * Renders the ErrorPage with the request's shared data, or, when that cannot be had (a store
   * is down, or the request failed before it had a session), with `storeFree`: the site chrome
   * as a visitor sees it, read from no store.
   */
  pages?: { inertia: Inertia; storeFree: (req: Request) => PropsInput };
}

/**
 * The one error middleware. Page visits get the ErrorPage through Inertia (a document on a first
 * load, a page object on an in-app visit) with the status kept; JSON API and XHR clients get
 * JSON; static mounts and sub-resources (images, scripts) a line of plain text. When the page
 * cannot be rendered with the visitor's shared data, it is rendered with the visitor-free chrome;
 * when even that fails, a plain HTML document stands in.
 */
export function errorHandler({
  logger,
  debug,
  brandName,
  plainPaths = [],
  pages,
}: ErrorHandlerOptions): ErrorRequestHandler {
  return async (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const status = statusOf(error);
    const requestId = req.id === undefined ? undefined : String(req.id);
    const log = (req.log as Logger | undefined) ?? logger;
    const unavailable = error instanceof ServiceUnavailableError;
    const retryAfterSeconds = retryAfterOf(error, status);
    if (retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(retryAfterSeconds));
    if (unavailable) {
      // An outage, not a bug: one line per request, without a stack.
      log.warn({ requestId, reason: error.message, cause: String(error.cause) }, 'Unavailable');
    } else if (status >= 500) {
      log.error({ err: error, requestId }, 'Unhandled error');
    }

    const err = error instanceof Error ? error : new Error(String(error));
    const exposed =
      unavailable || (status < 500 && (error as { expose?: unknown }).expose !== false);
    const title = STATUS_CODES[status] ?? 'Error';
    const message = exposed || debug ? err.message : title;
    const stack = debug && status >= 500 ? err.stack : undefined;

    res.status(status);
    const kind = answerKind(req, plainPaths);
    if (kind === 'plain') {
      res.type('text/plain').send(`${message}\n`);
      return;
    }
    if (kind === 'page' && pages) {
      const props = {
        status,
        ...(message === title ? {} : { message }),
        ...(requestId ? { requestId } : {}),
        ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
      };
      const full = () => pages.inertia.render(req, res, 'ErrorPage', props, { status });
      const storeFree = () =>
        pages.inertia.renderStandalone(req, res, 'ErrorPage', props, {
          status,
          shared: pages.storeFree(req),
        });
      const withoutStores = 'Cannot render the error page without the stores';
      // In an outage the stores behind the shared data are in doubt: the chrome that needs none.
      const attempts: [string, () => Promise<void>][] = unavailable
        ? [[withoutStores, storeFree]]
        : [
            ['Cannot render the error page', full],
            [withoutStores, storeFree],
          ];
      for (const [failure, attempt] of attempts) {
        try {
          await attempt();
          return;
        } catch (renderError) {
          if (renderError instanceof ServiceUnavailableError) {
            log.warn({ requestId, status, reason: renderError.message }, failure);
          } else {
            log.error({ err: renderError, requestId, status }, failure);
          }
          if (res.headersSent) return;
          res.status(status);
        }
      }
    }
    if (kind === 'json') {
      res.json({
        status,
        message,
        ...(requestId ? { requestId } : {}),
        ...(stack ? { stack } : {}),
      });
      return;
    }
    res
      .type('html')
      .send(
        [
          '<!DOCTYPE html>',
          '<html lang="en">',
          '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
          `<title>${status} ${escapeHtml(title)} - ${escapeHtml(brandName)}</title>`,
          `<link rel="icon" type="image/svg+xml" href="${FAVICON_URL}"></head>`,
          '<body><main>',
          `<h1>${status} ${escapeHtml(title)}</h1>`,
          message === title ? '' : `<p>${escapeHtml(message)}</p>`,
          requestId && status >= 500
            ? `<p>Request id: <code>${escapeHtml(requestId)}</code></p>`
            : '',
          stack ? `<pre>${escapeHtml(stack)}</pre>` : '',
          '<p><a href="/">Back to the home page</a></p>',
          '</main></body>',
          '</html>',
        ]
          .filter(Boolean)
          .join('\n'),
      );
  };
}
