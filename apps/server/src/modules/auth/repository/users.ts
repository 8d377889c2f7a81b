import type { Db, Tx } from '../../../db/database.ts';
import type { User } from '../../../db/schema.ts';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function usersRepository(db: Db | Tx) {
  return {
    findById(id: number): Promise<User | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findByEmail(email: string): Promise<User | undefined> {
      return db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', normalizeEmail(email))
        .executeTakeFirst();
    },
    async create(input: { email: string; passwordHash: string; isAdmin?: boolean; now: number }) {
      const row = await db
        .insertInto('users')
        .values({
          email: normalizeEmail(input.email),
          password_hash: input.passwordHash,
          is_admin: input.isAdmin ? 1 : 0,
          snippet_lang: null,
          created_at: input.now,
          updated_at: input.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async updateEmail(id: number, email: string, now: number): Promise<void> {
      await db
        .updateTable('users')
        .set({ email: normalizeEmail(email), updated_at: now })
        .where('id', '=', id)
        .execute();
    },
    async updatePasswordHash(id: number, passwordHash: string, now: number): Promise<void> {
      await db
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: now })
        .where('id', '=', id)
        .execute();
    },
    async updateSnippetLanguage(id: number, language: string): Promise<void> {
      await db.updateTable('users').set({ snippet_lang: language }).where('id', '=', id).execute();
    },
    async updatePreviewColorScheme(id: number, scheme: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ preview_color_scheme: scheme })
        .where('id', '=', id)
        .execute();
    },
    async updatePreviewWidth(id: number, width: string): Promise<void> {
      await db.updateTable('users').set({ preview_width: width }).where('id', '=', id).execute();
    },
    async updateColorScheme(id: number, scheme: string): Promise<void> {
      await db.updateTable('users').set({ color_scheme: scheme }).where('id', '=', id).execute();
    },
  };
}
