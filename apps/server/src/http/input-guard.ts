import type { Request, RequestHandler } from 'express';
import { HttpError } from './errors.ts';
import { isInertiaRequest } from './inertia/inertia.ts';
import { rejectWith, sendInvalid, type InputAnswerOptions } from './validation.ts';

// PostgreSQL's text refuses NUL ("invalid byte sequence"), and a lone UTF-16 half has no UTF-8
// form (`encodeURIComponent` throws, the database drivers mangle or refuse it). No field of ours
// has a use for either, so they are refused at the door instead of failing deep inside.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const NOT_ALLOWED = 'a character that is not allowed (a NUL byte or an unpaired UTF-16 surrogate)';
export const MALFORMED_TEXT_MESSAGE = `Contains ${NOT_ALLOWED}.`;

export function isMalformedText(text: string): boolean {
  return text.includes('\0') || LONE_SURROGATE.test(text);
}

/**
 * The dotted path of the first key or string value in `value` that is malformed text, or null.
 * Iterative, so a deeply nested JSON body cannot exhaust the stack.
 */
export function findMalformedText(value: unknown): string | null {
  const pending: [unknown, string][] = [[value, '']];
  while (pending.length > 0) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      if (isMalformedText(current)) return path || 'form';
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (isMalformedText(key)) return childPath;
        pending.push([child, childPath]);
      }
    }
  }
  return null;
}

function decodedPath(req: Request): string | null {
  try {
    return decodeURIComponent(req.path);
  } catch {
    // Not valid percent-encoding: the router answers it (400 or 404); no string is made.
    return null;
  }
}

/** Removes malformed strings, so the input flashed back to the form is clean. */
function withoutMalformed(value: unknown): unknown {
  if (typeof value === 'string') return isMalformedText(value) ? '' : value;
  if (Array.isArray(value)) return value.map(withoutMalformed);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !isMalformedText(key))
        .map(([key, child]) => [key, withoutMalformed(child)]),
    );
  }
  return value;
}

/**
 * Refuses NUL bytes and lone surrogates in the path (route parameters), the query string and
 * the parsed body with 422, before any route sees them. A form (Inertia or HTML) goes back
 * with the field's error like any failed validation (unless `forms` is false: a machine router
 * has no session); anything else gets a 422 naming the field.
 */
export function rejectMalformedText({ forms = true }: InputAnswerOptions = {}): RequestHandler {
  return async (req, res, next) => {
    const path = decodedPath(req);
    if (path !== null && isMalformedText(path)) {
      next(new HttpError(422, `The address contains ${NOT_ALLOWED}.`));
      return;
    }
    const query = findMalformedText(req.query);
    if (query !== null) {
      next(new HttpError(422, `The query parameter "${query}" contains ${NOT_ALLOWED}.`));
      return;
    }
    const field = findMalformedText(req.body);
    if (field === null) {
      next();
      return;
    }
    const errors = { [field]: MALFORMED_TEXT_MESSAGE };
    if (forms && (isInertiaRequest(req) || req.is('application/x-www-form-urlencoded'))) {
      req.body = withoutMalformed(req.body);
      await rejectWith(req, res, errors);
      return;
    }
    sendInvalid(res, errors);
  };
}
