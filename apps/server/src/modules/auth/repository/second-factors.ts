import type { Db, Tx } from '../../../db/database.ts';

/** What an account's second-factor history records (decision 044). */
export type SecurityEvent =
  | 'totp.enabled'
  | 'totp.disabled'
  | 'recovery-codes.regenerated'
  | 'second-step.passed'
  | 'second-step.failed'
  | 'recovery-code.used'
  | 'passkey.added'
  | 'passkey.renamed'
  | 'passkey.removed';

/** How long an account's security events are kept (as its sign-ins). */
const EVENT_HISTORY_MS = 90 * 24 * 60 * 60 * 1000;

/** The rows behind an account's second factors: the TOTP secret and the recovery codes. */
export function secondFactorRows(db: Db | Tx, now: () => number) {
  return {
    totpOf(userId: number) {
      return db
        .selectFrom('totp_credentials')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },
    async saveTotp(userId: number, secretEncrypted: string, lastTimeStep: number): Promise<void> {
      await db.deleteFrom('totp_credentials').where('user_id', '=', userId).execute();
      await db
        .insertInto('totp_credentials')
        .values({
          user_id: userId,
          secret_encrypted: secretEncrypted,
          last_time_step: lastTimeStep,
          created_at: now(),
        })
        .execute();
    },
    /**
     * Moves the last accepted step forward to `step`; false when that step (or a later one) was
     * already accepted: the same code twice, or two requests racing with it.
     */
    async acceptTimeStep(userId: number, step: number): Promise<boolean> {
      const result = await db
        .updateTable('totp_credentials')
        .set({ last_time_step: step })
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('last_time_step', 'is', null), eb('last_time_step', '<', step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async deleteTotp(userId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('totp_credentials')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    unusedCodes(userId: number) {
      return db
        .selectFrom('recovery_codes')
        .select(['id', 'code_hash'])
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .orderBy('id')
        .execute();
    },
    async replaceCodes(userId: number, hashes: string[]): Promise<void> {
      await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
      if (hashes.length === 0) return;
      await db
        .insertInto('recovery_codes')
        .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: now() })))
        .execute();
    },
    /** Spends one code; false when another request spent it first. */
    async spendCode(id: number): Promise<boolean> {
      const result = await db
        .updateTable('recovery_codes')
        .set({ used_at: now() })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async record(userId: number, event: SecurityEvent, ip: string | undefined): Promise<void> {
      await db
        .insertInto('security_events')
        .values({ user_id: userId, event, ip: ip?.slice(0, 64) ?? null, created_at: now() })
        .execute();
      await db
        .deleteFrom('security_events')
        .where('user_id', '=', userId)
        .where('created_at', '<', now() - EVENT_HISTORY_MS)
        .execute();
    },
    recentEvents(userId: number, limit = 20) {
      return db
        .selectFrom('security_events')
        .select(['event', 'ip', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}
