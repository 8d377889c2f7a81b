// The error middleware, one per kind of router; no route writes its own error answer. Routes
// and services throw the typed errors of ./errors.ts; these turn them into:
//   pageErrors  the browser stack: the ErrorPage through Inertia (JSON for a client that asked
//               for JSON, a line of text for an asset), a failed form back to its page, a form's
//               refusal flashed on its page, a rate-limited form drawn again at 429;
//   jsonErrors  machine routers (the licence API, the registry, beacons, webhooks): JSON
//               `{error, message}` always;
//   plainErrors static mounts: a short line of plain text, never a page.
import { requestedErrorBag } from './form-controls.ts';
import { STATUS_CODES } from 'node:http';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import {
  asOutage,
  codeOf,
  type FormPage,
  HttpError,
  NotFoundError,
  retryAfterOf,
  ServiceUnavailableError,
  statusOf,
  TooManyRequestsError,
  ValidationFailedError,
} from './errors.ts';
import { escapeHtml, FAVICON_URL } from './inertia/document.ts';
import type { Inertia } from './inertia/inertia.ts';
import type { PropsInput } from './inertia/props.ts';
import { answerKind } from './negotiation.ts';
import { oldInput } from './session/flash.ts';
import { hasSessionCookie } from './session/session.ts';
import { rejectWith } from './validation.ts';

/** The last route: anything unmatched is a 404 through the error middleware. */
export function notFound(): RequestHandler {
  return (req, _res, next) => {
    next(new NotFoundError(`No page at ${req.path}`));
  };
}

