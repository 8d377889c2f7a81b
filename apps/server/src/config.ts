import { hkdfSync } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { BLACK_FRIDAY_WINDOW } from '@tessera/pages/constants';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const SECRET_MIN_LENGTH = 32;
// Only ever used outside production; production refuses to start without a real secret.
const DEVELOPMENT_SESSION_SECRET = 'tessera-development-session-secret-do-not-use-in-production';
const DEFAULT_STOREFRONT_DIST = path.resolve(import.meta.dirname, '../../storefront/dist');
const DEFAULT_CATALOG_DIST = path.resolve(import.meta.dirname, '../../../packages/catalog/dist');
const DEFAULT_DATA_DIR = path.resolve(import.meta.dirname, '../../../data');
/** The clearly labelled sample of the bundle's ebook, so its journey runs offline. */
export const SAMPLE_DIGITAL_GOODS_DIR = path.resolve(
  import.meta.dirname,
  '../digital-goods-sample',
);
/** scrypt N = 2^17, r = 8, p = 1: OWASP ASVS 5's floor for scrypt. Production never goes lower. */
export const PRODUCTION_PASSWORD_HASH_COST = 17;

const LOOPBACK_HOSTS = ['127.0.0.1', '::1', 'localhost'];
const TRUE_WORDS = ['true', '1', 'on', 'yes'];
const FALSE_WORDS = ['false', '0', 'off', 'no'];

const flag = z
  .string()
  .transform((value) => value.trim().toLowerCase())
  .refine((value) => TRUE_WORDS.includes(value) || FALSE_WORDS.includes(value), {
    message: `must be one of ${[...TRUE_WORDS, ...FALSE_WORDS].join(', ')}`,
  })
  .transform((value) => TRUE_WORDS.includes(value));

