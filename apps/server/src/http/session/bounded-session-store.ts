import type session from 'express-session';
import { withStoreTimeout } from '../store-timeout.ts';
import { AppSessionStore, type UserSessionsSummary } from './session-store.ts';

/**
 * Any session store with every operation bounded by `timeoutMs`: when Redis or the database
 * stops answering, a request fails fast with a `ServiceUnavailableError` (503).
 */
export class BoundedSessionStore extends AppSessionStore {
  readonly #inner: AppSessionStore;
  readonly #timeoutMs: number;

  constructor(inner: AppSessionStore, timeoutMs: number) {
    super();
    this.#inner = inner;
    this.#timeoutMs = timeoutMs;
  }

  #bounded<T>(operation: () => Promise<T>): Promise<T> {
    return withStoreTimeout('The session store', this.#timeoutMs, operation);
  }

  getSession(sid: string): Promise<session.SessionData | null> {
    return this.#bounded(() => this.#inner.getSession(sid));
  }

  setSession(sid: string, data: session.SessionData): Promise<void> {
    return this.#bounded(() => this.#inner.setSession(sid, data));
  }

  destroySession(sid: string): Promise<void> {
    return this.#bounded(() => this.#inner.destroySession(sid));
  }

  touchSession(sid: string, data: session.SessionData): Promise<void> {
    return this.#bounded(() => this.#inner.touchSession(sid, data));
  }

  destroyUserSessions(userId: number, exceptSid?: string): Promise<number> {
    return this.#bounded(() => this.#inner.destroyUserSessions(userId, exceptSid));
  }

  userSessions(userId: number): Promise<UserSessionsSummary> {
    return this.#bounded(() => this.#inner.userSessions(userId));
  }

  prune(): Promise<number> {
    return this.#bounded(() => this.#inner.prune());
  }

  ping(): Promise<void> {
    return this.#bounded(() => this.#inner.ping());
  }
}
