import type { Tx } from '../../../db/database.ts';

/** A deleted account's personal access tokens stop working at once; returns how many were live. */
export async function revokeAllTokens(tx: Tx, userId: number, at: number): Promise<number> {
  const result = await tx
    .updateTable('access_tokens')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
