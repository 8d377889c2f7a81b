import type { Tx } from '../../../db/database.ts';

/** No scrypt hash has this shape: nothing signs in to a deleted account, whatever is typed. */
export const DELETED_PASSWORD_HASH = '!deleted';

/** The address a deleted account's row keeps: unique, undeliverable (`.invalid`), no person. */
export function deletedAccountEmail(userId: number): string {
  return `deleted-${userId}@deleted.invalid`;
}

/**
 * Empties a deleted account's row and its credentials, in the deletion's transaction. The row
 * itself stays, naming nobody, so the purchases, licences and audit entries kept about it still
 * point at one account (decision 060). The update matches only the address the account had when
 * the request began: of two deletions at once, the second changes nothing and returns false (on
 * PostgreSQL it waits for the first's row lock and re-checks).
 */
export async function eraseAccount(
  tx: Tx,
  user: { id: number; email: string },
  at: number,
): Promise<boolean> {
  const result = await tx
    .updateTable('users')
    .set({
      email: deletedAccountEmail(user.id),
      password_hash: DELETED_PASSWORD_HASH,
      is_admin: 0,
      snippet_lang: null,
      preview_color_scheme: null,
      preview_width: null,
      color_scheme: null,
      updated_at: at,
    })
    .where('id', '=', user.id)
    .where('email', '=', user.email)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await tx.deleteFrom('remember_tokens').where('user_id', '=', user.id).execute();
  await tx.deleteFrom('password_resets').where('user_id', '=', user.id).execute();
  await tx.deleteFrom('email_change_undos').where('user_id', '=', user.id).execute();
  await tx.deleteFrom('sign_ins').where('user_id', '=', user.id).execute();
  return true;
}
