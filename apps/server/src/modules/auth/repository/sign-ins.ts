import { SIGN_IN_HISTORY_DAYS } from '@tessera/pages/constants';
import type { Db, Tx } from '../../../db/database.ts';

const HISTORY_MS = SIGN_IN_HISTORY_DAYS * 24 * 60 * 60 * 1000;

/** How the sign-in was completed: the password alone, remember-me, or the second step's kind. */
export type SignInMethod = 'password' | 'remember' | 'totp' | 'recovery-code' | 'passkey';

/**
 * Successful sign-ins, so support can answer "I can't sign in" or "was that me?". Each new one
 * drops the user's entries older than SIGN_IN_HISTORY_DAYS, so the table stays bounded per user.
 */
export function signIns(db: Db | Tx, now: () => number) {
  return {
    async record(userId: number, method: SignInMethod, ip: string | undefined): Promise<void> {
      await db
        .insertInto('sign_ins')
        .values({ user_id: userId, method, ip: ip?.slice(0, 64) ?? null, created_at: now() })
        .execute();
      await db
        .deleteFrom('sign_ins')
        .where('user_id', '=', userId)
        .where('created_at', '<', now() - HISTORY_MS)
        .execute();
    },
    recent(userId: number, limit = 10) {
      return db
        .selectFrom('sign_ins')
        .select(['method', 'ip', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}
