import type { Request, Response } from 'express';
import {
  retryMessage,
  ServiceUnavailableError,
  TooManyRequestsError,
  ValidationFailedError,
  type FormPage,
} from '../../http/errors.ts';
import { isDatabaseUnavailable } from '../../db/errors.ts';
import type { Limiters } from '../../http/rate-limit.ts';
import type { Input } from '../../http/validation.ts';
import { destroySession, regenerateSession } from '../../http/session/session.ts';
import { parseCookies } from '../../http/session/cookies.ts';
import type { AuthService } from './service/auth.ts';
import {
  clearRememberCookie,
  landingAfterSignOut,
  rememberCookieName,
  returnPathFromQuery,
  safeRedirectPath,
  signIn,
  type CookieSettings,
} from './middleware.ts';
import { passwordProblem } from './service/passwords.ts';
import { normalizeEmail } from './repository/users.ts';
import {
  RESET_LINK_INVALID,
  resetPasswordQuery,
  type ForgotPasswordBody,
  type LoginBody,
  type LogoutBody,
  type ResetPasswordBody,
} from './schemas.ts';
import { PASSWORD_RESET_STATUS, RESET_LINK_SENT_MESSAGE } from '@tessera/pages/constants';

export { PASSWORD_RESET_STATUS, RESET_LINK_SENT_MESSAGE };
export const BAD_CREDENTIALS = 'These credentials do not match our records.';
/** A password asked again before a sensitive change (the account page, the back office). */
export const WRONG_PASSWORD = 'The password is incorrect.';
export const WRONG_CURRENT_PASSWORD = 'The current password is incorrect.';

const RESET_ERRORS = {
  invalid: RESET_LINK_INVALID,
  expired: 'This password reset link has expired. Please request a new one.',
  used: 'This password reset link has already been used. Please request a new one.',
} as const;

export interface AuthControllerDeps {
  auth: AuthService;
  limiters: Pick<Limiters, 'signIn' | 'signInAccount' | 'passwordReset' | 'secondFactor'>;
  cookies: CookieSettings;
}

/**
 * A sign-in or reset form refused for its rate: 429 with the wait beside the e-mail field, the
 * form drawn again (http/error-handlers.ts answers it, as every limit).
 */
function limited(seconds: number, attempts: string, form: FormPage): TooManyRequestsError {
  const message = retryMessage(attempts, seconds);
  return new TooManyRequestsError(seconds, message, { fields: { email: message }, form });
}

function attemptKey(req: Request, email: string): string {
  return `${normalizeEmail(email)}|${req.ip ?? 'unknown'}`;
}

