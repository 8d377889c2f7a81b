import type { Db, Engine, Tx } from '../../db/database.ts';
import type { AccessToken } from '../../db/schema.ts';

/** A token as its owner's list shows it: never the hash. */
export type AccessTokenSummary = Pick<
  AccessToken,
  'id' | 'name' | 'prefix' | 'created_at' | 'expires_at' | 'last_used_at' | 'revoked_at'
>;

/** How stale `last_used_at` may get before a use writes it again (one write a minute at most). */
export const LAST_USE_RESOLUTION_MS = 60_000;

export function accessTokensRepository(db: Db | Tx) {
  return {
    async insert(values: {
      userId: number;
      name: string;
      hash: string;
      prefix: string;
      createdAt: number;
      expiresAt: number | null;
    }): Promise<number> {
      const row = await db
        .insertInto('access_tokens')
        .values({
          user_id: values.userId,
          name: values.name,
          token_hash: values.hash,
          prefix: values.prefix,
          created_at: values.createdAt,
          expires_at: values.expiresAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** A live token by its secret's hash: not revoked, not expired at `now`. */
    findLiveByHash(hash: string, now: number): Promise<AccessToken | undefined> {
      return db
        .selectFrom('access_tokens')
        .selectAll()
        .where('token_hash', '=', hash)
        .where('revoked_at', 'is', null)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
        .executeTakeFirst();
    },

    listForUser(userId: number): Promise<AccessTokenSummary[]> {
      return db
        .selectFrom('access_tokens')
        .select(['id', 'name', 'prefix', 'created_at', 'expires_at', 'last_used_at', 'revoked_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** The user's own token by id, whatever its state; another user's is not found. */
    findForUser(userId: number, tokenId: number): Promise<AccessTokenSummary | undefined> {
      return db
        .selectFrom('access_tokens')
        .select(['id', 'name', 'prefix', 'created_at', 'expires_at', 'last_used_at', 'revoked_at'])
        .where('id', '=', tokenId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** How many of the user's tokens are live (neither revoked nor expired) at `now`. */
    async countLive(userId: number, now: number): Promise<number> {
      const row = await db
        .selectFrom('access_tokens')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /**
     * Locks the user's row until the transaction ends (PostgreSQL `for update`), so two creations
     * for one account count and insert one after the other; SQLite's write transactions
     * (`BEGIN IMMEDIATE`) already run one at a time.
     */
    async lockUser(userId: number, engine: Engine): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('id', '=', userId)
        .$if(engine === 'postgres', (query) => query.forUpdate())
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Revokes the user's own token; false when there is no such live token of theirs. */
    async revoke(userId: number, tokenId: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('access_tokens')
        .set({ revoked_at: now })
        .where('id', '=', tokenId)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Records a use, at most once per LAST_USE_RESOLUTION_MS (a conditional update). */
    async touch(tokenId: number, now: number): Promise<void> {
      await db
        .updateTable('access_tokens')
        .set({ last_used_at: now })
        .where('id', '=', tokenId)
        .where((eb) =>
          eb.or([
            eb('last_used_at', 'is', null),
            eb('last_used_at', '<=', now - LAST_USE_RESOLUTION_MS),
          ]),
        )
        .execute();
    },
  };
}

export type AccessTokensRepository = ReturnType<typeof accessTokensRepository>;
