import type session from 'express-session';
import type { Redis } from 'ioredis';
import {
  AppSessionStore,
  expiresAt,
  SESSION_IDLE_MS,
  sessionKey,
  type UserSessionsSummary,
} from './session-store.ts';

/**
 * Sessions in Redis: `{prefix}sess:{hash}` with a TTL, plus a set per user
 * (`{prefix}user-sessions:{id}`) so "log out other sessions" can find them all.
 */
export class RedisSessionStore extends AppSessionStore {
  readonly #redis: Redis;
  readonly #prefix: string;
  readonly #now: () => number;

  constructor(redis: Redis, { prefix = 'tessera:', now = Date.now } = {}) {
    super();
    this.#redis = redis;
    this.#prefix = prefix;
    this.#now = now;
  }

  #key(hash: string) {
    return `${this.#prefix}sess:${hash}`;
  }

  #userKey(userId: number) {
    return `${this.#prefix}user-sessions:${userId}`;
  }

  #ttlMs(data: session.SessionData) {
    return Math.max(1, expiresAt(data, this.#now()) - this.#now());
  }

  async getSession(sid: string): Promise<session.SessionData | null> {
    const value = await this.#redis.get(this.#key(sessionKey(sid)));
    return value ? (JSON.parse(value) as session.SessionData) : null;
  }

  async setSession(sid: string, data: session.SessionData): Promise<void> {
    const hash = sessionKey(sid);
    const ttl = this.#ttlMs(data);
    const multi = this.#redis.multi().set(this.#key(hash), JSON.stringify(data), 'PX', ttl);
    if (data.userId !== undefined) {
      // The index outlives no session by much: it expires with the newest one.
      multi.sadd(this.#userKey(data.userId), hash).pexpire(this.#userKey(data.userId), ttl, 'GT');
      multi.pexpire(this.#userKey(data.userId), ttl, 'NX');
    }
    await multi.exec();
  }

  async destroySession(sid: string): Promise<void> {
    const hash = sessionKey(sid);
    const value = await this.#redis.get(this.#key(hash));
    const multi = this.#redis.multi().del(this.#key(hash));
    if (value) {
      const { userId } = JSON.parse(value) as session.SessionData;
      if (userId !== undefined) multi.srem(this.#userKey(userId), hash);
    }
    await multi.exec();
  }

  async touchSession(sid: string, data: session.SessionData): Promise<void> {
    await this.#redis.pexpire(this.#key(sessionKey(sid)), this.#ttlMs(data));
  }

  async destroyUserSessions(userId: number, exceptSid?: string): Promise<number> {
    const keep = exceptSid ? sessionKey(exceptSid) : undefined;
    const hashes = (await this.#redis.smembers(this.#userKey(userId))).filter((h) => h !== keep);
    if (hashes.length === 0) return 0;
    const [[, deleted] = []] =
      (await this.#redis
        .multi()
        .del(...hashes.map((hash) => this.#key(hash)))
        .srem(this.#userKey(userId), ...hashes)
        .exec()) ?? [];
    return Number(deleted ?? 0);
  }

  /**
   * The user's set names their sessions; each one's remaining TTL says when it was last used
   * (a request resets it to SESSION_IDLE_MS). One SMEMBERS and one pipelined PTTL per session:
   * cheap, since a person has a handful. Members whose key has expired are not counted.
   */
  async userSessions(userId: number): Promise<UserSessionsSummary> {
    const hashes = await this.#redis.smembers(this.#userKey(userId));
    if (hashes.length === 0) return { count: 0, lastSeenAt: null };
    const pipeline = this.#redis.pipeline();
    for (const hash of hashes) pipeline.pttl(this.#key(hash));
    const ttls = ((await pipeline.exec()) ?? [])
      .map(([error, ttl]) => (error ? -2 : Number(ttl)))
      .filter((ttl) => ttl > 0);
    if (ttls.length === 0) return { count: 0, lastSeenAt: null };
    return {
      count: ttls.length,
      lastSeenAt: this.#now() + Math.max(...ttls) - SESSION_IDLE_MS,
    };
  }

  async ping(): Promise<void> {
    await this.#redis.ping();
  }

  async prune(): Promise<number> {
    // Redis expires sessions itself.
    return 0;
  }
}
