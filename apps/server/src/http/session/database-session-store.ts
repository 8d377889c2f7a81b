import type session from 'express-session';
import type { Db } from '../../db/database.ts';
import {
  AppSessionStore,
  expiresAt,
  SESSION_IDLE_MS,
  sessionKey,
  type UserSessionsSummary,
} from './session-store.ts';

/** Sessions in the `sessions` table (SQLite or PostgreSQL). */
export class DatabaseSessionStore extends AppSessionStore {
  readonly #db: Db;
  readonly #now: () => number;

  constructor(db: Db, now: () => number = Date.now) {
    super();
    this.#db = db;
    this.#now = now;
  }

  async getSession(sid: string): Promise<session.SessionData | null> {
    const row = await this.#db
      .selectFrom('sessions')
      .select(['data', 'expires_at'])
      .where('id', '=', sessionKey(sid))
      .executeTakeFirst();
    if (!row) return null;
    if (row.expires_at <= this.#now()) {
      await this.destroySession(sid);
      return null;
    }
    return JSON.parse(row.data) as session.SessionData;
  }

  async setSession(sid: string, data: session.SessionData): Promise<void> {
    const row = {
      id: sessionKey(sid),
      user_id: data.userId ?? null,
      data: JSON.stringify(data),
      expires_at: expiresAt(data, this.#now()),
    };
    await this.#db
      .insertInto('sessions')
      .values(row)
      .onConflict((conflict) =>
        conflict.column('id').doUpdateSet({
          user_id: row.user_id,
          data: row.data,
          expires_at: row.expires_at,
        }),
      )
      .execute();
  }

  async destroySession(sid: string): Promise<void> {
    await this.#db.deleteFrom('sessions').where('id', '=', sessionKey(sid)).execute();
  }

  async touchSession(sid: string, data: session.SessionData): Promise<void> {
    await this.#db
      .updateTable('sessions')
      .set({ expires_at: expiresAt(data, this.#now()) })
      .where('id', '=', sessionKey(sid))
      .execute();
  }

  async destroyUserSessions(userId: number, exceptSid?: string): Promise<number> {
    let query = this.#db.deleteFrom('sessions').where('user_id', '=', userId);
    if (exceptSid) query = query.where('id', '!=', sessionKey(exceptSid));
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async userSessions(userId: number): Promise<UserSessionsSummary> {
    const row = await this.#db
      .selectFrom('sessions')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('expires_at').as('latest')])
      .where('user_id', '=', userId)
      .where('expires_at', '>', this.#now())
      .executeTakeFirstOrThrow();
    const latest = row.latest === null ? null : Number(row.latest);
    return {
      count: Number(row.count),
      lastSeenAt: latest === null ? null : latest - SESSION_IDLE_MS,
    };
  }

  async ping(): Promise<void> {
    await this.#db.selectFrom('sessions').select('id').limit(1).execute();
  }

  async prune(): Promise<number> {
    const result = await this.#db
      .deleteFrom('sessions')
      .where('expires_at', '<=', this.#now())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
