import type { FlashMessages } from '@tessera/pages';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** What one request leaves for the next (after a redirect). */
export interface FlashData {
  /** Field errors of a failed submission (`{ email: '…' }`). */
  errors?: Record<string, string>;
  /** The error bag the failed form asked for (`X-Inertia-Error-Bag`). */
  errorBag?: string;
  /**
   * One-time messages, sent as the next page's `flash` (`{ success: 'Licence deactivated.' }`;
   * `status` for a form's own confirmation, which its page shows beside the form).
   */
  messages?: FlashMessages;
  /** The submitted input, secrets removed, for forms that are not driven by Inertia. */
  old?: Record<string, unknown>;
}

/** Where flash data lives between two requests: the session (`session-flash-store.ts`). */
export interface FlashStore {
  /** The flash the previous request left, or null. Reading clears it: it is seen once. */
  read(req: Request, res: Response): FlashData | null | Promise<FlashData | null>;
  /** Keeps `data` for the next request, replacing what this response stored before. */
  write(res: Response, data: FlashData): void | Promise<void>;
}

function mergeFlash(current: FlashData, next: FlashData): FlashData {
  const merged: FlashData = { ...current, ...next };
  if (current.messages || next.messages) {
    merged.messages = { ...current.messages, ...next.messages };
  }
  return merged;
}

/**
 * Adds `req.readFlash()` (the incoming flash, read at most once per request) and
 * `res.flash(data)` (outgoing flash, merged across calls).
 */
export function flash(store: FlashStore): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    let incoming: Promise<FlashData> | undefined;
    let outgoing: FlashData = {};
    req.readFlash = () => {
      incoming ??= Promise.resolve(store.read(req, res)).then((data) => data ?? {});
      return incoming;
    };
    res.flash = async (data: FlashData) => {
      outgoing = mergeFlash(outgoing, data);
      await store.write(res, outgoing);
    };
    next();
  };
}

const SECRET_FIELD = /pass(word)?|token|secret|card|cvc|cvv/i;

/** Submitted input worth keeping for re-display: no passwords, tokens or files. */
export function oldInput(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  return Object.fromEntries(
    Object.entries(body).filter(
      ([key, value]) =>
        !SECRET_FIELD.test(key) &&
        (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'),
    ),
  );
}