const milliseconds = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number of milliseconds')
    .transform(Number)
    .refine((ms) => ms >= min && ms <= max, `must be between ${min} and ${max}`);

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z
      .string()
      .regex(/^\d+$/, 'must be an integer between 0 and 65535')
      .transform(Number)
      .refine((port) => port <= 65_535, 'must be an integer between 0 and 65535')
      .default(3000),
    APP_URL: z
      .url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' })
      .transform((url) => url.replace(/\/+$/, ''))
      .optional(),
    BRAND_NAME: z.string().trim().min(1).default('Tessera UI'),
    LOG_LEVEL: z.enum(LOG_LEVELS).optional(),
    SESSION_SECRET: z.string().optional(),
    DATA_DIR: z
      .string()
      .transform((dir) => path.resolve(dir))
      .default(DEFAULT_DATA_DIR),
    DATABASE_URL: z
      .string()
      .regex(/^(postgres(ql)?:\/\/|sqlite:)/, 'must start with postgres:// or sqlite:')
      .optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().trim().min(3).optional(),
    // How many app processes serve this store at once (behind a balancer); 1 unless told.
    INSTANCES: z
      .string()
      .regex(/^\d+$/, 'must be a whole number')
      .transform(Number)
      .refine((count) => count >= 1 && count <= 1000, 'must be between 1 and 1000')
      .default(1),
    SUPPORT_EMAIL: z.email().default('support@tessera-ui.com'),
    ISSUE_TRACKER_URL: z
      .url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' })
      .default('https://github.com/tessera-ui/tessera-ui/issues'),
    // The changelog's mailing-list form service; our own /newsletter when unset.
    NEWSLETTER_FORM_URL: z
      .url({ protocol: /^https$/, error: 'must be an absolute https URL' })
      .optional(),
    // The community chat's invite link (/discord redirects there); a clear message when unset.
    COMMUNITY_URL: z
      .url({ protocol: /^https$/, error: 'must be an absolute https URL' })
      .optional(),
    PASSWORD_HASH_COST: z
      .string()
      .regex(/^\d+$/, 'must be an integer (log2 of the scrypt cost N)')
      .transform(Number)
      .refine((cost) => cost >= 10 && cost <= 20, 'must be between 10 and 20')
      .default(PRODUCTION_PASSWORD_HASH_COST),
    SSR: flag.default(true),
    CATALOG_DIST: z
      .string()
      .transform((dir) => path.resolve(dir))
      .default(DEFAULT_CATALOG_DIST),
    STOREFRONT_DIST: z
      .string()
      .transform((dir) => path.resolve(dir))
      .default(DEFAULT_STOREFRONT_DIST),
    TRUST_PROXY: z
      .string()
      .transform((value): boolean | number | string => {
        const word = value.trim().toLowerCase();
        // A number is a hop count ("1" = trust the first proxy), as Express reads it.
        if (/^\d+$/.test(word)) return Number(word);
        if (TRUE_WORDS.includes(word)) return true;
        if (FALSE_WORDS.includes(word)) return false;
        return value.trim();
      })
      .default(false),
    // Sessions and rate-limit counters: how long one store operation may take before the
    // request fails fast with a 503 instead of hanging on a store that went away.
    STORE_TIMEOUT_MS: z
      .string()
      .regex(/^\d+$/, 'must be a whole number of milliseconds')
      .transform(Number)
      .refine((ms) => ms >= 50 && ms <= 60_000, 'must be between 50 and 60000')
      .default(1000),
    // The database (decision 035): how long one statement may run, how long it may wait for a
    // lock, how long a request may wait for a pool connection, and the pool's size.
    DB_STATEMENT_TIMEOUT_MS: milliseconds(100, 600_000).default(5000),
    DB_LOCK_TIMEOUT_MS: milliseconds(50, 600_000).default(3000),
    DB_ACQUIRE_TIMEOUT_MS: milliseconds(50, 600_000).default(3000),
    DB_POOL_SIZE: z
      .string()
      .regex(/^\d+$/, 'must be a whole number')
      .transform(Number)
      .refine((size) => size >= 1 && size <= 200, 'must be between 1 and 200')
      .default(10),
    // Stopping (decision 036): after SIGTERM, readiness says 503 for DRAIN_MS while requests are
    // still served (the balancer's checks notice), then the listener closes; SHUTDOWN_TIMEOUT_MS
    // after SIGTERM the process ends whatever is still running.
    // Default: 5 s in production, none elsewhere (a developer's Ctrl-C stops at once).
    DRAIN_MS: milliseconds(0, 600_000).optional(),
    SHUTDOWN_TIMEOUT_MS: milliseconds(1000, 600_000).default(20_000),
    // A folder every release shares: each one adds its hashed assets, so any instance serves the
    // scripts of the releases beside it (decision 034). Unset: this build's own files only.
    ASSETS_DIR: z
      .string()
      .transform((dir) => path.resolve(dir))
      .optional(),
    ASSET_RELEASES_KEPT: z
      .string()
      .regex(/^\d+$/, 'must be a whole number')
      .transform(Number)
      .refine((count) => count >= 2 && count <= 100, 'must be between 2 and 100')
      .default(5),
    // Prometheus metrics on a listener of their own, never the public port (decision 037).
    METRICS_PORT: z
      .string()
      .regex(/^\d+$/, 'must be an integer between 0 and 65535')
      .transform(Number)
      .refine((port) => port <= 65_535, 'must be an integer between 0 and 65535')
      .optional(),
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    // The Black Friday offer's window: ISO 8601 instants with an offset (docs/decisions/007).
    BLACK_FRIDAY_STARTS_AT: z.string().trim().default(BLACK_FRIDAY_WINDOW.startsAt),
    BLACK_FRIDAY_ENDS_AT: z.string().trim().default(BLACK_FRIDAY_WINDOW.endsAt),
    // The operator's files of digital goods that are not components (decision 046): the
    // bundle's ebook. Default outside production: the project's labelled sample.
    DIGITAL_GOODS_DIR: z
      .string()
      .transform((dir) => path.resolve(dir))
      .optional(),
    // Who takes the money (decision 006): our own offline sandbox, or Paddle Billing.
    PAYMENT_PROVIDER: z.enum(['sandbox', 'paddle']).default('sandbox'),
    PADDLE_API_KEY: z.string().trim().min(1).optional(),
    PADDLE_CLIENT_TOKEN: z.string().trim().min(1).optional(),
    PADDLE_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
    // The secret of the destination being replaced, accepted too while a rotation is under way.
    PADDLE_WEBHOOK_SECRET_PREVIOUS: z.string().trim().min(1).optional(),
    PADDLE_ENVIRONMENT: z.enum(['sandbox', 'production']).optional(),
    // A production store takes test payments (the sandbox, or Paddle's sandbox environment) only
    // when the operator says so (decision 040): pages, e-mails and licences then say "test mode".
    PAYMENTS_TEST_MODE: flag.default(false),
    // How far a webhook's signed timestamp may be from our clock (replayed or forged deliveries).
    WEBHOOK_TOLERANCE_SECONDS: z
      .string()
      .regex(/^\d+$/, 'must be a whole number of seconds')
      .transform(Number)
      .refine((seconds) => seconds >= 1 && seconds <= 3600, 'must be between 1 and 3600')
      .default(5),
    // The sandbox signs its webhooks with this; derived from SESSION_SECRET when unset.
    SANDBOX_WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    // Where the sandbox delivers its webhooks; this server's own listening address when unset.
    SANDBOX_WEBHOOK_URL: z
      .url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' })
      .optional(),
    // Tests and drills: every sandbox webhook delivered several times and out of order.
    SANDBOX_CHAOS: flag.default(false),
  })
  .superRefine((env, ctx) => {
    try {
      offerWindow(env.BLACK_FRIDAY_STARTS_AT, env.BLACK_FRIDAY_ENDS_AT);
    } catch (error) {
      ctx.addIssue({
        code: 'custom',
        path: ['BLACK_FRIDAY_ENDS_AT'],
        message: `with BLACK_FRIDAY_STARTS_AT, must give the offer's window as ISO 8601 instants with an offset, e.g. 2026-11-28T00:00:00-12:00: ${(error as Error).message}`,
      });
    }
    if (env.PAYMENT_PROVIDER === 'paddle') {
      for (const variable of [
        'PADDLE_API_KEY',
        'PADDLE_CLIENT_TOKEN',
        'PADDLE_WEBHOOK_SECRET',
        'PADDLE_ENVIRONMENT',
      ] as const) {
        if (env[variable] === undefined) {
          ctx.addIssue({
            code: 'custom',
            path: [variable],
            message: 'is required when PAYMENT_PROVIDER is paddle',
          });
        }
      }
    }
    // The app speaks plain HTTP only, so an https APP_URL means TLS ends at a proxy in front of
    // it. Without trusting that proxy every request looks like http and the Secure session
    // cookie is silently never sent: nobody could sign in.
    if (env.APP_URL?.startsWith('https:') && !env.TRUST_PROXY) {
      ctx.addIssue({
        code: 'custom',
        path: ['TRUST_PROXY'],
        message:
          'must be set when APP_URL is https: the server itself speaks plain HTTP, so TLS ends at a proxy; set TRUST_PROXY to that proxy (e.g. 1, loopback, or its address), or use an http APP_URL',
      });
    }
    if (
      env.METRICS_PORT !== undefined &&
      !LOOPBACK_HOSTS.includes(env.METRICS_HOST) &&
      !env.METRICS_TOKEN
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_TOKEN'],
        message:
          'is required when METRICS_HOST is not a loopback address: metrics name routes, volumes and failures',
      });
    }
    if (env.NODE_ENV !== 'production') return;
    if (takesTestPayments(env) && !env.PAYMENTS_TEST_MODE) {
      ctx.addIssue({
        // Stryker disable next-line StringLiteral: the store reports an issue's path and message, never its code
        code: 'custom',
        path: [env.PAYMENT_PROVIDER === 'paddle' ? 'PADDLE_ENVIRONMENT' : 'PAYMENT_PROVIDER'],
        message:
          env.PAYMENT_PROVIDER === 'paddle'
            ? "is Paddle's sandbox: a production store takes no test payments unless PAYMENTS_TEST_MODE=true says it is a test store (every page, e-mail and licence then says test mode); set PADDLE_ENVIRONMENT=production to sell"
            : 'is sandbox: a production store takes no test payments unless PAYMENTS_TEST_MODE=true says it is a test store (every page, e-mail and licence then says test mode); set PAYMENT_PROVIDER=paddle and the PADDLE_* variables to sell',
      });
    }
    if (env.INSTANCES > 1 && !env.SMTP_URL) {
      // Without SMTP each process writes mail into a folder on its own disk: a buyer's licence
      // e-mail would land on whichever instance sent it, where nobody reads it.
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message:
          'is required in production with INSTANCES above 1: without it every instance keeps its own mail outbox folder',
      });
    }
    if (env.PASSWORD_HASH_COST < PRODUCTION_PASSWORD_HASH_COST) {
      ctx.addIssue({
        code: 'custom',
        path: ['PASSWORD_HASH_COST'],
        message: `must be at least ${PRODUCTION_PASSWORD_HASH_COST} in production`,
      });
    }
    if (!env.SESSION_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'is required in production',
      });
    } else if (env.SESSION_SECRET.length < SECRET_MIN_LENGTH) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: `must be at least ${SECRET_MIN_LENGTH} characters in production`,
      });
    }
  });

