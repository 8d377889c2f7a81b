import type { Request } from 'express';
import { retryMessage, TooManyRequestsError } from '../../../http/errors.ts';
import type { RateLimiter } from '../../../http/rate-limit.ts';

const guessesMessage = (seconds: number) =>
  retryMessage('wrong licence keys or invite links', seconds);

/**
 * Wrong secrets per address (decision 008): an unknown licence key, a wrong or reset invite
 * token, an address already in use. Only misses are counted; once the budget is spent every
 * lookup from that address is refused until the window ends, right or wrong, so the answer
 * says nothing about the secret.
 */
export function secretGuesses(limiter: RateLimiter) {
  const keyOf = (req: Request) => req.ip ?? 'unknown';
  return {
    /** Throws a 429 while this address has spent its budget; `message` words the wait. */
    async ensureAllowed(req: Request, message = guessesMessage): Promise<void> {
      const result = await limiter.peek(keyOf(req));
      if (result.allowed) return;
      throw new TooManyRequestsError(result.retryAfterSeconds, message(result.retryAfterSeconds));
    },
    async miss(req: Request): Promise<void> {
      await limiter.consume(keyOf(req));
    },
  };
}

export type SecretGuesses = ReturnType<typeof secretGuesses>;
