import type { Request } from 'express';
import type { Db } from '../../../db/database.ts';
import type { User } from '../../../db/schema.ts';
import { usersRepository } from '../../auth/index.ts';
import { accessTokensRepository } from '../repository.ts';
import { isWellFormedToken, tokenHash } from './secrets.ts';

export type BearerResult =
  | { ok: true; user: User; tokenId: number }
  /** missing: no `Authorization: Bearer …`; invalid: malformed, unknown, revoked or expired. */
  | { ok: false; reason: 'missing' | 'invalid' };

/** The token in `Authorization: Bearer <token>`, or null when there is none. */
export function bearerToken(req: Pick<Request, 'get'>): string | null {
  const header = req.get('authorization');
  if (!header) return null;
  const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(header);
  return match ? match[1]! : null;
}

/**
 * Who a request's personal access token stands for (decision 014). The token acts as its owner
 * with read-only rights to code: callers build the owner's access policy from `user` on every
 * request (`accessPolicyFor`), so a refund or a removal from a team takes effect at once. A
 * token never creates a session. Rate limiting of wrong tokens is the caller's (it knows the
 * answer's shape).
 */
export async function authenticateBearer(
  db: Db,
  req: Pick<Request, 'get'>,
  now: number,
): Promise<BearerResult> {
  const secret = bearerToken(req);
  if (secret === null) return { ok: false, reason: 'missing' };
  if (!isWellFormedToken(secret)) return { ok: false, reason: 'invalid' };
  const tokens = accessTokensRepository(db);
  const token = await tokens.findLiveByHash(tokenHash(secret), now);
  if (!token) return { ok: false, reason: 'invalid' };
  const user = await usersRepository(db).findById(token.user_id);
  if (!user) return { ok: false, reason: 'invalid' };
  await tokens.touch(token.id, now);
  return { ok: true, user, tokenId: token.id };
}
