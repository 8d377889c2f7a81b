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

function wantsJsonErrors(req: Request): boolean {
  return !isInertiaRequest(req) && (req.xhr || req.accepts(['html', 'json']) === 'json');
}

/**
 * Validates `req.body` with `schema` and replaces it with the parsed value. On failure an
 * Inertia or HTML form goes back with the errors (and non-secret input) flashed; a JSON
 * client gets 422 with the errors.
 */
export function validateBody(schema: z.ZodType): RequestHandler {
  return async (req, res, next) => {
    const result = schema.safeParse(req.body ?? {});
    if (result.success) {
      req.body = result.data;
      next();
      return;
    }
    await rejectWith(req, res, fieldErrors(result.error));
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
    res.status(422).json({ message: 'The given data was invalid.', errors });
    return;
  }
  const errorBag = req.get(INERTIA_HEADERS.errorBag);
  await res.flash({ errors, ...(errorBag ? { errorBag } : {}), old: oldInput(req.body) });
  redirectBack(req, res, fallback);
}
