import type { NextFunction, Request, Response } from 'express';
import type { z } from 'zod';
import { NotFoundError, ValidationFailedError } from './errors.ts';
import { requestedErrorBag } from './form-controls.ts';
import { wantsJson } from './negotiation.ts';
import { redirectBack } from './redirect-back.ts';
import { oldInput } from './session/flash.ts';

/** Path parameters as Express gives them. */
export type Params = Record<string, string>;

/**
 * A request whose body `validateBody` has parsed: the body is the schema's output. A route's
 * handlers share one body type, so a controller typed `Input<z.output<typeof schema>>` after
 * `validateBody(schema)` is checked against that schema by the compiler.
 */
export type Input<Body, P = Params> = Request<P, unknown, Body>;

/** The first message per field, keyed by the field's dotted path (`email`, `team.name`). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'form';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The 422 a JSON client (or any caller of a router without a session) gets for bad input. */
export function sendInvalid(res: Response, errors: Record<string, string>): void {
  res.status(422).json({ message: 'The given data was invalid.', errors });
}

export interface InputAnswerOptions {
  /**
   * Whether a form (Inertia or HTML) goes back to its page with the errors flashed in the
   * session (the default). A machine router has no session: `false` answers 422 JSON always.
   */
  forms?: boolean;
}

/**
 * Validates `req.body` with `schema` and replaces it with the parsed value, typed for the
 * handlers after it. On failure an Inertia or HTML form goes back with the errors (and
 * non-secret input) flashed; a JSON client gets 422 with the errors.
 */
export function validateBody<S extends z.ZodType>(
  schema: S,
  { forms = true }: InputAnswerOptions = {},
): <P extends Params>(
  req: Request<P, unknown, z.output<S>>,
  res: Response,
  next: NextFunction,
) => Promise<void> {
  return async (req, res, next) => {
    const result = schema.safeParse(req.body ?? {});
    if (result.success) {
      req.body = result.data;
      next();
      return;
    }
    const errors = fieldErrors(result.error);
    if (forms) await rejectWith(req, res, errors);
    else sendInvalid(res, errors);
  };
}

/**
 * Parses what a controller validates itself, after checks that must come first (an unknown
 * licence key is a 404 whatever the body says): the schema's output, or a
 * `ValidationFailedError` that sends the form back to `back`.
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  back: string,
): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new ValidationFailedError(fieldErrors(result.error), { back });
  return result.data;
}

/**
 * Answers a failed submission: an Inertia or HTML form goes back with `errors` (and the
 * non-secret input) flashed; a JSON client gets 422. The error middleware answers a
 * `ValidationFailedError` with it too.
 */
export async function rejectWith(
  req: Request,
  res: Response,
  errors: Record<string, string>,
  fallback = '/',
): Promise<void> {
  if (wantsJson(req)) {
    sendInvalid(res, errors);
    return;
  }
  const errorBag = requestedErrorBag(req);
  await res.flash({ errors, ...(errorBag ? { errorBag } : {}), old: oldInput(req.body) });
  redirectBack(req, res, fallback);
}

const ID = /^[1-9]\d{0,9}$/;
/** The largest id a database row has (a 32-bit integer key). */
const MAX_ID = 2_147_483_647;

/**
 * A row's id from the path, or a 404: anything but a positive 32-bit integer names no row
 * (`/teams/abc`, `/teams/0`, `/teams/99999999999`).
 */
export function pathId(value: string | undefined, notFound?: string): number {
  if (value === undefined || !ID.test(value) || Number(value) > MAX_ID) {
    throw new NotFoundError(notFound);
  }
  return Number(value);
}
