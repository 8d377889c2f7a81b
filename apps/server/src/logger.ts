import { formatWithOptions } from 'node:util';
import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { Config } from './config.ts';

export type { Logger } from 'pino';

const SECRET_KEYS = [
  'password',
  'old_password',
  'new_password',
  'password_confirmation',
  'token',
  'invite_token',
  'secret',
  'sessionSecret',
  'authorization',
  'cookie',
  'license_key',
  'hash',
];

// Secrets never reach the log, whatever object they travel in.
const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];

// Capabilities that live in URLs are masked in logged URLs: password-reset and e-mail-undo
// tokens, licence keys, a purchase's status hash (`/paddle-purchases/{hash}`, the thank-you
// page's `?checkout={hash}`), a sandbox transaction id (its checkout and receipt links).
const SECRET_URL_SEGMENTS = [
  /(\/password\/reset\/)[^/?#]+/gi,
  /(\/licenses\/)[^/?#]+/gi,
  /(\/paddle-purchases\/)[^/?#]+/gi,
  /(\/sandbox-checkout\/)[^/?#]+/gi,
  /(\/sandbox-receipts\/)[^/?#]+/gi,
  /(\/account-settings\/email\/undo\/)[^/?#]+/gi,
];
const SECRET_QUERY_PARAMS =
  /([?&](?:token|invite_token|signature|password|checkout|_ptxn|license_key|hash)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  let result = url;
  for (const pattern of SECRET_URL_SEGMENTS) result = result.replace(pattern, '$1[redacted]');
  return result.replace(SECRET_QUERY_PARAMS, '$1[redacted]');
}

function loggerOptions(config: Pick<Config, 'logLevel'>): LoggerOptions {
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
  };
}

/** Pretty, human output in development only; JSON lines everywhere else. */
export async function createLogger(
  config: Pick<Config, 'logLevel' | 'nodeEnv'>,
  destination?: DestinationStream,
): Promise<Logger> {
  const options = loggerOptions(config);
  if (destination) return pino(options, destination);
  if (config.nodeEnv === 'development') {
    // pino-pretty is a dev dependency: never imported in production.
    const { default: pretty } = await import('pino-pretty');
    return pino(
      options,
      pretty({
        colorize: true,
        singleLine: true,
        translateTime: 'SYS:HH:MM:ss',
        ignore: 'pid,hostname',
      }),
    );
  }
  // Asynchronous writes: a request never waits on stdout. pino flushes what is buffered when
  // the process exits (a fatal error included).
  return pino(options, pino.destination({ dest: 1, sync: false }));
}

const CONSOLE_LEVELS = {
  debug: 'debug',
  info: 'info',
  log: 'info',
  warn: 'warn',
  error: 'error',
} as const;

/**
 * Everything the process prints goes out as one JSON line (decision 037): what libraries write
 * with `console.*` (ioredis, for one), Node's own warnings, and errors nobody caught, whose
 * stacks would otherwise span many lines that a log collector splits into separate entries.
 */
export function jsonOnly(logger: Logger, target: NodeJS.Process = process): void {
  const console = globalThis.console as unknown as Record<string, (...args: unknown[]) => void>;
  for (const [method, level] of Object.entries(CONSOLE_LEVELS)) {
    console[method] = (...args: unknown[]) => {
      const error = args.find((arg): arg is Error => arg instanceof Error);
      const text = formatWithOptions({ breakLength: Infinity }, ...args.filter((a) => a !== error));
      if (error) logger[level]({ err: error, source: 'console' }, text || error.message);
      else logger[level]({ source: 'console' }, text);
    };
  }
  // Node prints warnings itself through a listener of its own: replace it.
  target.removeAllListeners('warning');
  target.on('warning', (warning) => logger.warn({ err: warning }, warning.message));
  target.on('unhandledRejection', (reason) => {
    logger.error({ err: reason }, 'Unhandled promise rejection');
  });
  target.on('uncaughtException', (error) => {
    logger.fatal({ err: error }, 'Uncaught exception: exiting');
    logger.flush();
    target.exit(1);
  });
}
