import type { Request, Response } from 'express';
import { HttpError, NotFoundError } from '../../../http/errors.ts';
import { isInertiaRequest } from '../../../http/inertia/inertia.ts';
import { rejectWith } from '../../../http/validation.ts';
import { passwordProblem, type AuthService, type Newcomer } from '../../auth/index.ts';
import type { SecretGuesses } from './secret-guesses.ts';
import { EMAIL_IN_USE, EMAIL_REQUIRED, PASSWORD_REQUIRED } from './messages.ts';

const ID = /^[1-9]\d{0,9}$/;

/** A positive id from the path, or a 404 (`/teams/abc`, `/teams/0`, `/teams/99999999999`). */
export function idParam(value: string | undefined, notFound: string): number {
  const id = value !== undefined && ID.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) throw new NotFoundError(notFound);
  return id;
}

function wantsJson(req: Request): boolean {
  return !isInertiaRequest(req) && (req.xhr || req.accepts(['html', 'json']) === 'json');
}

/**
 * A refused change that is nobody's typing error (the team is full, the licence was redeemed
 * meanwhile, the last owner): the page again with the message on top; JSON gets `status`.
 */
export async function refuse(
  req: Request,
  res: Response,
  status: number,
  message: string,
  page: string,
): Promise<void> {
  if (wantsJson(req)) {
    res.status(status).json({ message });
    return;
  }
  await res.flash({ messages: { error: message } });
  res.redirect(page);
}

export async function succeed(res: Response, message: string, page: string): Promise<void> {
  await res.flash({ messages: { success: message } });
  res.redirect(page);
}

/** 403 for a member trying an owner's action. */
export const forbidden = (message: string) => new HttpError(403, message);

/**
 * The account a signed-out visitor asks for on a licence or invite page, checked before any
 * transaction: both fields present, a password the store accepts, an address nobody uses.
 * Null when the request has been answered with the errors.
 */
export async function newcomerFrom(
  req: Request,
  res: Response,
  deps: { auth: AuthService; guesses: SecretGuesses },
  body: { email?: string | undefined; password?: string | undefined },
  page: string,
): Promise<Newcomer | null> {
  const errors: Record<string, string> = {};
  if (!body.email) errors.email = EMAIL_REQUIRED;
  const problem = body.password ? passwordProblem(body.password) : PASSWORD_REQUIRED;
  if (problem) errors.password = problem;
  if (!body.email || !body.password || problem) {
    await rejectWith(req, res, errors, page);
    return null;
  }
  if (await deps.auth.users.findByEmail(body.email)) {
    await deps.guesses.miss(req);
    await rejectWith(req, res, { email: EMAIL_IN_USE }, page);
    return null;
  }
  return { email: body.email, passwordHash: await deps.auth.hashNewPassword(body.password) };
}
