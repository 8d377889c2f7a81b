import type { Redis } from 'ioredis';
import {
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
  RateLimiterSQLite,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { DatabaseHandle } from '../db/database.ts';

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** Counts one attempt for `key`. */
  consume(key: string): Promise<RateLimitResult>;
  /** Forgets the attempts for `key` (after a successful sign-in). */
  reset(key: string): Promise<void>;
}

export interface RateLimitRule {
  name: string;
  points: number;
  durationSeconds: number;
}

/** Spec: sign-in and reset requests, 5 attempts a minute per e-mail + IP. */
export const SIGN_IN_LIMIT: RateLimitRule = { name: 'login', points: 5, durationSeconds: 60 };
export const PASSWORD_RESET_LIMIT: RateLimitRule = {
  name: 'password-reset',
  points: 5,
  durationSeconds: 60,
};

/** Anonymous page-view beacons, per address: far above a person's browsing, far below a flood. */
export const PAGE_VIEW_LIMIT: RateLimitRule = {
  name: 'page-views',
  points: 60,
  durationSeconds: 60,
};

export type RateLimitBackend =
  { kind: 'redis'; redis: Redis; prefix: string } | { kind: 'database'; database: DatabaseHandle };

const TABLE = 'rate_limits';

function ready(
  make: (cb: (error?: Error) => void) => RateLimiterAbstract,
): Promise<RateLimiterAbstract> {
  return new Promise((resolve, reject) => {
    const limiter = make((error) => (error ? reject(error) : resolve(limiter)));
  });
}

/**
 * Counters shared by every process through the same store as the sessions: Redis when
 * configured, else the database (rate-limiter-flexible's SQLite or PostgreSQL limiter).
 */
export async function createRateLimiter(
  backend: RateLimitBackend,
  rule: RateLimitRule,
): Promise<RateLimiter> {
  const common = { points: rule.points, duration: rule.durationSeconds };
  let limiter: RateLimiterAbstract;
  if (backend.kind === 'redis') {
    limiter = new RateLimiterRedis({
      ...common,
      storeClient: backend.redis,
      keyPrefix: `${backend.prefix}rl:${rule.name}`,
    });
  } else if (backend.database.raw.engine === 'postgres') {
    const { pool } = backend.database.raw;
    limiter = await ready(
      (cb) =>
        new RateLimiterPostgres(
          { ...common, storeClient: pool, tableName: TABLE, keyPrefix: rule.name },
          cb,
        ),
    );
  } else {
    const { sqlite } = backend.database.raw;
    limiter = await ready(
      (cb) =>
        new RateLimiterSQLite(
          {
            ...common,
            storeClient: sqlite,
            storeType: 'better-sqlite3',
            tableName: TABLE,
            keyPrefix: rule.name,
            clearExpiredByTimeout: false,
          },
          cb,
        ),
    );
  }

  return {
    async consume(key) {
      try {
        await limiter.consume(key);
        return { allowed: true };
      } catch (error) {
        if (error instanceof RateLimiterRes) {
          return {
            allowed: false,
            retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)),
          };
        }
        throw error;
      }
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}

export function retryMessage(action: string, seconds: number): string {
  return `Too many ${action}. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
}
