import type { DatabaseHandle } from '../db/database.ts';
import { hashPassword, normalizeEmail, passwordProblem } from '../modules/auth/index.ts';

/**
 * The back office's operators (`users.is_admin`), made from the command line rather than with
 * SQL: the first one has nobody to promote them.
 */

export async function createAdmin(
  database: DatabaseHandle,
  input: { email: string; password: string; hashCost: number; now?: number },
): Promise<{ id: number; created: boolean }> {
  const email = normalizeEmail(input.email);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Error(`Not an e-mail address: ${email}`);
  const existing = await database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  if (existing) {
    throw new Error(`${email} has an account already: use "admin promote" to make it an operator`);
  }
  const problem = passwordProblem(input.password);
  if (problem) throw new Error(problem);
  const now = input.now ?? Date.now();
  const row = await database.db
    .insertInto('users')
    .values({
      email,
      password_hash: await hashPassword(input.password, input.hashCost),
      is_admin: 1,
      snippet_lang: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, created: true };
}

/** Makes an existing account an operator, or takes that away; says whether anything changed. */
export async function setAdmin(
  database: DatabaseHandle,
  emailInput: string,
  admin: boolean,
  now = Date.now(),
): Promise<{ id: number; changed: boolean }> {
  const email = normalizeEmail(emailInput);
  const user = await database.db
    .selectFrom('users')
    .select(['id', 'is_admin'])
    .where('email', '=', email)
    .executeTakeFirst();
  if (!user) throw new Error(`No account for ${email}`);
  if (Boolean(user.is_admin) === admin) return { id: user.id, changed: false };
  await database.db
    .updateTable('users')
    .set({ is_admin: admin ? 1 : 0, updated_at: now })
    .where('id', '=', user.id)
    .execute();
  return { id: user.id, changed: true };
}
