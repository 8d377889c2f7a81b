import type { Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import { INERTIA_HEADERS, isInertiaRequest } from './inertia/inertia.ts';
import { redirectBack } from './redirect-back.ts';
import { oldInput } from './session/flash.ts';

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

function wantsJsonErrors(req: Request): boolean {
  return !isInertiaRequest(req) && (req.xhr || req.accepts(['html', 'json']) === 'json');
}

export interface InputAnswerOptions {
  /**
   * Whether a form (Inertia or HTML) goes back to its page with the errors flashed in the
   * session (the default). A machine router has no session: `false` answers 422 JSON always.
   */
  forms?: boolean;
}

/**
 * Validates `req.body` with `schema` and replaces it with the parsed value. On failure an
 * Inertia or HTML form goes back with the errors (and non-secret input) flashed; a JSON
 * client gets 422 with the errors.
 */
export function validateBody(
  schema: z.ZodType,
  { forms = true }: InputAnswerOptions = {},
): RequestHandler {
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
 * Answers a failed submission: an Inertia or HTML form goes back with `errors` (and the
 * non-secret input) flashed; a JSON client gets 422. Services' rule failures use it too.
 */
export async function rejectWith(
  req: Request,
  res: Response,
  errors: Record<string, string>,
  fallback = '/',
): Promise<void> {
  if (wantsJsonErrors(req)) {
    sendInvalid(res, errors);
    return;
  }
  const errorBag = req.get(INERTIA_HEADERS.errorBag);
  await res.flash({ errors, ...(errorBag ? { errorBag } : {}), old: oldInput(req.body) });
  redirectBack(req, res, fallback);
}
