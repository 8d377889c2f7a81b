import type { Request, Response } from 'express';
import { SECOND_STEP_MINUTES } from '@tessera/pages/constants';
import {
  retryMessage,
  TooManyRequestsError,
  ValidationFailedError,
  type FormPage,
} from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import type { Input } from '../../http/validation.ts';
import { safeRedirectPath, signIn, type CookieSettings } from './middleware.ts';
import type { SecondStepBody } from './schemas.ts';
import type { AuthService } from './service/auth.ts';
import type { SecondStepMethod } from './service/second-factor.ts';

export const WRONG_CODE =
  'This code is not valid. Enter the current code from your app, or a recovery code.';
export const SECOND_STEP_EXPIRED = 'Please sign in again.';
const PENDING_MS = SECOND_STEP_MINUTES * 60 * 1000;

/**
 * Checks a second-factor code under the one second-factor limiter (decision 044): every try
 * counts against the account (reset when it succeeds), and a wrong one against the source
 * address too (checked first, never reset by a success: one's own account cannot buy tries on
 * another's). A refusal is a 429 with the form drawn again; a wrong code, a 422 on `field`.
 */
export async function checkSecondFactor(options: {
  auth: AuthService;
  limiter: RateLimiter;
  req: Request;
  userId: number;
  code: string;
  field: string;
  form: FormPage;
}): Promise<SecondStepMethod> {
  const { auth, limiter, req, userId, code, field, form } = options;
  const accountKey = `user:${userId}`;
  const addressKey = `ip:${req.ip ?? 'unknown'}`;
  let limit = await limiter.peek(addressKey);
  if (limit.allowed) limit = await limiter.consume(accountKey);
  if (!limit.allowed) {
    const message = retryMessage('code attempts', limit.retryAfterSeconds);
    throw new TooManyRequestsError(limit.retryAfterSeconds, message, {
      fields: { [field]: message },
      form,
    });
  }
  const method = await auth.secondFactors.check(userId, code);
  if (!method) {
    await limiter.consume(addressKey);
    await auth.secondFactors.record(userId, 'second-step.failed', req.ip);
    throw new ValidationFailedError({ [field]: WRONG_CODE }, { back: form.url });
  }
  await limiter.reset(accountKey);
  if (method === 'recovery-code')
    await auth.secondFactors.record(userId, 'recovery-code.used', req.ip);
  return method;
}

export interface SecondStepDeps {
  auth: AuthService;
  limiter: RateLimiter;
  cookies: CookieSettings;
}

/** The sign-in's second step: after the password, before the session is signed in. */
export function secondStepController({ auth, limiter, cookies }: SecondStepDeps) {
  /** The sign-in waiting for its second step, unless it is too old. */
  function pending(req: Request) {
    const waiting = req.session.pendingSignIn;
    if (!waiting) return null;
    const age = auth.now() - waiting.at;
    if (age < 0 || age > PENDING_MS) {
      delete req.session.pendingSignIn;
      return null;
    }
    return waiting;
  }

  return {
    show(req: Request, res: Response) {
      if (req.user) return res.redirect('/');
      if (!pending(req)) return res.redirect('/login');
      return res.inertia('SecondFactor', {});
    },

    async verify(req: Input<SecondStepBody>, res: Response) {
      const waiting = pending(req);
      if (!waiting || req.user) {
        await res.flash({ messages: { status: SECOND_STEP_EXPIRED } });
        return res.redirect('/login');
      }
      const method = await checkSecondFactor({
        auth,
        limiter,
        req,
        userId: waiting.userId,
        code: req.body.code,
        field: 'code',
        form: {
          url: '/login/second-factor',
          render: (errors) => res.inertia('SecondFactor', { errors }, { status: 429 }),
        },
      });
      // Only now is the session signed in, under a new id (and CSRF token).
      await signIn(req, res, auth, cookies, waiting.userId, waiting.remember);
      req.session.passwordConfirmedAt = waiting.at;
      req.session.secondFactorConfirmedAt = auth.now();
      await auth.signIns.record(waiting.userId, method, req.ip);
      await auth.secondFactors.record(waiting.userId, 'second-step.passed', req.ip);
      res.redirect(safeRedirectPath(waiting.intendedUrl));
    },
  };
}
