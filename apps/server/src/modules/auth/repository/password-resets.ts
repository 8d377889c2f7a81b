import type { Db, Tx } from '../../../db/database.ts';
import { randomToken, sha256 } from '../service/tokens.ts';

/** Spec: the reset link works for 60 minutes, once. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export type ResetCheck =
  { status: 'valid'; id: number; userId: number } | { status: 'expired' | 'used' | 'invalid' };

export function passwordResets(db: Db | Tx, now: () => number) {
  return {
    /** A new single-use token (256 bits); only its hash is stored. */
    async create(userId: number): Promise<string> {
      const token = randomToken(32);
      await db
        .insertInto('password_resets')
        .values({
          user_id: userId,
          token_hash: sha256(token),
          expires_at: now() + RESET_TOKEN_TTL_MS,
          used_at: null,
          created_at: now(),
        })
        .execute();
      return token;
    },
    async check(token: string, userId: number | undefined): Promise<ResetCheck> {
      const row = await db
        .selectFrom('password_resets')
        .selectAll()
        .where('token_hash', '=', sha256(token))
        .executeTakeFirst();
      if (!row || (userId !== undefined && row.user_id !== userId)) return { status: 'invalid' };
      if (row.used_at !== null) return { status: 'used' };
      if (row.expires_at <= now()) return { status: 'expired' };
      return { status: 'valid', id: row.id, userId: row.user_id };
    },
    /** Marks the token used; false when another request used it first. */
    async markUsed(id: number): Promise<boolean> {
      const result = await db
        .updateTable('password_resets')
        .set({ used_at: now() })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** After a successful reset every other outstanding link of that user stops working. */
    async invalidateAll(userId: number): Promise<void> {
      await db
        .updateTable('password_resets')
        .set({ used_at: now() })
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute();
    },
  };
}