/** Whether the configured provider takes test payments only: our sandbox, Paddle's sandbox. */
function takesTestPayments(env: {
  PAYMENT_PROVIDER: 'sandbox' | 'paddle';
  PADDLE_ENVIRONMENT?: 'sandbox' | 'production' | undefined;
}): boolean {
  return env.PAYMENT_PROVIDER === 'sandbox' || env.PADDLE_ENVIRONMENT === 'sandbox';
}

type NodeEnv = 'development' | 'test' | 'production';
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  nodeEnv: NodeEnv;
  isProduction: boolean;
  isDevelopment: boolean;
  host: string;
  port: number;
  /** Public origin of the store, without a trailing slash. */
  appUrl: string;
  brandName: string;
  logLevel: LogLevel;
  sessionSecret: string;
  ssr: boolean;
  /** Absolute path of the storefront build (`client/` and `ssr/` inside). */
  storefrontDist: string;
  /** The catalogue build (`pnpm build`): catalog.json, content.json, code, previews, images. */
  catalogDist: string;
  trustProxy: boolean | number | string;
  /** Where the embedded defaults keep their files: the SQLite database, mail outbox, secret. */
  dataDir: string;
  /** PostgreSQL when it starts with postgres://; else SQLite at `sqliteFile`. */
  databaseUrl: string | undefined;
  sqliteFile: string;
  /** Sessions and rate-limit counters go to Redis when set, else to the database. */
  redisUrl: string | undefined;
  /** Outgoing mail over SMTP when set; else the development outbox in `{dataDir}/mail`. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Sales, account and licence questions (the Support page). */
  supportEmail: string;
  issueTrackerUrl: string;
  /** Where the changelog's subscribe form posts `email_address`; '/newsletter' is our own. */
  newsletterFormUrl: string;
  /** The community chat's invite URL, where /discord leads; none until the operator sets one. */
  communityUrl: string | undefined;
  /** log2 of scrypt's N. */
  passwordHashCost: number;
  /** When the Black Friday bundle is for sale (BLACK_FRIDAY_STARTS_AT / BLACK_FRIDAY_ENDS_AT). */
  blackFriday: OfferWindow;
  /**
   * The folder of digital goods (DIGITAL_GOODS_DIR). Unset: the shipped sample, except in a
   * production store taking real money (Paddle), which has none (main.ts then refuses to start
   * while the bundle is on sale).
   */
  digitalGoodsDir: string | undefined;
  /** The longest one session-store or rate-limiter operation may take (STORE_TIMEOUT_MS). */
  storeTimeoutMs: number;
  /** Statement, lock and pool-wait limits and the pool's size (DB_*). */
  database: { statementMs: number; lockMs: number; acquireMs: number; poolSize: number };
  /** After SIGTERM: readiness 503 for `drainMs`, then close; everything ends at `timeoutMs`. */
  shutdown: { drainMs: number; timeoutMs: number };
  /** The shared folder of every release's hashed assets, and how many releases it keeps. */
  assets: { dir: string | undefined; releasesKept: number };
  /** Where /metrics is served (its own listener), and the bearer token it asks for, if any. */
  metrics: { port: number; host: string; token: string | undefined } | null;
  payments: PaymentsConfig;
  /**
   * Test mode (decision 040): the provider takes test payments only (the sandbox, Paddle's
   * sandbox). Every page and e-mail says so, and what is bought is marked test; a live store
   * (false) counts no test licence.
   */
  testMode: boolean;
  /** Things worth a warning at boot that do not stop the start. */
  warnings: string[];
}