export function authController({ auth, limiters, cookies }: AuthControllerDeps) {
  return {
    showLogin(req: Request, res: Response) {
      // `/login?intended_url=…` from a licence or invite page: back there after signing in.
      const returnTo = returnPathFromQuery(req.query.intended_url);
      if (req.user) return res.redirect(returnTo ?? '/');
      if (returnTo) req.session.intendedUrl = returnTo;
      return res.inertia('Login', {});
    },

    async login(req: Input<LoginBody>, res: Response) {
      const body = req.body;
      const key = attemptKey(req, body.email);
      const account = normalizeEmail(body.email);
      // The account's own limit holds whatever address the guesses come from; it is checked
      // second so one address's flood spends its own budget before the account's.
      let limit = await limiters.signIn.consume(key);
      if (limit.allowed) limit = await limiters.signInAccount.consume(account);
      if (!limit.allowed) {
        throw limited(limit.retryAfterSeconds, 'sign-in attempts', {
          url: '/login',
          render: (errors) => res.inertia('Login', { errors }, { status: 429 }),
        });
      }
      let user: Awaited<ReturnType<typeof auth.attempt>>;
      try {
        user = await auth.attempt(body.email, body.password);
      } catch (error) {
        // Our failure (the database did not answer), not a wrong password: the attempt is
        // given back, so an outage never brings a person's lock-out closer.
        if (isDatabaseUnavailable(error) || error instanceof ServiceUnavailableError) {
          await Promise.all([
            limiters.signIn.refund(key),
            limiters.signInAccount.refund(account),
          ]).catch(() => undefined);
        }
        throw error;
      }
      if (!user) throw new ValidationFailedError({ email: BAD_CREDENTIALS }, { back: '/login' });

      await Promise.all([limiters.signIn.reset(key), limiters.signInAccount.reset(account)]);
      const intended = req.session.intendedUrl ?? body.intended_url;
      if (await auth.secondFactors.required(user.id)) {
        // The password is right; the session is signed in only after the second step.
        await regenerateSession(req);
        req.session.pendingSignIn = {
          userId: user.id,
          remember: body.remember,
          at: auth.now(),
          ...(intended ? { intendedUrl: intended } : {}),
        };
        return res.redirect('/login/second-factor');
      }
      await signIn(req, res, auth, cookies, user.id, body.remember);
      // A password just entered: the back office's "recent sign-in" (decision 011).
      req.session.passwordConfirmedAt = auth.now();
      await auth.signIns.record(user.id, 'password', req.ip);
      res.redirect(safeRedirectPath(intended));
    },

    async logout(req: Input<LogoutBody>, res: Response) {
      const target = landingAfterSignOut(req.body.redirect_url);
      const cookieValue = parseCookies(req.headers.cookie)[rememberCookieName(cookies)];
      const selector = req.session.rememberSelector ?? cookieValue?.split(':')[0];
      if (selector) await auth.remember.revoke(selector);
      clearRememberCookie(res, cookies);
      await destroySession(req);
      // The old token was bound to the user: a visitor's token from now on.
      cookies.csrf.rotate(req, res);
      res.redirect(target);
    },

    showForgotPassword(req: Request, res: Response) {
      return res.inertia('ForgotPassword', {});
    },

    async sendResetLink(req: Input<ForgotPasswordBody>, res: Response) {
      const { email } = req.body;
      const limit = await limiters.passwordReset.consume(attemptKey(req, email));
      if (!limit.allowed) {
        throw limited(limit.retryAfterSeconds, 'reset requests', {
          url: '/password/reset',
          render: (errors) => res.inertia('ForgotPassword', { errors }, { status: 429 }),
        });
      }
      await auth.requestReset(email);
      // The same answer whether or not the address has an account.
      await res.flash({ messages: { status: RESET_LINK_SENT_MESSAGE } });
      res.redirect('/password/reset');
    },

    showResetPassword(req: Request<{ token: string }>, res: Response) {
      const { email } = resetPasswordQuery.parse(req.query);
      return res.inertia('ResetPassword', { token: req.params.token, email: email ?? '' });
    },

    async resetPassword(req: Input<ResetPasswordBody>, res: Response) {
      const { body } = req;
      // The schema admits only base64url tokens, so this cannot throw on a lone surrogate.
      const back = `/password/reset/${encodeURIComponent(body.token)}`;
      const limit = await limiters.passwordReset.consume(attemptKey(req, body.email));
      if (!limit.allowed) {
        throw limited(limit.retryAfterSeconds, 'reset attempts', {
          url: back,
          render: (errors) =>
            res.inertia(
              'ResetPassword',
              { token: body.token, email: body.email, errors },
              { status: 429 },
            ),
        });
      }
      const problem = passwordProblem(body.password);
      if (problem) throw new ValidationFailedError({ password: problem }, { back });
      const outcome = await auth.resetPassword(body.token, body.email, body.password);
      if (outcome !== 'reset')
        throw new ValidationFailedError({ token: RESET_ERRORS[outcome] }, { back });
      // Whoever holds the mailbox is the owner: a lock-out by someone guessing ends here.
      await limiters.signInAccount.reset(normalizeEmail(body.email));
      await res.flash({ messages: { status: PASSWORD_RESET_STATUS } });
      res.redirect('/login');
    },
  };
}
