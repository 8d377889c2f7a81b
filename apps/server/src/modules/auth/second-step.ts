import type { Request, Response } from 'express';
import { SECOND_STEP_MINUTES } from '@tessera/pages/constants';
import {
  retryMessage,
  TooManyRequestsError,
  ValidationFailedError,
  type FormPage,
} from '../../http/errors.ts';
import type { Errors } from '../../http/inertia/page.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import type { Input } from '../../http/validation.ts';
import { safeRedirectPath, signIn, type CookieSettings } from './middleware.ts';
import type { PasskeyAssertion, SecondStepBody, SecondStepPasskeyBody } from './schemas.ts';
import type { AuthService } from './service/auth.ts';
import type { PasskeyRefusal } from './service/passkeys.ts';
import type { SecondStepMethod } from './service/second-factor.ts';

export const WRONG_CODE =
  'This code is not valid. Enter the current code from your app, or a recovery code.';
/** Why a passkey was refused (decision 052), in the words the form shows. */
export const PASSKEY_REFUSED: Record<PasskeyRefusal, string> = {
  expired: 'This passkey request has expired or was already used. Try the passkey again.',
  invalid:
    'Your passkey could not be verified. Try it again, or use a code from your authenticator app.',
  foreign: 'This passkey is not registered to this account.',
  taken: 'This passkey is already registered.',
};

/** A second factor as sent: a typed code, or a passkey's assertion. */
export type SecondFactorProof = { code: string } | { passkey: PasskeyAssertion };
export const SECOND_STEP_EXPIRED = 'Please sign in again.';
export const NO_PASSKEY = 'This account has no passkey. Use a code from your authenticator app.';
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
  proof: SecondFactorProof;
  field: string;
  form: FormPage;
  /** The pending sign-in a passkey's challenge must have been handed to (its `at`). */
  pendingAt?: number;
}): Promise<SecondStepMethod> {
  const { auth, limiter, req, userId, proof, field, form } = options;
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
  const outcome = await attempt(auth, req, userId, proof, options.pendingAt);
  if (typeof outcome !== 'string' || !isMethod(outcome)) {
    await limiter.consume(addressKey);
    await auth.secondFactors.record(userId, 'second-step.failed', req.ip);
    const message = outcome === null ? WRONG_CODE : PASSKEY_REFUSED[outcome];
    throw new ValidationFailedError({ [field]: message }, { back: form.url });
  }
  const method = outcome;
  await limiter.reset(accountKey);
  if (method === 'recovery-code')
    await auth.secondFactors.record(userId, 'recovery-code.used', req.ip);
  return method;
}

const METHODS: readonly string[] = ['totp', 'recovery-code', 'passkey'];
function isMethod(value: string): value is SecondStepMethod {
  return METHODS.includes(value);
}

/**
 * Checks the proof: a code against TOTP and the recovery codes, or a passkey's assertion against
 * the challenge this session was handed (taken from the session whatever the outcome: one use).
 */
async function attempt(
  auth: AuthService,
  req: Request,
  userId: number,
  proof: SecondFactorProof,
  pendingAt: number | undefined,
): Promise<SecondStepMethod | PasskeyRefusal | null> {
  if ('code' in proof) return auth.secondFactors.check(userId, proof.code);
  const held = req.session.passkeyChallenge;
  delete req.session.passkeyChallenge;
  if (held && held.pendingAt !== pendingAt) return 'expired';
  const outcome = await auth.passkeys.authenticate(userId, held, proof.passkey);
  return outcome === true ? 'passkey' : outcome;
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

  /** The second step's page: which of the account's factors it offers. */
  async function secondFactorPage(req: Request, res: Response, errors?: Errors, status = 200) {
    const waiting = req.session.pendingSignIn;
    const methods = waiting
      ? await auth.secondFactors.methods(waiting.userId)
      : { totp: true, passkey: false };
    return res.inertia('SecondFactor', { ...(errors ? { errors } : {}), ...methods }, { status });
  }

  return {
    async show(req: Request, res: Response) {
      if (req.user) return res.redirect('/');
      if (!pending(req)) return res.redirect('/login');
      return secondFactorPage(req, res);
    },

    /**
     * POST /login/second-factor/passkey-options: the options for navigator.credentials.get(),
     * the challenge kept in the session (bound to this pending sign-in) and stored for one use.
     */
    async passkeyOptions(req: Request, res: Response) {
      const waiting = pending(req);
      if (!waiting || req.user) return res.status(409).json({ message: SECOND_STEP_EXPIRED });
      const begun = await auth.passkeys.authenticationOptions(waiting.userId);
      if (!begun) return res.status(409).json({ message: NO_PASSKEY });
      req.session.passkeyChallenge = { ...begun.held, pendingAt: waiting.at };
      res.set('Cache-Control', 'no-store');
      res.json(begun.options);
    },

    verify: (req: Input<SecondStepBody>, res: Response) =>
      finish(req, res, { code: req.body.code }, 'code'),

    verifyPasskey: (req: Input<SecondStepPasskeyBody>, res: Response) =>
      finish(req, res, { passkey: req.body.response }, 'passkey'),
  };

  /** Either proof finishes the sign-in the same way: a new session, its facts, the record. */
  async function finish(req: Request, res: Response, proof: SecondFactorProof, field: string) {
    {
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
        proof,
        field,
        pendingAt: waiting.at,
        form: {
          url: '/login/second-factor',
          render: (errors) => secondFactorPage(req, res, errors, 429),
        },
      });
      // Only now is the session signed in, under a new id (and CSRF token).
      await signIn(req, res, auth, cookies, waiting.userId, waiting.remember);
      req.session.passwordConfirmedAt = waiting.at;
      req.session.secondFactorConfirmedAt = auth.now();
      await auth.signIns.record(waiting.userId, method, req.ip);
      await auth.secondFactors.record(waiting.userId, 'second-step.passed', req.ip);
      res.redirect(safeRedirectPath(waiting.intendedUrl));
    }
  }
}
