import { STATUS_CODES } from 'node:http';
import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { escapeHtml, FAVICON_URL } from './inertia/document.ts';
import { isInertiaRequest } from './inertia/inertia.ts';

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

/** The last route: anything unmatched is a 404 through the error middleware. */
export function notFound(): RequestHandler {
  return (req, _res, next) => {
    next(new NotFoundError(`No page at ${req.path}`));
  };
}

function statusOf(error: unknown): number {
  const candidate = error as { status?: unknown; statusCode?: unknown } | null;
  const status = Number(candidate?.status ?? candidate?.statusCode);
  return Number.isInteger(status) && status >= 400 && status <= 599 ? status : 500;
}

function wantsJson(req: Request): boolean {
  return isInertiaRequest(req) || req.xhr || req.accepts(['html', 'json']) === 'json';
}

export interface ErrorHandlerOptions {
  logger: Logger;
  /** Show messages and stacks of server errors (development only). */
  debug: boolean;
  brandName: string;
}

/** The one error middleware: JSON for Inertia and XHR requests, HTML otherwise. */
export function errorHandler({
  logger,
  debug,
  brandName,
}: ErrorHandlerOptions): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const status = statusOf(error);
    const requestId = req.id === undefined ? undefined : String(req.id);
    const log = (req.log as Logger | undefined) ?? logger;
    const unavailable = error instanceof ServiceUnavailableError;
    if (unavailable) {
      // An outage, not a bug: one line per request, without a stack.
      log.warn({ requestId, reason: error.message, cause: String(error.cause) }, 'Unavailable');
      res.setHeader('Retry-After', String(error.retryAfterSeconds));
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
    if (wantsJson(req)) {
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
