import { Redis } from 'ioredis';
import path from 'node:path';
import type { Config } from './config.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './db/database.ts';
import {
  createBackoffLimiter,
  createRateLimiter,
  PASSWORD_CHECK_LIMIT,
  PASSWORD_RESET_LIMIT,
  SIGN_IN_ACCOUNT_LIMIT,
  SIGN_IN_LIMIT,
  type RateLimitBackend,
  type RateLimiter,
} from './http/rate-limit.ts';
import { DatabaseSessionStore } from './http/session/database-session-store.ts';
import { RedisSessionStore } from './http/session/redis-session-store.ts';
import type { AppSessionStore } from './http/session/session-store.ts';
import type { Logger } from './logger.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { ensureProducts } from './modules/pricing/products.ts';

/** Everything with a connection or a file behind it, made once per process. */
export interface Services {
  database: DatabaseHandle;
  redis: Redis | null;
  sessionStore: AppSessionStore;
  mailer: Mailer;
  limiters: Limiters;
  close(): Promise<void>;
}

export interface Limiters {
  /** Per e-mail + source address. */
  signIn: RateLimiter;
  /** Per account, whatever the source address, with back-off. */
  signInAccount: RateLimiter;
  passwordReset: RateLimiter;
  /** Per signed-in user: the password asked again before a sensitive change. */
  passwordCheck: RateLimiter;
}

export interface ServiceOptions {
  /** Keys in Redis start with this (tests isolate themselves with a random one). */
  redisPrefix?: string;
  now?: () => number;
}

const PRUNE_EVERY_MS = 10 * 60 * 1000;

export async function createServices(
  config: Config,
  logger: Logger,
  options: ServiceOptions = {},
): Promise<Services> {
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: config.sqliteFile,
    onIdleError: (error) => logger.warn({ err: error }, 'An idle database connection failed'),
  });
  const applied = await migrateToLatest(database);
  if (applied.length > 0) logger.info({ migrations: applied }, 'Database migrated');
  await ensureProducts(database.db);

  const prefix = options.redisPrefix ?? 'tessera:';
  let redis: Redis | null = null;
  let backend: RateLimitBackend = { kind: 'database', database };
  let sessionStore: AppSessionStore;
  if (config.redisUrl) {
    redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: true });
    await redis.connect();
    sessionStore = new RedisSessionStore(redis, { prefix, now: options.now });
    backend = { kind: 'redis', redis, prefix };
  } else {
    sessionStore = new DatabaseSessionStore(database.db, options.now);
  }

  const limiters = {
    signIn: await createRateLimiter(backend, SIGN_IN_LIMIT),
    signInAccount: await createBackoffLimiter(backend, SIGN_IN_ACCOUNT_LIMIT),
    passwordReset: await createRateLimiter(backend, PASSWORD_RESET_LIMIT),
    passwordCheck: await createBackoffLimiter(backend, PASSWORD_CHECK_LIMIT),
  } satisfies Limiters;

  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'mail'),
    logger,
  });

  const prune = setInterval(() => {
    sessionStore
      .prune()
      .catch((error: unknown) => logger.warn({ err: error }, 'Session prune failed'));
  }, PRUNE_EVERY_MS);
  prune.unref();

  return {
    database,
    redis,
    sessionStore,
    mailer,
    limiters,
    async close() {
      clearInterval(prune);
      mailer.close();
      redis?.disconnect();
      await database.close();
    },
  };
}