/** Headers the error asks for, and `Retry-After` when it says how long to wait. */
function setErrorHeaders(res: Response, error: unknown, status: number): number | undefined {
  if (error instanceof HttpError) res.set(error.headers);
  const retryAfterSeconds = retryAfterOf(error, status);
  if (retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(retryAfterSeconds));
  return retryAfterSeconds;
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
 * page middleware, which logs them (and answers them in plain text too for a static mount).
 */
export function plainErrors(): ErrorRequestHandler {
  return (error: unknown, _req, res, next) => {
    const status = statusOf(error);
    if (status >= 500 || res.headersSent) {
      next(error);
      return;
    }
    sendPlain(res, status);
  };
}

export interface JsonErrorsOptions {
  logger: Logger;
  /** Headers on every error answer (`Cache-Control: no-store`). */
  headers?: Readonly<Record<string, string>>;
  /** Writes the wait of a 429 or 503 into the body too (`retry_after`), for the licence API. */
  retryAfterInBody?: boolean;
  /**
   * The body parser's refusals (malformed JSON, too large, wrong type) in this API's words;
   * `The request is malformed.` unless given.
   */
  clientError?: (status: number) => { error: string; message: string } | undefined;
  /**
   * Server errors, answered here in JSON (after logging) in these words; general ones unless
   * given. Never passed on: the page middleware after a machine router has none of the page
   * stack (session, flash, Inertia) to render with.
   */
  serverErrors?: { message: string; unavailable: string };
}

const GENERAL_SERVER_ERRORS = {
  message: 'Something went wrong on our side.',
  unavailable: 'The service is unavailable. Try again shortly.',
};

/**
 * The end of a machine router's paths (`/api`, `/webhooks`): an address or a method it does not
 * answer is a JSON 404/405 there, never the page stack's 404 page.
 */
export function jsonNotFound(allow?: readonly string[]): RequestHandler {
  return (req, res) => {
    res.set('Cache-Control', 'no-store');
    if (allow) {
      res
        .status(405)
        .set('Allow', allow.join(', '))
        .json({ error: 'method_not_allowed', message: `Use ${allow.join(' or ')} here.` });
      return;
    }
    res.status(404).json({ error: 'not_found', message: `Nothing at ${req.path}.` });
  };
}

/**
 * A machine router's errors: always JSON `{error, message}` (plus the error's details), never
 * a page. A typed error says its own status, name and message; a library's 4xx (the body
 * parser's) is the API's `clientError`; a server error is logged and answered in general terms.
 */
export function jsonErrors(options: JsonErrorsOptions): ErrorRequestHandler {
  const serverErrors = options.serverErrors ?? GENERAL_SERVER_ERRORS;
  return (thrown: unknown, req, res, next) => {
    if (res.headersSent) return next(thrown);
    const error = asOutage(thrown);
    const status = statusOf(error);
    const typed = error instanceof HttpError && error.expose ? error : null;
    res.status(status).set(options.headers ?? {});
    const retryAfter = setErrorHeaders(res, error, status);
    const wait =
      options.retryAfterInBody && retryAfter !== undefined ? { retry_after: retryAfter } : {};
    if (typed) {
      const errors = typed instanceof ValidationFailedError ? { errors: typed.fields } : {};
      res.json({ ...typed.details, error: typed.code, message: typed.message, ...errors, ...wait });
      return;
    }
    if (status < 500) {
      const described = options.clientError?.(status) ?? {
        error: codeOf(status),
        message: 'The request is malformed.',
      };
      res.json(described);
      return;
    }
    const log = (req.log as Logger | undefined) ?? options.logger;
    if (error instanceof ServiceUnavailableError || status === 503) {
      // An outage, not a bug: one line without a stack, as the page stack does.
      log.warn({ path: req.path, reason: (error as Error).message }, 'Unavailable');
      res.json({ error: 'unavailable', message: serverErrors.unavailable, ...wait });
      return;
    }
    log.error({ err: error, path: req.path }, 'A machine route failed');
    res.json({ error: 'server_error', message: serverErrors.message });
  };
}

export interface PageErrorsOptions {
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
 * Whether the request went through the browser stack (session, flash): one that failed in a
 * machine router or before the stack did not, and its error page is the visitor-free one.
 */
function hasPageStack(req: Request): boolean {
  return typeof (req as Partial<Request>).readFlash === 'function';
}

/**
 * A form refused for its rate: 429 and the wait. A JSON client gets the field errors; a page
 * visit gets the form's page again with them (the Inertia client shows an Inertia answer
 * whatever its status), at the page's own address so a reload does not land on the POST-only
 * path. A visitor who already has a session finds the errors after that reload too (they are
 * flashed); a refusal never starts a session, so a flood of refused attempts stores nothing.
 */
async function refuseForm(
  req: Request,
  res: Response,
  form: FormPage,
  fields: Record<string, string>,
) {
  const bag = requestedErrorBag(req);
  // The flash this request brought is read first: the page drawn now shows it, and what is
  // flashed next is left for the reload, not taken by this render.
  if (hasSessionCookie(req) && hasPageStack(req)) {
    await req.readFlash();
    await res.flash({ errors: fields, ...(bag ? { errorBag: bag } : {}), old: oldInput(req.body) });
  }
  req.originalUrl = form.url;
  await form.render(bag ? { [bag]: fields } : fields);
}

/**
 * The browser stack's error middleware. Page visits get the ErrorPage through Inertia (a
 * document on a first load, a page object on an in-app visit) with the status kept; JSON and
 * XHR clients get `{status, message}`; static mounts and sub-resources (images, scripts)
 * a line of plain text. A failed form goes back to its page with the errors; a refused one
 * (`back`) to its page with the message on top. When the page cannot be rendered with the
 * visitor's shared data, it is rendered with the visitor-free chrome; when even that fails, a
 * plain HTML document stands in.
 */
export function pageErrors({
  logger,
  debug,
  brandName,
  plainPaths = [],
  pages,
}: PageErrorsOptions): ErrorRequestHandler {
  return async (thrown: unknown, req, res, next) => {
    if (res.headersSent) {
      next(thrown);
      return;
    }
    const error = asOutage(thrown);
    if (error instanceof ValidationFailedError && hasPageStack(req)) {
      await rejectWith(req, res, { ...error.fields }, error.back);
      return;
    }
    const status = statusOf(error);
    const requestId = req.id === undefined ? undefined : String(req.id);
    const log = (req.log as Logger | undefined) ?? logger;
    const unavailable = error instanceof ServiceUnavailableError;
    const retryAfterSeconds = setErrorHeaders(res, error, status);
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
    const fields = error instanceof TooManyRequestsError ? error.fields : undefined;
    const page = kind === 'page' && hasPageStack(req);
    if (error instanceof TooManyRequestsError && error.form && fields && page) {
      await refuseForm(req, res, error.form, { ...fields });
      return;
    }
    if (error instanceof HttpError && error.back !== undefined && page) {
      // A refused change that is nobody's typing error: its page again, the message on top.
      await res.flash({ messages: { error: error.message } });
      res.redirect(error.back);
      return;
    }
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
      const attempts: [string, () => Promise<void>][] =
        unavailable || !hasPageStack(req)
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
        ...(error instanceof HttpError && status < 500 ? error.details : {}),
        ...(fields ? { errors: fields } : {}),
        ...(requestId ? { requestId } : {}),
        ...(stack ? { stack } : {}),
      });
      return;
    }
    res.type('html').send(
      [
        '<!DOCTYPE html>',
        '<html lang="en">',
        '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
        // Unstyled: the browser's own colours, light or dark as the device is.
        '<meta name="color-scheme" content="light dark">',
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
