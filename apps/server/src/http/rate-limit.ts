import type { Redis } from 'ioredis';
import {
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
  RateLimiterSQLite,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { DatabaseHandle } from '../db/database.ts';

type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** Counts one attempt for `key`. */
  consume(key: string): Promise<RateLimitResult>;
  /** Forgets the attempts for `key` (after a successful sign-in). */
  reset(key: string): Promise<void>;
  /**
   * Whether `key` has spent its budget, without counting an attempt: for limits that count only
   * failures (a wrong secret), asked before the check so a blocked client learns nothing more.
   */
  peek(key: string): Promise<RateLimitResult>;
  /**
   * Gives back one attempt counted for `key`: the attempt failed on our side (the database did
   * not answer), so it says nothing about the person and must not bring a lock-out closer.
   */
  refund(key: string): Promise<void>;
}

export interface Limiters {
  /** Per e-mail + source address. */
  signIn: RateLimiter;
  /** Per account, whatever the source address, with back-off. */
  signInAccount: RateLimiter;
  passwordReset: RateLimiter;
  /** Per signed-in user: the password asked again before a sensitive change. */
  passwordCheck: RateLimiter;
  /**
   * Second-factor codes (sign-in's second step, disabling it, impersonation's step-up): one
   * limiter, consumed under the account's key and the source address's key.
   */
  secondFactor: RateLimiter;
  /** Anonymous page-view beacons, per address. */
  pageViews: RateLimiter;
  /** Wrong licence keys and invite tokens, per address (counts misses only; `peek` first). */
  secretGuesses: RateLimiter;
  /** The thank-you page and its purchase-status poll, per address. */
  purchaseStatus: RateLimiter;
  /** Registry requests per personal access token (wrong tokens count as secret guesses). */
  registryTokens: RateLimiter;
  /** Bulk downloads, per signed-in user. */
  downloads: RateLimiter;
  /** The licence-key API, per source address and per (hashed) key. */
  licenseApiAddress: RateLimiter;
  licenseApiKey: RateLimiter;
  /** Copies of a component's code recorded for 'Your updates', per signed-in user. */
  componentCopies: RateLimiter;
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

/**
 * Wrong secrets (an unknown licence key, a wrong or reset invite token, an address already in
 * use when an account is made on those pages), per address: a person who mistypes is never
 * near it, a guesser is stopped long before a 130-bit key or a 256-bit token could fall.
 * Only misses count, so a classroom joining from one school address is never limited.
 */
export const SECRET_GUESS_LIMIT: RateLimitRule = {
  name: 'secret-guesses',
  points: 20,
  durationSeconds: 15 * 60,
};

/**
 * The thank-you page's poll of `/paddle-purchases/{hash}` (30 tries, 2 s apart) and the page
 * itself, per address: room for a few buyers behind one address, nothing for a guesser.
 */
export const PURCHASE_STATUS_LIMIT: RateLimitRule = {
  name: 'purchase-status',
  points: 120,
  durationSeconds: 60,
};

/**
 * Every request of one personal access token to the registry (decision 015): a whole package
 * pulled at once, or an editor's assistant browsing, stays well inside it; a runaway loop does not.
 */
export const REGISTRY_TOKEN_LIMIT: RateLimitRule = {
  name: 'registry-token',
  points: 600,
  durationSeconds: 60,
};

/**
 * Copies recorded for 'Your updates' (decision 065), per signed-in user: a person copying a whole
 * page of components one after another stays well inside it; a script filling the table does not.
 */
export const COMPONENT_COPY_LIMIT: RateLimitRule = {
  name: 'component-copies',
  points: 120,
  durationSeconds: 60,
};

/**
 * Bulk downloads per signed-in user (decision 016): each is a few hundred files read and
 * compressed; a person fetching all three packages in all three languages a few times over is
 * far inside it, a script looping on them is not.
 */
export const DOWNLOAD_LIMIT: RateLimitRule = {
  name: 'downloads',
  points: 30,
  durationSeconds: 60 * 60,
};

/**
 * The licence-key API (decision 016), per source address and per key: the rate Lemon Squeezy's
 * licence API allows (60 a minute), far above a plugin checking on start-up, and the per-key
 * budget stops one leaked key being hammered from many addresses.
 */
export const LICENSE_API_ADDRESS_LIMIT: RateLimitRule = {
  name: 'license-api-address',
  points: 60,
  durationSeconds: 60,
};
export const LICENSE_API_KEY_LIMIT: RateLimitRule = {
  name: 'license-api-key',
  points: 30,
  durationSeconds: 60,
};

/**
 * A slower limit with back-off (decision 003): `points` attempts per `durationSeconds`; spending
 * them blocks the key for `blockSeconds`, doubled for each earlier block in the last
 * `memorySeconds`, never more than `maxBlockSeconds`.
 */
export interface BackoffRule extends RateLimitRule {
  blockSeconds: number;
  maxBlockSeconds: number;
  memorySeconds: number;
}

/** Sign-in per account, whatever the source address: 10 tries, then 1, 2, 4, 8, 15 minutes. */
export const SIGN_IN_ACCOUNT_LIMIT: BackoffRule = {
  name: 'login-account',
  points: 10,
  durationSeconds: 15 * 60,
  blockSeconds: 60,
  maxBlockSeconds: 15 * 60,
  memorySeconds: 24 * 60 * 60,
};

/** Password re-checks of a signed-in user (log out other sessions, change password or e-mail). */
export const PASSWORD_CHECK_LIMIT: BackoffRule = {
  name: 'password-check',
  points: 5,
  durationSeconds: 15 * 60,
  blockSeconds: 60,
  maxBlockSeconds: 15 * 60,
  memorySeconds: 24 * 60 * 60,
};

/**
 * Second-factor codes, per account and per source address (decision 044): a six-digit code has
 * a million values and two or three are current, so 5 tries then a doubling block keeps a
 * guesser's odds per day near one in ten thousand; a person mistyping twice is never near it.
 */
export const SECOND_FACTOR_LIMIT: BackoffRule = {
  name: 'second-factor',
  points: 5,
  durationSeconds: 15 * 60,
  blockSeconds: 60,
  maxBlockSeconds: 15 * 60,
  memorySeconds: 24 * 60 * 60,
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

async function createStore(
  backend: RateLimitBackend,
  rule: RateLimitRule,
): Promise<RateLimiterAbstract> {
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
  return limiter;
}

function retryAfter(msBeforeNext: number): number {
  return Math.max(1, Math.ceil(msBeforeNext / 1000));
}

async function peekAt(limiter: RateLimiterAbstract, key: string, points: number) {
  const state = await limiter.get(key);
  if (state && state.consumedPoints >= points)
    return { allowed: false as const, retryAfterSeconds: retryAfter(state.msBeforeNext) };
  return { allowed: true as const };
}

/**
 * Counters shared by every process through the same store as the sessions: Redis when
 * configured, else the database (rate-limiter-flexible's SQLite or PostgreSQL limiter).
 */
export async function createRateLimiter(
  backend: RateLimitBackend,
  rule: RateLimitRule,
): Promise<RateLimiter> {
  const limiter = await createStore(backend, rule);
  return {
    async consume(key) {
      try {
        await limiter.consume(key);
        return { allowed: true };
      } catch (error) {
        if (error instanceof RateLimiterRes) {
          return { allowed: false, retryAfterSeconds: retryAfter(error.msBeforeNext) };
        }
        throw error;
      }
    },
    async reset(key) {
      await limiter.delete(key);
    },
    peek: (key) => peekAt(limiter, key, rule.points),
    async refund(key) {
      await limiter.reward(key, 1);
    },
  };
}

/** A `BackoffRule` limiter; `reset` also forgets the earlier blocks (the owner got in). */
export async function createBackoffLimiter(
  backend: RateLimitBackend,
  rule: BackoffRule,
): Promise<RateLimiter> {
  const attempts = await createStore(backend, rule);
  const blocks = await createStore(backend, {
    name: `${rule.name}-blocks`,
    points: Number.MAX_SAFE_INTEGER,
    durationSeconds: rule.memorySeconds,
  });
  return {
    async consume(key) {
      try {
        await attempts.consume(key);
        return { allowed: true };
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        // Exactly one request (the counter is atomic) spends the last point and starts a block.
        if (error.consumedPoints !== rule.points + 1) {
          return { allowed: false, retryAfterSeconds: retryAfter(error.msBeforeNext) };
        }
        const earlier = (await blocks.penalty(key, 1)).consumedPoints - 1;
        const seconds = Math.min(
          rule.blockSeconds * 2 ** Math.min(earlier, 30),
          rule.maxBlockSeconds,
        );
        await attempts.block(key, seconds);
        return { allowed: false, retryAfterSeconds: seconds };
      }
    },
    async reset(key) {
      await Promise.all([attempts.delete(key), blocks.delete(key)]);
    },
    peek: (key) => peekAt(attempts, key, rule.points),
    async refund(key) {
      await attempts.reward(key, 1);
    },
  };
}