type PaymentsConfig = {
  /** Webhook timestamps further than this from our clock are refused (both directions). */
  webhookToleranceSeconds: number;
} & (
  | {
      provider: 'sandbox';
      /** What the sandbox signs with and the webhook endpoint verifies with. */
      webhookSecret: string;
      /** Where the sandbox delivers; null = this server's own listening address. */
      webhookUrl: string | null;
      chaos: boolean;
    }
  | {
      provider: 'paddle';
      apiKey: string;
      clientToken: string;
      /** The current secret first; the previous one while a rotation is under way. */
      webhookSecrets: string[];
      environment: 'sandbox' | 'production';
    }
);

export class ConfigError extends Error {
  readonly issues: string[];

  constructor(issues: string[]) {
    super(`Invalid environment configuration:\n${issues.map((line) => `  - ${line}`).join('\n')}`);
    this.name = 'ConfigError';
    this.issues = issues;
  }
}

const SECRET_VARIABLES = new Set([
  'SESSION_SECRET',
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'PADDLE_API_KEY',
  'PADDLE_CLIENT_TOKEN',
  'PADDLE_WEBHOOK_SECRET',
  'PADDLE_WEBHOOK_SECRET_PREVIOUS',
  'SANDBOX_WEBHOOK_SECRET',
  'METRICS_TOKEN',
]);

