import { describe, expect, it } from 'vitest';
import type { Db } from '../../../db/database.ts';
import { captureLogger, testConfig } from '../../../../test/helpers.ts';
import { TEST_DATABASE, testServices, testServicesEnv } from '../../../../test/services.ts';
import { createUser, uniqueEmail } from '../../../../test/users.ts';
import { emailChangeUndos } from '../repository/email-change-undos.ts';
import { passwordResets } from '../repository/password-resets.ts';
import { rememberTokens } from '../repository/remember-tokens.ts';
import { signIns } from '../repository/sign-ins.ts';
import { usersRepository } from '../repository/users.ts';
import { DELETED_PASSWORD_HASH, deletedAccountEmail, eraseAccount } from './erasure.ts';
import { verifyPassword } from './passwords.ts';

// A deleted account's row, emptied in the deletion's transaction (decision 060).
const services = await testServices(testConfig(await testServicesEnv()), captureLogger().logger);
const { database } = services;
const { db } = database;
const now = () => Date.parse('2025-06-15T12:00:00Z');

/** An account with a preference of each kind, and one credential of each kind. */
async function furnishedAccount(name: string) {
  const email = uniqueEmail(name);
  const id = await createUser(services, email, 'a quiet blue harbour', 10, { admin: true });
  const users = usersRepository(db);
  await users.updateSnippetLanguage(id, 'vue');
  await users.updatePreviewColorScheme(id, 'dark');
  await users.updatePreviewWidth(id, 'md');
  await users.updateColorScheme(id, 'dark');
  await rememberTokens(db, now).issue(id);
  await passwordResets(db, now).create(id);
  await emailChangeUndos(db, now).create(id, uniqueEmail('before'), email);
  await signIns(db, now).record(id, 'password', '203.0.113.9');
  return { id, email };
}

async function credentialsOf(db: Db, userId: number) {
  const count = async (
    table: 'remember_tokens' | 'password_resets' | 'email_change_undos' | 'sign_ins',
  ) =>
    (await db.selectFrom(table).select('user_id').where('user_id', '=', userId).execute()).length;
  return {
    remember: await count('remember_tokens'),
    resets: await count('password_resets'),
    undos: await count('email_change_undos'),
    signIns: await count('sign_ins'),
  };
}

describe(`erasing a deleted account (${TEST_DATABASE})`, () => {
  it('names a deleted account by an undeliverable address of its own', () => {
    expect(deletedAccountEmail(42)).toBe('deleted-42@deleted.invalid');
    expect(deletedAccountEmail(43)).not.toBe(deletedAccountEmail(42));
  });

  it('keeps the row but empties it: no address, no password, no operator, no preferences', async () => {
    const { id, email } = await furnishedAccount('erased');
    const at = Date.parse('2025-07-01T09:00:00Z');
    expect(await database.writeTransaction((tx) => eraseAccount(tx, { id, email }, at))).toBe(true);
    const row = await usersRepository(db).findById(id);
    expect(row).toMatchObject({
      email: `deleted-${id}@deleted.invalid`,
      password_hash: DELETED_PASSWORD_HASH,
      snippet_lang: null,
      preview_color_scheme: null,
      preview_width: null,
      color_scheme: null,
    });
    expect(Number(row!.is_admin)).toBe(0);
    expect(Number(row!.updated_at)).toBe(at);
    expect(await usersRepository(db).findByEmail(email)).toBeUndefined();
    // Nothing typed signs in to it.
    expect(await verifyPassword('a quiet blue harbour', DELETED_PASSWORD_HASH, 10)).toEqual({
      ok: false,
      needsRehash: false,
    });
    expect(await credentialsOf(db, id)).toEqual({ remember: 0, resets: 0, undos: 0, signIns: 0 });
  });

  it('touches no other account', async () => {
    const erased = await furnishedAccount('erased');
    const other = await furnishedAccount('bystander');
    await database.writeTransaction((tx) => eraseAccount(tx, erased, now()));
    const row = await usersRepository(db).findById(other.id);
    expect(row).toMatchObject({
      email: other.email,
      snippet_lang: 'vue',
      preview_color_scheme: 'dark',
      preview_width: 'md',
      color_scheme: 'dark',
    });
    expect(Number(row!.is_admin)).toBe(1);
    expect(await credentialsOf(db, other.id)).toEqual({
      remember: 1,
      resets: 1,
      undos: 1,
      signIns: 1,
    });
  });

  it('changes nothing, and says so, when the address is no longer the one the request began with', async () => {
    const { id, email } = await furnishedAccount('erased-twice');
    await database.writeTransaction((tx) => eraseAccount(tx, { id, email }, now()));
    expect(await database.writeTransaction((tx) => eraseAccount(tx, { id, email }, now()))).toBe(
      false,
    );

    const moved = await furnishedAccount('moved-meanwhile');
    await usersRepository(db).updateEmail(moved.id, uniqueEmail('elsewhere'), now());
    expect(await database.writeTransaction((tx) => eraseAccount(tx, moved, now()))).toBe(false);
    expect(await credentialsOf(db, moved.id)).toEqual({
      remember: 1,
      resets: 1,
      undos: 1,
      signIns: 1,
    });
  });
});
