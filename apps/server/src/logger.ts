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

// Secrets that live in URLs (password-reset tokens, licence keys) are masked in logged URLs.
const SECRET_URL_SEGMENTS = [/(\/password\/reset\/)[^/?#]+/, /(\/licenses\/)[^/?#]+/];
const SECRET_QUERY_PARAMS = /([?&](?:token|invite_token|signature|password)=)[^&#]*/gi;

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
