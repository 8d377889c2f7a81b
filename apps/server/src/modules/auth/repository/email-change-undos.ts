import type { Db, Tx } from '../../../db/database.ts';
import { randomToken, sha256 } from '../service/tokens.ts';

/** Decision 003: the undo link mailed to the old address works for 7 days, once. */
export const EMAIL_CHANGE_UNDO_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export type UndoCheck =
  | { status: 'valid'; id: number; userId: number; oldEmail: string }
  | { status: 'expired' | 'used' | 'invalid' };

export function emailChangeUndos(db: Db | Tx, now: () => number) {
  return {
    /** A new single-use token (256 bits); only its hash is stored. */
    async create(userId: number, oldEmail: string, newEmail: string): Promise<string> {
      const token = randomToken(32);
      await db
        .insertInto('email_change_undos')
        .values({
          user_id: userId,
          token_hash: sha256(token),
          old_email: oldEmail,
          new_email: newEmail,
          expires_at: now() + EMAIL_CHANGE_UNDO_TTL_MS,
          used_at: null,
          created_at: now(),
        })
        .execute();
      return token;
    },
    async check(token: string): Promise<UndoCheck> {
      // Our tokens are base64url; anything else (a lone surrogate, a huge value) is not one.
      if (!/^[\w-]{1,200}$/.test(token)) return { status: 'invalid' };
      const row = await db
        .selectFrom('email_change_undos')
        .selectAll()
        .where('token_hash', '=', sha256(token))
        .executeTakeFirst();
      if (!row) return { status: 'invalid' };
      if (row.used_at !== null) return { status: 'used' };
      if (row.expires_at <= now()) return { status: 'expired' };
      return { status: 'valid', id: row.id, userId: row.user_id, oldEmail: row.old_email };
    },
    /** Marks the link used; false when another request used it first. */
    async markUsed(id: number): Promise<boolean> {
      const result = await db
        .updateTable('email_change_undos')
        .set({ used_at: now() })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** Spends every outstanding undo link of the user. */
    async invalidateAll(userId: number): Promise<void> {
      await db
        .updateTable('email_change_undos')
        .set({ used_at: now() })
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute();
    },
  };
}
