import type { NextFunction, Request, Response } from 'express';
import {
  IMPERSONATION_REAUTH_MINUTES,
  SECOND_FACTOR_REQUIRED_FOR_ADMINS,
} from '@tessera/pages/constants';
import { describe, expect, it } from 'vitest';
import { ForbiddenError } from '../../http/errors.ts';
import type { AuthService } from '../auth/index.ts';
import { impersonationRefusal, recentlyAuthenticated, requireSecondFactor } from './middleware.ts';

/** The back office's door without an app: the rules themselves, at their edges (decision 045). */
const WINDOW = IMPERSONATION_REAUTH_MINUTES * 60 * 1000;
const NOW = 1_800_000_000_000;

describe('recentlyAuthenticated', () => {
  const session = (passwordConfirmedAt?: number, secondFactorConfirmedAt?: number) =>
    ({ session: { passwordConfirmedAt, secondFactorConfirmedAt } }) as unknown as Request;

  it('needs both the password and the second factor within the window, edges included', () => {
    for (const at of [NOW, NOW - 1, NOW - WINDOW])
      expect(recentlyAuthenticated(session(at, at), NOW), String(NOW - at)).toBe(true);
    expect(recentlyAuthenticated(session(NOW - WINDOW, NOW), NOW)).toBe(true);
    expect(recentlyAuthenticated(session(NOW, NOW - WINDOW), NOW)).toBe(true);
  });

  it('refuses either proof missing, too old, or dated in the future', () => {
    for (const stale of [undefined, NOW - WINDOW - 1, NOW + 1]) {
      expect(recentlyAuthenticated(session(stale, NOW), NOW), `password ${stale}`).toBe(false);
      expect(recentlyAuthenticated(session(NOW, stale), NOW), `factor ${stale}`).toBe(false);
    }
  });
});

describe('requireSecondFactor', () => {
  async function answer(user: { id: number } | null, hasFactor: boolean, method: string) {
    const auth = {
      secondFactors: { required: async (id: number) => id === user?.id && hasFactor },
    } as unknown as AuthService;
    let redirected: string | null = null;
    let passed: { error: unknown } | null = null;
    const req = { user, method } as unknown as Request;
    const res = {
      redirect: (to: string) => {
        redirected = to;
      },
    } as unknown as Response;
    const next = ((error?: unknown) => {
      passed = { error };
    }) as NextFunction;
    await (requireSecondFactor(auth)(req, res, next) as unknown as Promise<void>);
    return { redirected, passed } as {
      redirected: string | null;
      passed: { error: unknown } | null;
    };
  }

  it('lets a visitor and an operator with a second factor through', async () => {
    expect(await answer(null, false, 'POST')).toEqual({
      redirected: null,
      passed: { error: undefined },
    });
    for (const method of ['GET', 'POST'])
      expect(await answer({ id: 1 }, true, method)).toEqual({
        redirected: null,
        passed: { error: undefined },
      });
  });

  it('sends an operator without one to enrol on a read, and refuses anything else', async () => {
    for (const method of ['GET', 'HEAD'])
      expect(await answer({ id: 1 }, false, method)).toEqual({
        redirected: '/account-settings',
        passed: null,
      });
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) {
      const { redirected, passed } = await answer({ id: 1 }, false, method);
      expect(redirected).toBeNull();
      const error = passed?.error;
      expect(error).toBeInstanceOf(ForbiddenError);
      expect((error as Error).message).toBe(SECOND_FACTOR_REQUIRED_FOR_ADMINS);
    }
  });
});

describe('impersonationRefusal', () => {
  it('refuses an administrator as the customer, and only an administrator', () => {
    expect(impersonationRefusal({ is_admin: 1 })).toBe('An administrator cannot be impersonated.');
    expect(impersonationRefusal({ is_admin: 0 })).toBeNull();
  });
});