/** The sandbox's webhook secret when none is configured: its own key, derived from SESSION_SECRET. */
export function derivedSandboxWebhookSecret(sessionSecret: string): string {
  return Buffer.from(
    hkdfSync('sha256', sessionSecret, 'tessera', 'tessera:sandbox-webhook-secret:v1', 32),
  ).toString('hex');
}

function describeIssue(issue: z.core.$ZodIssue, env: Record<string, string | undefined>): string {
  const variable = String(issue.path[0] ?? 'environment');
  const received = env[variable];
  const shown =
    received === undefined || SECRET_VARIABLES.has(variable)
      ? ''
      : ` (got ${JSON.stringify(received)})`;
  return `${variable}: ${issue.message}${shown}`;
}

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

/** Reads and validates the environment once; throws a `ConfigError` naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty value (`PORT=` in a .env file) means "not set".
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => describeIssue(issue, cleaned)));
  }
  const values = parsed.data;
  const warnings: string[] = [];

  let sessionSecret = values.SESSION_SECRET;
  if (!sessionSecret) {
    sessionSecret = DEVELOPMENT_SESSION_SECRET;
    if (values.NODE_ENV === 'development') {
      warnings.push(
        'SESSION_SECRET is not set: using an insecure development default. Set SESSION_SECRET (32+ characters) before deploying.',
      );
    }
  }

  const payments: PaymentsConfig =
    values.PAYMENT_PROVIDER === 'paddle'
      ? {
          provider: 'paddle',
          webhookToleranceSeconds: values.WEBHOOK_TOLERANCE_SECONDS,
          // Present: the schema refuses paddle without them.
          apiKey: values.PADDLE_API_KEY!,
          clientToken: values.PADDLE_CLIENT_TOKEN!,
          webhookSecrets: [
            values.PADDLE_WEBHOOK_SECRET!,
            values.PADDLE_WEBHOOK_SECRET_PREVIOUS,
          ].filter((secret): secret is string => Boolean(secret)),
          environment: values.PADDLE_ENVIRONMENT!,
        }
      : {
          provider: 'sandbox',
          webhookToleranceSeconds: values.WEBHOOK_TOLERANCE_SECONDS,
          webhookSecret:
            values.SANDBOX_WEBHOOK_SECRET ?? derivedSandboxWebhookSecret(sessionSecret),
          webhookUrl: values.SANDBOX_WEBHOOK_URL ?? null,
          chaos: values.SANDBOX_CHAOS,
        };
  const testMode = takesTestPayments(values);
  if (testMode && values.NODE_ENV === 'production') {
    warnings.push(
      'TEST MODE (PAYMENTS_TEST_MODE): the checkout takes no real money (test cards only); every page and e-mail says so and licences sold are test licences. Set PAYMENT_PROVIDER=paddle, PADDLE_ENVIRONMENT=production and the other PADDLE_* variables to sell.',
    );
  }

  // The labelled sample stands in for the operator's files wherever no real money is taken.
  const sellsForReal = values.NODE_ENV === 'production' && payments.provider === 'paddle';
  const digitalGoodsDir =
    values.DIGITAL_GOODS_DIR ?? (sellsForReal ? undefined : SAMPLE_DIGITAL_GOODS_DIR);
  if (values.NODE_ENV === 'production' && digitalGoodsDir === SAMPLE_DIGITAL_GOODS_DIR) {
    warnings.push(
      'DIGITAL_GOODS_DIR is not set: the bundle hands over the SAMPLE ebook. Set DIGITAL_GOODS_DIR to the folder of your files before selling.',
    );
  }

  return {
    nodeEnv: values.NODE_ENV,
    isProduction: values.NODE_ENV === 'production',
    isDevelopment: values.NODE_ENV === 'development',
    host: values.HOST,
    port: values.PORT,
    appUrl: values.APP_URL ?? `http://${urlHost(values.HOST)}:${values.PORT}`,
    brandName: values.BRAND_NAME,
    logLevel: values.LOG_LEVEL ?? (values.NODE_ENV === 'test' ? 'silent' : 'info'),
    sessionSecret,
    ssr: values.SSR,
    storefrontDist: values.STOREFRONT_DIST,
    catalogDist: values.CATALOG_DIST,
    trustProxy: values.TRUST_PROXY,
    dataDir: values.DATA_DIR,
    databaseUrl: values.DATABASE_URL?.startsWith('postgres') ? values.DATABASE_URL : undefined,
    sqliteFile: values.DATABASE_URL?.startsWith('sqlite:')
      ? path.resolve(values.DATABASE_URL.slice('sqlite:'.length))
      : path.join(values.DATA_DIR, 'tessera.sqlite'),
    redisUrl: values.REDIS_URL,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM ?? `${values.BRAND_NAME} <hello@tessera-ui.com>`,
    passwordHashCost: values.PASSWORD_HASH_COST,
    blackFriday: offerWindow(values.BLACK_FRIDAY_STARTS_AT, values.BLACK_FRIDAY_ENDS_AT),
    digitalGoodsDir,
    storeTimeoutMs: values.STORE_TIMEOUT_MS,
    supportEmail: values.SUPPORT_EMAIL,
    issueTrackerUrl: values.ISSUE_TRACKER_URL,
    newsletterFormUrl: values.NEWSLETTER_FORM_URL ?? '/newsletter',
    communityUrl: values.COMMUNITY_URL,
    database: {
      statementMs: values.DB_STATEMENT_TIMEOUT_MS,
      lockMs: values.DB_LOCK_TIMEOUT_MS,
      acquireMs: values.DB_ACQUIRE_TIMEOUT_MS,
      poolSize: values.DB_POOL_SIZE,
    },
    shutdown: {
      drainMs: values.DRAIN_MS ?? (values.NODE_ENV === 'production' ? 5000 : 0),
      timeoutMs: values.SHUTDOWN_TIMEOUT_MS,
    },
    assets: { dir: values.ASSETS_DIR, releasesKept: values.ASSET_RELEASES_KEPT },
    metrics:
      values.METRICS_PORT === undefined
        ? null
        : { port: values.METRICS_PORT, host: values.METRICS_HOST, token: values.METRICS_TOKEN },
    payments,
    testMode,
    warnings,
  };
}

/** A dated offer: on from `startsAt` (inclusive) to `endsAt` (exclusive), epoch milliseconds. */
export interface OfferWindow {
  startsAt: number;
  endsAt: number;
  /** The offer's last day as its copy names it ('until November 27th'): 'YYYY-MM-DD'. */
  lastDay: string;
}

