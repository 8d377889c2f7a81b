import { createHash } from 'node:crypto';
import session from 'express-session';
import { LRUCache } from 'lru-cache';
import type { FlashData } from './flash.ts';

declare module 'express-session' {
  interface SessionData {
    userId: number;
    flash: FlashData;
    /** The remember-me token's selector this session signed in with, kept at "log out others". */
    rememberSelector: string;
    /** Where to go after signing in (set when a signed-in-only page sent the visitor away). */
    intendedUrl: string;
    /** A visitor's chosen code language (PUT /snippet-language). */
    snippetLang: 'html' | 'react' | 'vue';
    /** A visitor's chosen preview colour scheme (PUT /preview-color-scheme). */
    previewColorScheme: 'light' | 'dark' | 'system';
    /** A visitor's chosen preview preset width (PUT /preview-width). */
    previewWidth: 'phone' | 'sm' | 'md' | 'lg' | 'xl' | 'full';
    /**
     * A visitor's chosen store colour scheme (PUT /color-scheme), carried over signing in
     * (regenerateSession) until the account has a choice of its own.
     */
    colorScheme: 'system' | 'light' | 'dark';
    /**
     * An operator (userId, an admin) is acting as this customer (modules/admin/impersonation.ts).
     * The session stays the admin's: it is indexed under the admin, not the customer.
     */
    impersonatedUserId: number;
    /** When the password was last entered in this session (sign-in or re-entry), epoch ms. */
    passwordConfirmedAt: number;
    /**
     * The password was right for an account with a second factor: who, what was asked for, and
     * when (epoch ms). The session is not signed in until the second step (decision 044).
     */
    pendingSignIn: { userId: number; remember: boolean; intendedUrl?: string; at: number };
    /** A TOTP secret being set up on the account page, encrypted (never the plain secret). */
    totpEnrolment: string;
    /** When a second factor was last proven in this session (second step or step-up), epoch ms. */
    secondFactorConfirmedAt: number;
    /** A passkey ceremony this session started (decision 052): spent by its next answer. */
    passkeyChallenge: {
      challenge: string;
      purpose: 'register' | 'authenticate';
      userId: number;
      /** `pendingSignIn.at` of the sign-in it was handed to, when it was one. */
      pendingAt?: number;
    };
  }
}

/** A user's live sessions, for the back office. */
export interface UserSessionsSummary {
  count: number;
  /**
   * The latest request of any of them (epoch ms), derived from the idle expiry: each request
   * moves a session's expiry to SESSION_IDLE_MS from then.
   */
  lastSeenAt: number | null;
}

/** How long a session lives without a request (the cookie itself ends with the browser). */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;

/**
 * A session's idle expiry moves at most once a minute per process: a signed-in visitor's every
 * page view no longer writes to the store. It costs a session at most this much of its idle
 * life (2 h), and the back office's "last seen" is right to the minute.
 */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

/**
 * The session stores: the database by default, Redis when REDIS_URL is set. Beyond
 * express-session's contract they can end every session of one user, whichever process
 * created it, which "Log out other sessions" needs.
 */
export abstract class AppSessionStore extends session.Store {
  abstract getSession(sid: string): Promise<session.SessionData | null>;
  abstract setSession(sid: string, data: session.SessionData): Promise<void>;
  abstract destroySession(sid: string): Promise<void>;
  abstract touchSession(sid: string, data: session.SessionData): Promise<void>;
  /** Ends every session of `userId` except `exceptSid`; returns how many ended. */
  abstract destroyUserSessions(userId: number, exceptSid?: string): Promise<number>;
  /** How many live sessions `userId` has and when the latest was last used. */
  abstract userSessions(userId: number): Promise<UserSessionsSummary>;
  /** Removes expired sessions where the store does not expire them itself. */
  abstract prune(): Promise<number>;
  /** Resolves when the store answers a trivial read (the readiness check). */
  abstract ping(): Promise<void>;

  override get(
    sid: string,
    callback: (err: unknown, session?: session.SessionData | null) => void,
  ): void {
    this.getSession(sid).then((data) => callback(null, data), callback);
  }

  override set(sid: string, data: session.SessionData, callback?: (err?: unknown) => void): void {
    this.setSession(sid, data).then(() => callback?.(), callback);
  }

  override destroy(sid: string, callback?: (err?: unknown) => void): void {
    this.destroySession(sid).then(() => callback?.(), callback);
  }

  readonly #touched = new LRUCache<string, true>({
    max: 10_000,
    ttl: SESSION_TOUCH_INTERVAL_MS,
    // Stryker disable next-line BooleanLiteral: equivalent, has() already treats an entry past its ttl as gone; autopurge only frees it sooner
    ttlAutopurge: false,
  });

  override touch(sid: string, data: session.SessionData, callback?: () => void): void {
    if (this.#touched.has(sid)) {
      callback?.();
      return;
    }
    // Stryker disable next-line BooleanLiteral: equivalent, has() asks whether the key is there, whatever its value
    this.#touched.set(sid, true);
    this.touchSession(sid, data).then(
      () => callback?.(),
      () => callback?.(),
    );
  }
}

/** Stores key sessions by a hash of the id: a leaked dump of the store hands out no session. */
export function sessionKey(sid: string): string {
  return createHash('sha256').update(sid).digest('hex');
}

export function expiresAt(data: session.SessionData, now: number): number {
  const cookieExpiry = data.cookie?.expires ? new Date(data.cookie.expires).getTime() : NaN;
  return Number.isFinite(cookieExpiry) ? cookieExpiry : now + SESSION_IDLE_MS;
}
