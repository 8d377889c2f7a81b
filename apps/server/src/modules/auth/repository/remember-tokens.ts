import type { Db, Tx } from '../../../db/database.ts';
import { randomToken, sameHash, sha256 } from '../service/tokens.ts';

/** How long "remember me" keeps a browser signed in without a password. */
export const REMEMBER_ME_DAYS = 30;
const REMEMBER_ME_MS = REMEMBER_ME_DAYS * 24 * 60 * 60 * 1000;

export interface IssuedRememberToken {
  selector: string;
  /** `selector:validator`, the cookie's value. Only the validator's hash is stored. */
  cookieValue: string;
  expiresAt: number;
}

/**
 * Remember-me tokens in the split-token pattern: the selector finds the row, the validator is
 * compared by hash in constant time. Each use replaces the token (rotation), so a stolen
 * cookie that is used is noticed: the real browser's token no longer works.
 */
export function rememberTokens(db: Db | Tx, now: () => number) {
  async function issue(userId: number): Promise<IssuedRememberToken> {
    const selector = randomToken(12);
    const validator = randomToken(32);
    const expiresAt = now() + REMEMBER_ME_MS;
    await db
      .insertInto('remember_tokens')
      .values({
        user_id: userId,
        selector,
        validator_hash: sha256(validator),
        expires_at: expiresAt,
        created_at: now(),
      })
      .execute();
    return { selector, cookieValue: `${selector}:${validator}`, expiresAt };
  }

  return {
    issue,
    /** The user a cookie value stands for, consuming the token; null when it is not valid. */
    async consume(cookieValue: string): Promise<{ userId: number } | null> {
      const [selector, validator] = cookieValue.split(':');
      if (!selector || !validator || selector.length > 32) return null;
      const row = await db
        .selectFrom('remember_tokens')
        .selectAll()
        .where('selector', '=', selector)
        .executeTakeFirst();
      if (!row) return null;
      // Used once, whatever the outcome: a wrong validator for a real selector is a theft signal.
      const deleted = await db
        .deleteFrom('remember_tokens')
        .where('id', '=', row.id)
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) !== 1) return null;
      if (row.expires_at <= now() || !sameHash(sha256(validator), row.validator_hash)) return null;
      return { userId: row.user_id };
    },
    async revoke(selector: string): Promise<void> {
      await db.deleteFrom('remember_tokens').where('selector', '=', selector).execute();
    },
    async revokeAllExcept(userId: number, keepSelector?: string): Promise<void> {
      let query = db.deleteFrom('remember_tokens').where('user_id', '=', userId);
      if (keepSelector) query = query.where('selector', '!=', keepSelector);
      await query.execute();
    },
  };
}
