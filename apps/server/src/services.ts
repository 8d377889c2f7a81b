import { Redis } from 'ioredis';
import path from 'node:path';
import type { Config } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { migrate } from './db/migrator.ts';
import {
  createBackoffLimiter,
  createRateLimiter,
  DOWNLOAD_LIMIT,
  LICENSE_API_ADDRESS_LIMIT,
  LICENSE_API_KEY_LIMIT,
  COMPONENT_COPY_LIMIT,
  PAGE_VIEW_LIMIT,
  PURCHASE_STATUS_LIMIT,
  REGISTRY_TOKEN_LIMIT,
  PASSWORD_CHECK_LIMIT,
  SECOND_FACTOR_LIMIT,
  PASSWORD_RESET_LIMIT,
  SECRET_GUESS_LIMIT,
  SIGN_IN_ACCOUNT_LIMIT,
  SIGN_IN_LIMIT,
  type Limiters,
  type RateLimitBackend,
  type RateLimiter,
} from './http/rate-limit.ts';
import { BoundedSessionStore } from './http/session/bounded-session-store.ts';
import { DatabaseSessionStore } from './http/session/database-session-store.ts';
import { RedisSessionStore } from './http/session/redis-session-store.ts';
import type { AppSessionStore } from './http/session/session-store.ts';
import { withStoreTimeout } from './http/store-timeout.ts';
import { checkHealth, type Health } from './http/health.ts';
import type { Logger } from './logger.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { startPeriodic } from './jobs/periodic.ts';
import { listenForJobs } from './jobs/signals.ts';
import { createMailQueue, type MailQueue } from './mail/queue.ts';
import { createPayments, type Payments } from './modules/payments/index.ts';
import { ensureProducts } from './modules/pricing/index.ts';

export type { Health, Limiters };

/** Everything with a connection or a file behind it, made once per process. */
export interface Services {
  database: DatabaseHandle;
  redis: Redis | null;
  sessionStore: AppSessionStore;
  mailer: Mailer;
  /** Mail written in a business transaction (the licence e-mail), sent by a worker. */
  mailQueue: MailQueue;
  /** Provider, checkouts, webhook fulfilment (modules/payments). */
  payments: Payments;
  limiters: Limiters;
  /** Background workers (mail queue, sandbox webhook deliveries): main.ts starts them. */
  startWorkers(): void;
  /** Readiness: whether the database and the session store answer now (`/healthz`). */
  health(): Promise<Health>;
  close(): Promise<void>;
}

/** A limiter whose every call is bounded like the session store's (503 on a dead store). */
export function boundedLimiter(limiter: RateLimiter, timeoutMs: number): RateLimiter {
  const bounded = <T>(operation: () => Promise<T>) =>
    withStoreTimeout('The rate-limit store', timeoutMs, operation);
  return {
    consume: (key) => bounded(() => limiter.consume(key)),
    reset: (key) => bounded(() => limiter.reset(key)),
    peek: (key) => bounded(() => limiter.peek(key)),
    refund: (key) => bounded(() => limiter.refund(key)),
  };
}

export interface ServiceOptions {
  /** Keys in Redis start with this (tests isolate themselves with a random one). */
  redisPrefix?: string;
  now?: () => number;
}

const PRUNE_EVERY_MS = 10 * 60 * 1000;
const REDIS_ERROR_EVERY_MS = 10_000;

