import type { Request, Response } from 'express';
import { ValidationFailedError } from '../../../http/errors.ts';
import { passwordProblem, type AuthService, type Newcomer } from '../../auth/index.ts';
import type { SecretGuesses } from './secret-guesses.ts';
import { EMAIL_IN_USE, EMAIL_REQUIRED, PASSWORD_REQUIRED } from './messages.ts';

/** A change made: back to `page` with the message on top. */
export async function succeed(res: Response, message: string, page: string): Promise<void> {
  await res.flash({ messages: { success: message } });
  res.redirect(page);
}

/**
 * The account a signed-out visitor asks for on a licence or invite page, checked before any
 * transaction: both fields present, a password the store accepts, an address nobody uses.
 */
export async function newcomerFrom(
  req: Request,
  deps: { auth: AuthService; guesses: SecretGuesses },
  body: { email?: string | undefined; password?: string | undefined },
  page: string,
): Promise<Newcomer> {
  const errors: Record<string, string> = {};
  if (!body.email) errors.email = EMAIL_REQUIRED;
  const problem = body.password ? passwordProblem(body.password) : PASSWORD_REQUIRED;
  if (problem) errors.password = problem;
  if (!body.email || !body.password || problem) {
    throw new ValidationFailedError(errors, { back: page });
  }
  if (await deps.auth.users.findByEmail(body.email)) {
    await deps.guesses.miss(req);
    throw new ValidationFailedError({ email: EMAIL_IN_USE }, { back: page });
  }
  return { email: body.email, passwordHash: await deps.auth.hashNewPassword(body.password) };
}
