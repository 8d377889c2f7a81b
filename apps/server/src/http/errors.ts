import { STATUS_CODES } from 'node:http';
import type { Errors } from './inertia/page.ts';
import { isDatabaseUnavailable } from '../db/errors.ts';

/** The machine-readable name of each status, as JSON answers write it (`{error, message}`). */
const CODES: Readonly<Record<number, string>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  410: 'gone',
  413: 'body_too_large',
  415: 'unsupported_media_type',
  419: 'page_expired',
  422: 'invalid_request',
  429: 'rate_limited',
  500: 'server_error',
  503: 'unavailable',
};

export const codeOf = (status: number): string =>
  CODES[status] ?? (status < 500 ? 'bad_request' : 'server_error');

export interface HttpErrorOptions extends ErrorOptions {
  /** The JSON answer's `error` (`license_key_not_found`); the status's name unless given. */
  code?: string;
  /**
   * A refused form, not a missing page: where the person goes back to, with the message on
   * top (a JSON client gets the status and the message).
   */
  back?: string;
  /** Headers every answer to it carries (`WWW-Authenticate`, `Allow`). */
  headers?: Readonly<Record<string, string>>;
  /** More fields for a JSON answer's body (`{ valid: false }`). */
  details?: Readonly<Record<string, unknown>>;
  /** Whether the message may be shown; yes below 500 unless said otherwise. */
  expose?: boolean;
}

/**
 * An error that maps to an HTTP status. Services and controllers throw these; the error
 * middleware of each router kind (http/error-handlers.ts) turns them into the answer.
 */
export class HttpError extends Error {
  readonly status: number;
  /** Whether `message` may be shown to the client. */
  readonly expose: boolean;
  readonly code: string;
  readonly back: string | undefined;
  readonly headers: Readonly<Record<string, string>>;
  readonly details: Readonly<Record<string, unknown>>;

  constructor(
    status: number,
    message = STATUS_CODES[status] ?? 'Error',
    options: HttpErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'HttpError';
    this.status = status;
    this.expose = options.expose ?? status < 500;
    this.code = options.code ?? codeOf(status);
    this.back = options.back;
    this.headers = options.headers ?? {};
    this.details = options.details ?? {};
  }
}

/** 401: who the request is does not let it in (no session, a wrong token). */
export class UnauthorizedError extends HttpError {
  constructor(message = 'Please sign in.', options?: HttpErrorOptions) {
    super(401, message, options);
    this.name = 'UnauthorizedError';
  }
}

/** 403: the viewer is known, and may not do this. */
export class ForbiddenError extends HttpError {
  constructor(message = 'Forbidden', options?: HttpErrorOptions) {
    super(403, message, options);
    this.name = 'ForbiddenError';
  }
}

export class NotFoundError extends HttpError {
  constructor(message = 'Not Found', options?: HttpErrorOptions) {
    super(404, message, options);
    this.name = 'NotFoundError';
  }
}

/** 409: the thing changed meanwhile, or the change would break a rule (a full team). */
export class ConflictError extends HttpError {
  constructor(message: string, options?: HttpErrorOptions) {
    super(409, message, options);
    this.name = 'ConflictError';
  }
}

/** 410: it was there and is no more (a refunded team's invite link, a used undo link). */
export class GoneError extends HttpError {
  constructor(message: string, options?: HttpErrorOptions) {
    super(410, message, options);
    this.name = 'GoneError';
  }
}

/**
 * 422: what was submitted is wrong, field by field. A form goes back to its page with the
 * errors (to `back` when there is no page to go back to); a JSON client gets them.
 */
export class ValidationFailedError extends HttpError {
  readonly fields: Readonly<Record<string, string>>;

  constructor(fields: Record<string, string>, options?: HttpErrorOptions) {
    super(422, 'The given data was invalid.', options);
    this.name = 'ValidationFailedError';
    this.fields = fields;
  }
}

/** The form a refusal answers with: its page, drawn again with the errors. */
export interface FormPage {
  /** The page's own address (the answer's URL, so a reload lands there, not on the POST). */
  url: string;
  /** Draws the page with these errors (already under the form's error bag). */
  render(errors: Errors): Promise<void>;
}

/**
 * 429: a limit was reached; `Retry-After` says when to try again. A form's refusal names its
 * `fields` and its page: the person sees the form again with the wait beside the field.
 */
export class TooManyRequestsError extends HttpError {
  readonly retryAfterSeconds: number;
  readonly fields: Readonly<Record<string, string>> | undefined;
  readonly form: FormPage | undefined;

  constructor(
    retryAfterSeconds: number,
    message = 'Too many requests. Please try again later.',
    options: HttpErrorOptions & { fields?: Record<string, string>; form?: FormPage } = {},
  ) {
    super(429, message, options);
    this.name = 'TooManyRequestsError';
    this.retryAfterSeconds = retryAfterSeconds;
    this.fields = options.fields;
    this.form = options.form;
  }
}

/** How long to wait, said as every limit says it. */
export function retryMessage(action: string, seconds: number): string {
  return `Too many ${action}. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
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

/**
 * An error as the error middleware answers it: a database that cannot answer now (stopped,
 * stalled past its timeouts, refusing connections) is an outage, the 503 page with
 * `Retry-After`, never a 500.
 */
export function asOutage(error: unknown): unknown {
  if (error instanceof HttpError || !isDatabaseUnavailable(error)) return error;
  return new ServiceUnavailableError(
    'The store cannot reach its database right now. Please try again in a minute.',
    { cause: error },
  );
}

/** The status an error stands for: its own, a library's (`status`, `statusCode`), else 500. */
export function statusOf(error: unknown): number {
  const candidate = error as { status?: unknown; statusCode?: unknown } | null;
  const status = Number(candidate?.status ?? candidate?.statusCode);
  return Number.isInteger(status) && status >= 400 && status <= 599 ? status : 500;
}

/** The seconds a 429 or 503 asks the client to wait, when it says. */
export function retryAfterOf(error: unknown, status: number): number | undefined {
  if (status !== 429 && status !== 503) return undefined;
  const seconds = Number((error as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds);
  return Number.isInteger(seconds) && seconds > 0 ? seconds : undefined;
}
