import type { Db, Tx } from '../../../db/database.ts';

export type ChallengePurpose = 'register' | 'authenticate';

/** The rows behind an account's passkeys and the challenges of their ceremonies (decision 052). */
export function passkeyRows(db: Db | Tx, now: () => number) {
  return {
    listOf(userId: number) {
      return db
        .selectFrom('webauthn_credentials')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },
    async countOf(userId: number): Promise<number> {
      const row = await db
        .selectFrom('webauthn_credentials')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },
    /** The credential with this id, whoever it belongs to (the caller compares the owner). */
    byCredentialId(credentialId: string) {
      return db
        .selectFrom('webauthn_credentials')
        .selectAll()
        .where('credential_id', '=', credentialId)
        .executeTakeFirst();
    },
    async insert(row: {
      userId: number;
      credentialId: string;
      publicKey: string;
      counter: number;
      transports: string;
      name: string;
    }): Promise<number> {
      const inserted = await db
        .insertInto('webauthn_credentials')
        .values({
          user_id: row.userId,
          credential_id: row.credentialId,
          public_key: row.publicKey,
          counter: row.counter,
          transports: row.transports,
          name: row.name,
          created_at: now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(inserted.id);
    },
    /**
     * Moves the counter to `counter` and stamps its use, in one conditional update: false when
     * another request already moved it there or beyond (a replayed or racing assertion). An
     * authenticator that keeps 0 (many synced passkeys) stays at 0; its single use is the
     * challenge's.
     */
    async use(id: number, counter: number): Promise<boolean> {
      const result = await db
        .updateTable('webauthn_credentials')
        .set({ counter, last_used_at: now() })
        .where('id', '=', id)
        .where('counter', counter === 0 ? '=' : '<', counter)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async rename(userId: number, id: number, name: string): Promise<boolean> {
      const result = await db
        .updateTable('webauthn_credentials')
        .set({ name })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async remove(userId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('webauthn_credentials')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
    async saveChallenge(
      challenge: string,
      userId: number,
      purpose: ChallengePurpose,
      expiresAt: number,
    ): Promise<void> {
      // A new ceremony replaces the account's earlier unfinished one of the same kind.
      await db
        .deleteFrom('webauthn_challenges')
        .where((eb) =>
          eb.or([
            eb.and([eb('user_id', '=', userId), eb('purpose', '=', purpose)]),
            eb('expires_at', '<=', now()),
          ]),
        )
        .execute();
      await db
        .insertInto('webauthn_challenges')
        .values({ challenge, user_id: userId, purpose, expires_at: expiresAt })
        .execute();
    },
    /** Spends a challenge: true for the one request that deletes it before it expires. */
    async spendChallenge(
      challenge: string,
      userId: number,
      purpose: ChallengePurpose,
    ): Promise<boolean> {
      const result = await db
        .deleteFrom('webauthn_challenges')
        .where('challenge', '=', challenge)
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('expires_at', '>', now())
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
  };
}
