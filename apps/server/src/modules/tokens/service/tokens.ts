import {
  ACCESS_TOKEN_LIMIT,
  type AccessTokenExpiry,
  type AccessTokenState,
} from '@tessera/pages/constants';
import type { AccessTokenRecord } from '@tessera/pages';
import type { DatabaseHandle } from '../../../db/database.ts';
import { accessTokensRepository, type AccessTokenSummary } from '../repository.ts';
import { newTokenSecret } from './secrets.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a token made at `now` with `expiry` stops working; null: never. */
export function expiresAt(expiry: AccessTokenExpiry, now: number): number | null {
  return expiry === 'never' ? null : now + Number(expiry) * DAY_MS;
}

export function tokenState(
  token: Pick<AccessTokenSummary, 'expires_at' | 'revoked_at'>,
  now: number,
): AccessTokenState {
  if (token.revoked_at !== null) return 'revoked';
  if (token.expires_at !== null && token.expires_at <= now) return 'expired';
  return 'active';
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function tokenRecord(token: AccessTokenSummary, now: number): AccessTokenRecord {
  return {
    id: token.id,
    name: token.name,
    prefix: token.prefix,
    createdAt: new Date(token.created_at).toISOString(),
    expiresAt: iso(token.expires_at),
    lastUsedAt: iso(token.last_used_at),
    revokedAt: iso(token.revoked_at),
    state: tokenState(token, now),
  };
}

export type CreateOutcome =
  { status: 'created'; id: number; secret: string } | { status: 'limit' } | { status: 'no-user' };

export type RevokeOutcome = 'revoked' | 'already-revoked' | 'not-found';

/** Personal access tokens as their owner manages them (decision 014). */
export function accessTokensService(database: DatabaseHandle, now: () => number) {
  const { db, engine } = database;
  return {
    async list(userId: number): Promise<AccessTokenRecord[]> {
      const at = now();
      return (await accessTokensRepository(db).listForUser(userId)).map((token) =>
        tokenRecord(token, at),
      );
    },

    /**
     * Makes a token for `userId` unless they already hold ACCESS_TOKEN_LIMIT live ones; the count
     * and the insert run under a lock of the user's row, so concurrent creations cannot pass the
     * cap together. The secret is returned once and kept nowhere: only its hash is stored.
     */
    async create(
      userId: number,
      values: { name: string; expiry: AccessTokenExpiry },
    ): Promise<CreateOutcome> {
      return database.writeTransaction(async (tx) => {
        const tokens = accessTokensRepository(tx);
        if (!(await tokens.lockUser(userId, engine))) return { status: 'no-user' };
        const at = now();
        if ((await tokens.countLive(userId, at)) >= ACCESS_TOKEN_LIMIT) return { status: 'limit' };
        const { secret, hash, prefix } = newTokenSecret();
        const id = await tokens.insert({
          userId,
          name: values.name,
          hash,
          prefix,
          createdAt: at,
          expiresAt: expiresAt(values.expiry, at),
        });
        return { status: 'created', id, secret };
      });
    },

    /** Revokes the user's own token at once; another user's token is not found. */
    async revoke(userId: number, tokenId: number): Promise<RevokeOutcome> {
      const tokens = accessTokensRepository(db);
      if (await tokens.revoke(userId, tokenId, now())) return 'revoked';
      return (await tokens.findForUser(userId, tokenId)) ? 'already-revoked' : 'not-found';
    },
  };
}

export type AccessTokensService = ReturnType<typeof accessTokensService>;