export async function createServices(
  config: Config,
  logger: Logger,
  options: ServiceOptions = {},
): Promise<Services> {
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: config.sqliteFile,
    onIdleError: (error) => logger.warn({ err: error }, 'An idle database connection failed'),
    timeouts: config.database,
  });
  const { applied, ahead } = await migrate(database);
  if (applied.length > 0) logger.info({ migrations: applied }, 'Database migrated');
  if (ahead.length > 0) {
    logger.info(
      { ahead },
      'The database has expand migrations of a newer release: running beside it',
    );
  }
  await ensureProducts(database.db);

  const prefix = options.redisPrefix ?? 'tessera:';
  let redis: Redis | null = null;
  let backend: RateLimitBackend = { kind: 'database', database };
  let store: AppSessionStore;
  if (config.redisUrl) {
    redis = new Redis(config.redisUrl, {
      maxRetriesPerRequest: 2,
      lazyConnect: true,
      // Requests give up after storeTimeoutMs (BoundedSessionStore); this only frees the
      // commands a silent Redis would otherwise hold forever.
      commandTimeout: config.storeTimeoutMs * 5,
    });
    // Without a listener ioredis prints every reconnection failure as text; one JSON warning
    // per burst is enough to see that Redis went away (and when it came back).
    let reported = 0;
    let suppressed = 0;
    redis.on('error', (error: Error) => {
      const now = Date.now();
      if (now - reported < REDIS_ERROR_EVERY_MS) {
        suppressed += 1;
        return;
      }
      logger.warn({ err: error, suppressed }, 'Redis connection error');
      reported = now;
      suppressed = 0;
    });
    redis.on('ready', () => {
      if (reported) logger.info('Redis connection ready again');
    });
    await redis.connect();
    store = new RedisSessionStore(redis, { prefix, now: options.now });
    backend = { kind: 'redis', redis, prefix };
  } else {
    store = new DatabaseSessionStore(database.db, options.now);
  }
  const timeoutMs = config.storeTimeoutMs;
  const sessionStore = new BoundedSessionStore(store, timeoutMs);

  const limiter = async (rule: typeof SIGN_IN_LIMIT) =>
    boundedLimiter(await createRateLimiter(backend, rule), timeoutMs);
  const limiters = {
    signIn: await limiter(SIGN_IN_LIMIT),
    signInAccount: boundedLimiter(
      await createBackoffLimiter(backend, SIGN_IN_ACCOUNT_LIMIT),
      timeoutMs,
    ),
    passwordReset: await limiter(PASSWORD_RESET_LIMIT),
    passwordCheck: boundedLimiter(
      await createBackoffLimiter(backend, PASSWORD_CHECK_LIMIT),
      timeoutMs,
    ),
    secondFactor: boundedLimiter(
      await createBackoffLimiter(backend, SECOND_FACTOR_LIMIT),
      timeoutMs,
    ),
    pageViews: await limiter(PAGE_VIEW_LIMIT),
    secretGuesses: await limiter(SECRET_GUESS_LIMIT),
    purchaseStatus: await limiter(PURCHASE_STATUS_LIMIT),
    registryTokens: await limiter(REGISTRY_TOKEN_LIMIT),
    downloads: await limiter(DOWNLOAD_LIMIT),
    licenseApiAddress: await limiter(LICENSE_API_ADDRESS_LIMIT),
    licenseApiKey: await limiter(LICENSE_API_KEY_LIMIT),
    componentCopies: await limiter(COMPONENT_COPY_LIMIT),
  } satisfies Limiters;

  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'mail'),
    logger,
    testMode: config.testMode,
  });

  const mailQueue = createMailQueue({
    database,
    mailer,
    brandName: config.brandName,
    logger,
    now: options.now,
  });
  const payments = createPayments({ config, database, logger, now: options.now });

  // Expired sessions in the database are removed by one instance per period (Redis expires its
  // own), started with the workers: a process that serves no requests (a command) prunes nothing.
  let stopPruning: (() => void) | undefined;

  // Other instances' enqueues wake this one's workers (decision 038).
  let wakeUps: ReturnType<typeof listenForJobs> | undefined;

  return {
    database,
    redis,
    sessionStore,
    mailer,
    mailQueue,
    payments,
    limiters,
    startWorkers() {
      wakeUps ??= listenForJobs(database, logger);
      if (!redis && !stopPruning) {
        stopPruning = startPeriodic({
          db: database.db,
          name: 'prune-sessions',
          everyMs: PRUNE_EVERY_MS,
          run: () => sessionStore.prune(),
          logger,
          now: options.now,
        });
      }
      mailQueue.start();
      payments.start();
    },
    health: () => checkHealth(database, redis ? sessionStore : 'database', timeoutMs),
    async close() {
      stopPruning?.();
      await Promise.all([mailQueue.stop(), payments.stop(), wakeUps?.close()]);
      mailer.close();
      redis?.disconnect();
      await database.close();
    },
  };
}

export { checkHealth };
