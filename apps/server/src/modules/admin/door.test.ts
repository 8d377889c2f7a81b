import type { NextFunction, Request, Response } from 'express';
import {
  IMPERSONATION_REAUTH_MINUTES,
  SECOND_FACTOR_REQUIRED_FOR_ADMINS,
} from '@tessera/pages/constants';
import { describe, expect, it } from 'vitest';
import { captureLogger, testConfig } from '../../../test/helpers.ts';
import { testServices, testServicesEnv } from '../../../test/services.ts';
import { uniqueEmail } from '../../../test/users.ts';
import type { User } from '../../db/schema.ts';
import { ForbiddenError } from '../../http/errors.ts';
import type { AuthService, CookieSettings } from '../auth/index.ts';
import { usersRepository } from '../auth/index.ts';
import {
  impersonation,
  impersonationRefusal,
  recentlyAuthenticated,
  requireSecondFactor,
  switchSession,
} from './middleware.ts';

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

describe('impersonation: who a request acts as', async () => {
  const { database } = await testServices(
    testConfig(await testServicesEnv()),
    captureLogger().logger,
  );
  const users = usersRepository(database.db);
  const create = async (isAdmin: boolean) =>
    (await users.findById(
      await users.create({ email: uniqueEmail('door'), passwordHash: 'x', isAdmin, now: NOW }),
    ))!;
  const [admin, otherAdmin, customer] = [
    await create(true),
    await create(true),
    await create(false),
  ];

  async function run(user: User | undefined, impersonatedUserId?: number) {
    const session: Record<string, unknown> = { userId: user?.id, impersonatedUserId };
    const req = { user, session } as unknown as Request;
    let nexts = 0;
    await (impersonation(database.db)(req, {} as Response, () => {
      nexts += 1;
    }) as unknown as Promise<void>);
    return { nexts, user: req.user, impersonator: req.impersonator, session };
  }

  it('leaves a session that impersonates nobody as it is', async () => {
    for (const user of [admin, customer, undefined]) {
      const outcome = await run(user);
      expect(outcome).toMatchObject({ nexts: 1, user, impersonator: null });
    }
  });

  it('makes the customer the request’s user and keeps the operator beside them', async () => {
    const outcome = await run(admin, customer.id);
    expect(outcome.nexts).toBe(1);
    expect(outcome.user!.id).toBe(customer.id);
    expect(outcome.impersonator!.id).toBe(admin.id);
    expect(outcome.session.impersonatedUserId).toBe(customer.id);
  });

  it('ends it when the customer is gone, became an administrator, or the operator is not one', async () => {
    const cases: [User | undefined, number][] = [
      [admin, 2_000_000_000], // no such customer
      [admin, otherAdmin.id], // an administrator cannot be impersonated
      [customer, admin.id], // the operator lost the role
      [undefined, customer.id], // nobody signed in
    ];
    for (const [user, target] of cases) {
      const outcome = await run(user, target);
      expect(outcome.nexts, `${user?.id} → ${target}`).toBe(1);
      expect(outcome.user).toBe(user);
      expect(outcome.impersonator).toBeNull();
      expect('impersonatedUserId' in outcome.session).toBe(false);
    }
  });
});

describe('switchSession: what travels into the new session', () => {
  /** A session as express-session gives it: regenerate() hands the request a fresh one. */
  function request(contents: Record<string, unknown>) {
    const req = { session: {} } as unknown as Request & { session: Record<string, unknown> };
    const fresh = (values: Record<string, unknown>) =>
      Object.assign(
        Object.create({
          regenerate(callback: (error?: unknown) => void) {
            req.session = fresh({});
            callback();
          },
        }),
        values,
      );
    req.session = fresh(contents);
    return req;
  }
  const admin = { id: 7 } as User;
  const target = { id: 9 } as User;
  let rotated = 0;
  const cookies = {
    csrf: { rotate: () => (rotated += 1) },
  } as unknown as CookieSettings;

  it('carries the operator’s own sign-in facts only, under a new session and CSRF token', async () => {
    const req = request({
      userId: 7,
      rememberSelector: 'sel',
      passwordConfirmedAt: NOW - 5,
      secondFactorConfirmedAt: NOW - 3,
      pendingSignIn: { userId: 7 },
      passkeyChallenge: { challenge: 'c' },
    });
    const before = rotated;
    await switchSession(req, {} as Response, admin, target, cookies);
    expect({ ...req.session }).toEqual({
      userId: 7,
      impersonatedUserId: 9,
      rememberSelector: 'sel',
      passwordConfirmedAt: NOW - 5,
      secondFactorConfirmedAt: NOW - 3,
    });
    expect(rotated).toBe(before + 1);
  });

  it('adds nothing the old session did not have, and ends an impersonation with null', async () => {
    const req = request({ userId: 7, impersonatedUserId: 9 });
    await switchSession(req, {} as Response, admin, null, cookies);
    expect(Object.keys(req.session)).toEqual(['userId']);
    expect(req.session.userId).toBe(7);
  });
});