/** ISO 8601 with a date, a time and an explicit offset: the only instants an offer accepts. */
const INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-](\d{2}):(\d{2}))$/;

/** The UTC offset an ISO instant is written in, in minutes (Z is 0). */
function offsetMinutes(instant: string): number {
  const match = INSTANT.exec(instant);
  if (!match) throw new Error(`"${instant}" is not an ISO 8601 instant with an offset`);
  if (match[7] === 'Z') return 0;
  const sign = match[7]!.startsWith('-') ? -1 : 1;
  return sign * (Number(match[8]) * 60 + Number(match[9]));
}

function parseInstant(instant: string): number {
  offsetMinutes(instant);
  const time = Date.parse(instant);
  if (Number.isNaN(time)) throw new Error(`"${instant}" is not a valid date and time`);
  return time;
}

/**
 * Reads an offer's window from two ISO instants. The last day is the calendar day of the last
 * millisecond of the offer in the offset `endsAt` is written in: '2026-11-28T00:00:00-12:00'
 * ends on November 27th.
 */
export function offerWindow(startsAt: string, endsAt: string): OfferWindow {
  const start = parseInstant(startsAt);
  const end = parseInstant(endsAt);
  if (end <= start) throw new Error(`the offer must end (${endsAt}) after it starts (${startsAt})`);
  const local = new Date(end - 1 + offsetMinutes(endsAt) * 60_000);
  return { startsAt: start, endsAt: end, lastDay: local.toISOString().slice(0, 10) };
}
