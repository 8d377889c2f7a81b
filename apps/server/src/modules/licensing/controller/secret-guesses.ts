import type { Request, Response } from 'express';
import { HttpError } from '../../../http/errors.ts';
import { retryMessage, type RateLimiter } from '../../../http/rate-limit.ts';

/**
 * Wrong secrets per address (decision 008): an unknown licence key, a wrong or reset invite
 * token, an address already in use. Only misses are counted; once the budget is spent every
 * lookup from that address is refused until the window ends, right or wrong, so the answer
 * says nothing about the secret.
 */
export function secretGuesses(limiter: RateLimiter) {
  const keyOf = (req: Request) => req.ip ?? 'unknown';
  return {
    async ensureAllowed(req: Request, res: Response): Promise<void> {
      const result = await limiter.peek(keyOf(req));
      if (result.allowed) return;
      res.set('Retry-After', String(result.retryAfterSeconds));
      throw new HttpError(
        429,
        retryMessage('wrong licence keys or invite links', result.retryAfterSeconds),
      );
    },
    /** Seconds until this address may try again, or null: for callers answering in JSON. */
    async wait(req: Request): Promise<number | null> {
      const result = await limiter.peek(keyOf(req));
      return result.allowed ? null : result.retryAfterSeconds;
    },
    async miss(req: Request): Promise<void> {
      await limiter.consume(keyOf(req));
    },
  };
}

export type SecretGuesses = ReturnType<typeof secretGuesses>;
