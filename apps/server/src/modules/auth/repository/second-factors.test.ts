import { beforeEach, describe, expect, it } from 'vitest';
import { captureLogger, testConfig } from '../../../../test/helpers.ts';
import { TEST_DATABASE, testServices, testServicesEnv } from '../../../../test/services.ts';
import { accountWithoutPassword } from '../../../../test/users.ts';
import { secondFactorRows } from './second-factors.ts';

// The rows behind TOTP and recovery codes (decision 044): a code's step accepted once, codes
// spent once, at the repository.
const services = await testServices(testConfig(await testServicesEnv()), captureLogger().logger);
const { db } = services.database;
const clock = { now: Date.parse('2025-06-15T12:00:00Z') };
const now = () => clock.now;
let rows = secondFactorRows(db, now);
beforeEach(() => {
  rows = secondFactorRows(db, now);
});

const person = () => accountWithoutPassword(services, 'second-factor-rows', clock.now);

describe(`second-factor rows (${TEST_DATABASE})`, () => {
  it('keeps one TOTP secret per account, the newest, with when it was set up', async () => {
    const id = await person();
    const other = await person();
    expect(await rows.totpOf(id)).toBeUndefined();
    await rows.saveTotp(id, 'sealed-1', 100);
    await rows.saveTotp(other, 'theirs', 7);
    clock.now += 1000;
    await rows.saveTotp(id, 'sealed-2', 200);
    const row = await rows.totpOf(id);
    expect(row).toMatchObject({ secret_encrypted: 'sealed-2' });
    expect(Number(row?.last_time_step)).toBe(200);
    expect(Number(row?.created_at)).toBe(clock.now);
    expect((await rows.totpOf(other))?.secret_encrypted).toBe('theirs');
  });

  it('accepts each time step once and only forward, the first one from none', async () => {
    const id = await person();
    await db
      .insertInto('totp_credentials')
      .values({ user_id: id, secret_encrypted: 'sealed', last_time_step: null, created_at: 0 })
      .execute();
    expect(await rows.acceptTimeStep(id, 50)).toBe(true);
    expect(await rows.acceptTimeStep(id, 50)).toBe(false);
    expect(await rows.acceptTimeStep(id, 49)).toBe(false);
    expect(await rows.acceptTimeStep(id, 51)).toBe(true);
    expect(Number((await rows.totpOf(id))?.last_time_step)).toBe(51);
    expect(await rows.acceptTimeStep(await person(), 52)).toBe(false);
  });

  it('says whether there was a secret to delete', async () => {
    const id = await person();
    await rows.saveTotp(id, 'sealed', 1);
    expect(await rows.deleteTotp(id)).toBe(true);
    expect(await rows.deleteTotp(id)).toBe(false);
    expect(await rows.totpOf(id)).toBeUndefined();
  });

  it('replaces an account’s recovery codes, spends each once, and lists only unspent ones', async () => {
    const id = await person();
    const other = await person();
    await rows.replaceCodes(id, ['old-1', 'old-2']);
    await rows.replaceCodes(other, ['theirs']);
    await rows.replaceCodes(id, ['new-1', 'new-2', 'new-3']);
    const codes = await rows.unusedCodes(id);
    expect(codes.map((code) => code.code_hash)).toEqual(['new-1', 'new-2', 'new-3']);
    expect(await rows.spendCode(codes[1]!.id)).toBe(true);
    expect(await rows.spendCode(codes[1]!.id)).toBe(false);
    expect((await rows.unusedCodes(id)).map((code) => code.code_hash)).toEqual(['new-1', 'new-3']);
    const spent = await db
      .selectFrom('recovery_codes')
      .select(['used_at', 'created_at'])
      .where('id', '=', codes[1]!.id)
      .executeTakeFirstOrThrow();
    expect(Number(spent.used_at)).toBe(clock.now);
    expect(Number(spent.created_at)).toBe(clock.now);

    await rows.replaceCodes(id, []);
    expect(await rows.unusedCodes(id)).toEqual([]);
    expect((await rows.unusedCodes(other)).map((code) => code.code_hash)).toEqual(['theirs']);
  });
});
