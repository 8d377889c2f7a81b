import { beforeEach, describe, expect, it } from 'vitest';
import { captureLogger, testConfig } from '../../../../test/helpers.ts';
import { TEST_DATABASE, testServices, testServicesEnv } from '../../../../test/services.ts';
import { accountWithoutPassword } from '../../../../test/users.ts';
import { randomToken } from '../service/tokens.ts';
import { passkeyRows } from './passkeys.ts';

// The rows behind passkeys (decision 052): the counter's replay check and the ceremonies'
// single-use challenges, at the repository.
const services = await testServices(testConfig(await testServicesEnv()), captureLogger().logger);
const { db } = services.database;
const clock = { now: Date.parse('2025-06-15T12:00:00Z') };
const now = () => clock.now;
let rows = passkeyRows(db, now);
beforeEach(() => {
  rows = passkeyRows(db, now);
});

const person = () => accountWithoutPassword(services, 'passkey-rows', clock.now);

async function passkey(userId: number, counter = 0) {
  return rows.insert({
    userId,
    credentialId: randomToken(16),
    publicKey: 'key',
    counter,
    transports: 'internal',
    name: 'Laptop',
  });
}

async function challengesOf(userId: number) {
  return db
    .selectFrom('webauthn_challenges')
    .select(['challenge', 'purpose'])
    .where('user_id', '=', userId)
    .orderBy('challenge')
    .execute();
}

describe(`passkey rows (${TEST_DATABASE})`, () => {
  it('counts and lists an account’s passkeys, oldest first, and finds one by credential id', async () => {
    const id = await person();
    expect(await rows.countOf(id)).toBe(0);
    const first = await passkey(id);
    clock.now += 1000;
    const second = await passkey(id);
    await passkey(await person());
    expect(await rows.countOf(id)).toBe(2);
    const listed = await rows.listOf(id);
    expect(listed.map((row) => Number(row.id))).toEqual([first, second]);
    expect(Number(listed[1]!.created_at)).toBe(clock.now);
    const found = await rows.byCredentialId(listed[0]!.credential_id);
    expect(Number(found?.id)).toBe(first);
    expect(found).toMatchObject({ public_key: 'key', transports: 'internal', name: 'Laptop' });
  });

  it('moves a counting authenticator’s counter only forward, stamping the use', async () => {
    const id = await passkey(await person(), 5);
    expect(await rows.use(id, 5)).toBe(false);
    expect(await rows.use(id, 4)).toBe(false);
    clock.now += 1000;
    expect(await rows.use(id, 6)).toBe(true);
    expect(await rows.use(id, 6)).toBe(false);
    const row = await db
      .selectFrom('webauthn_credentials')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(row.counter)).toBe(6);
    expect(Number(row.last_used_at)).toBe(clock.now);
  });

  it('keeps an authenticator that always says 0 at 0, and refuses 0 once it has counted', async () => {
    const synced = await passkey(await person(), 0);
    expect(await rows.use(synced, 0)).toBe(true);
    expect(await rows.use(synced, 0)).toBe(true);
    const counting = await passkey(await person(), 3);
    expect(await rows.use(counting, 0)).toBe(false);
  });

  it('renames and removes only the account’s own passkey', async () => {
    const owner = await person();
    const stranger = await person();
    const id = await passkey(owner);
    expect(await rows.rename(stranger, id, 'Mine now')).toBe(false);
    expect(await rows.remove(stranger, id)).toBe(false);
    expect(await rows.rename(owner, id, 'Phone')).toBe(true);
    expect((await rows.listOf(owner))[0]?.name).toBe('Phone');
    expect(await rows.remove(owner, id)).toBe(true);
    expect(await rows.remove(owner, id)).toBe(false);
    expect(await rows.countOf(owner)).toBe(0);
  });

  it('spends a challenge once, for its account and kind, until it expires', async () => {
    const id = await person();
    const other = await person();
    await rows.saveChallenge('c-register', id, 'register', clock.now + 1000);
    expect(await rows.spendChallenge('c-register', other, 'register')).toBe(false);
    expect(await rows.spendChallenge('c-register', id, 'authenticate')).toBe(false);
    expect(await rows.spendChallenge('c-other', id, 'register')).toBe(false);
    clock.now += 999;
    expect(await rows.spendChallenge('c-register', id, 'register')).toBe(true);
    expect(await rows.spendChallenge('c-register', id, 'register')).toBe(false);

    await rows.saveChallenge('c-late', id, 'register', clock.now + 1000);
    clock.now += 1000;
    expect(await rows.spendChallenge('c-late', id, 'register')).toBe(false);
  });

  it('replaces the account’s unfinished ceremony of the same kind, and clears expired ones', async () => {
    const id = await person();
    const other = await person();
    await rows.saveChallenge('a-register', id, 'register', clock.now + 1000);
    await rows.saveChallenge('a-authenticate', id, 'authenticate', clock.now + 1000);
    await rows.saveChallenge('b-live', other, 'register', clock.now + 2000);
    await rows.saveChallenge('b-ending', other, 'authenticate', clock.now + 1000);
    await rows.saveChallenge('a-register-2', id, 'register', clock.now + 1000);
    expect(await challengesOf(id)).toEqual([
      { challenge: 'a-authenticate', purpose: 'authenticate' },
      { challenge: 'a-register-2', purpose: 'register' },
    ]);
    // Anyone's new ceremony sweeps the challenges that have expired, to the millisecond.
    clock.now += 1000;
    await rows.saveChallenge('c-new', await person(), 'register', clock.now + 1000);
    expect(await challengesOf(other)).toEqual([{ challenge: 'b-live', purpose: 'register' }]);
    expect(await challengesOf(id)).toEqual([]);
  });
});
