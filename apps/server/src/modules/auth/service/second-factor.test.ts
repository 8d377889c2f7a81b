import { createDecipheriv, createHash, hkdfSync } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@tessera/pages/constants';
import { beforeEach, describe, expect, it } from 'vitest';
import { captureLogger, TEST_SECRET, testConfig } from '../../../../test/helpers.ts';
import { TEST_DATABASE, testServices, testServicesEnv } from '../../../../test/services.ts';
import { totpCode, TEST_TOTP_SECRET } from '../../../../test/second-factor.ts';
import { uniqueEmail } from '../../../../test/users.ts';
import { usersRepository } from '../repository/users.ts';
import { normalizeRecoveryCode, secondFactorService } from './second-factor.ts';

// The second-factor service on its own (decision 044), over the real database of this run's
// engine: what the sign-in and account pages rely on, without an HTTP app in between.
const clock = { now: Date.parse('2025-06-15T12:00:00Z') };
const now = () => clock.now;
const services = await testServices(testConfig(await testServicesEnv()), captureLogger().logger, {
  now: () => clock.now,
});
const { database } = services;
const { db } = database;
// A service per test: what it builds when made (its key, its methods) is part of what is tested.
let service = secondFactorService({ database, secret: TEST_SECRET, issuer: 'Tessera', now });
beforeEach(() => {
  service = secondFactorService({ database, secret: TEST_SECRET, issuer: 'Tessera', now });
});

async function person() {
  return usersRepository(db).create({
    email: uniqueEmail('sf-service'),
    passwordHash: 'x',
    now: clock.now,
  });
}

async function events(userId: number) {
  const rows = await db
    .selectFrom('security_events')
    .select(['event', 'ip'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows;
}

async function storedSecret(userId: number) {
  return db
    .selectFrom('totp_credentials')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Moves to a fresh TOTP step. */
function nextStep() {
  clock.now += 30_000;
}

describe(`the second-factor service (${TEST_DATABASE})`, () => {
  it('normalizes a typed recovery code: lower case, no spaces or dashes', () => {
    expect(normalizeRecoveryCode(' AbCdE-fG h\tJK ')).toBe('abcdefghjk');
    expect(normalizeRecoveryCode('abcde-fghjk')).toBe('abcdefghjk');
  });

  it('seals the secret being set up with AES-256-GCM under a key derived from the session secret', async () => {
    const enrolment = await service.beginTotp('who@example.com');
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{16,}$/);
    const [version, iv, tag, body] = enrolment.encrypted.split('.');
    expect(version).toBe('v1');
    expect(Buffer.from(iv!, 'base64url')).toHaveLength(12);
    expect(Buffer.from(tag!, 'base64url')).toHaveLength(16);
    // Opened with the documented key derivation, not through the service.
    const key = Buffer.from(
      hkdfSync('sha256', TEST_SECRET, 'tessera', 'tessera:totp-secret:v1', 32),
    );
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv!, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag!, 'base64url'));
    const plain = Buffer.concat([
      decipher.update(Buffer.from(body!, 'base64url')),
      decipher.final(),
    ]);
    expect(plain.toString('utf8')).toBe(enrolment.secret);
    expect(enrolment.encrypted).not.toContain(enrolment.secret);
    // A fresh IV every time: the same secret never seals to the same text.
    expect((await service.beginTotp('who@example.com')).encrypted).not.toBe(enrolment.encrypted);
    // The QR code is an SVG of the otpauth URI (issuer, label, secret).
    expect(enrolment.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(enrolment.qrCode.split(',')[1]!, 'base64').toString('utf8');
    expect(svg).toContain('<svg');
  });

  it('resumes an enrolment from its sealed secret, and refuses anything tampered with or sealed under another secret', async () => {
    const enrolment = await service.beginTotp('who@example.com');
    const resumed = await service.resumeTotp('who@example.com', enrolment.encrypted);
    expect(resumed).toEqual({ ...enrolment, qrCode: expect.stringMatching(/^data:image\/svg/) });
    const [version, iv, tag, body] = enrolment.encrypted.split('.') as [
      string,
      string,
      string,
      string,
    ];
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    const other = secondFactorService({
      database,
      secret: `${TEST_SECRET}-other`,
      issuer: 'Tessera',
      now,
    });
    for (const sealed of [
      [version, iv, tag, flipped.toString('base64url')].join('.'),
      ['v2', iv, tag, body].join('.'),
      [version, iv, tag].join('.'),
      [version, '', tag, body].join('.'),
      [version, iv, '', body].join('.'),
      '',
      'not sealed at all',
    ])
      expect(await service.resumeTotp('who@example.com', sealed)).toBeNull();
    expect(await other.resumeTotp('who@example.com', enrolment.encrypted)).toBeNull();
  });

  it('turns TOTP on only for a current code, records it, and hands out recovery codes stored as hashes', async () => {
    const id = await person();
    const enrolment = await service.beginTotp('who@example.com');
    expect(await service.required(id)).toBe(false);
    expect(await service.confirmTotp(id, enrolment.encrypted, '000000x', '203.0.113.9')).toBeNull();
    expect(
      await service.confirmTotp(
        id,
        enrolment.encrypted,
        await totpCode(clock.now, 3, enrolment.secret),
        undefined,
      ),
    ).toBeNull();
    expect(
      await service.confirmTotp(
        id,
        'v1.broken',
        await totpCode(clock.now, 0, enrolment.secret),
        undefined,
      ),
    ).toBeNull();
    expect(await storedSecret(id)).toBeUndefined();

    const codes = await service.confirmTotp(
      id,
      enrolment.encrypted,
      await totpCode(clock.now, 0, enrolment.secret),
      '203.0.113.9',
    );
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    for (const code of codes!) expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    const stored = await db
      .selectFrom('recovery_codes')
      .select('code_hash')
      .where('user_id', '=', id)
      .execute();
    expect(stored.map((row) => row.code_hash).sort()).toEqual(
      codes!
        .map((code) => createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex'))
        .sort(),
    );
    const credential = await storedSecret(id);
    expect(credential!.secret_encrypted).toBe(enrolment.encrypted);
    // The confirming code's step is spent: it cannot sign in.
    expect(Number(credential!.last_time_step)).toBe(Math.floor(clock.now / 30_000));
    expect(await service.check(id, await totpCode(clock.now, 0, enrolment.secret))).toBeNull();
    expect(await events(id)).toEqual([{ event: 'totp.enabled', ip: '203.0.113.9' }]);
    expect(await service.status(id)).toEqual({
      totp: true,
      recoveryCodesLeft: RECOVERY_CODE_COUNT,
    });
    expect(await service.required(id)).toBe(true);
    expect(await service.methods(id)).toEqual({ totp: true, passkey: false });
  });

  it('accepts a TOTP code once per step, one step of drift either way, and never an older step', async () => {
    const id = await person();
    await service.enrolKnownSecret(id, TEST_TOTP_SECRET);
    nextStep();
    expect(await service.check(id, await totpCode(clock.now, 2))).toBeNull();
    expect(await service.check(id, await totpCode(clock.now, -2))).toBeNull();
    expect(await service.check(id, ` ${await totpCode(clock.now)} `)).toBe('totp');
    expect(await service.check(id, await totpCode(clock.now))).toBeNull();
    // The previous step came before the one just used: refused, although within the drift.
    expect(await service.check(id, await totpCode(clock.now, -1))).toBeNull();
    expect(await service.check(id, await totpCode(clock.now, 1))).toBe('totp');
    // Later, the step just before now is newer than any used: a slow clock is let in.
    nextStep();
    nextStep();
    nextStep();
    expect(await service.check(id, await totpCode(clock.now, -1))).toBe('totp');
    for (const wrong of ['12345', '1234567', 'abcdef', '', '１２３４５６'])
      expect(await service.check(id, wrong)).toBeNull();
  });

  it('spends each recovery code once, typed in any case with spaces or dashes, and only its own account’s', async () => {
    const [id, other] = [await person(), await person()];
    const codes = await service.enrolKnownSecret(id, TEST_TOTP_SECRET);
    const otherCodes = await service.enrolKnownSecret(other, TEST_TOTP_SECRET);
    expect(await service.check(id, otherCodes[0]!)).toBeNull();
    const typed = ` ${codes[3]!.toUpperCase().replace('-', ' - ')} `;
    expect(await service.check(id, typed)).toBe('recovery-code');
    expect(await service.check(id, codes[3]!)).toBeNull();
    expect(await service.status(id)).toEqual({
      totp: true,
      recoveryCodesLeft: RECOVERY_CODE_COUNT - 1,
    });
    // Not a code's shape at all: refused before any comparison.
    for (const odd of ['', '-', 'x'.repeat(65), 'abcde_fghjk', 'abcde-fghj\u0000'])
      expect(await service.check(id, odd)).toBeNull();
    // Two requests spending the same code at once: exactly one wins.
    const both = await Promise.all([service.check(id, codes[5]!), service.check(id, codes[5]!)]);
    expect(both.filter((method) => method === 'recovery-code')).toHaveLength(1);
  });

  it('checks nothing for an account without TOTP, even with a stored recovery code', async () => {
    const id = await person();
    const codes = await service.enrolKnownSecret(id, TEST_TOTP_SECRET);
    await db.deleteFrom('totp_credentials').where('user_id', '=', id).execute();
    expect(await service.check(id, codes[0]!)).toBeNull();
    expect(await service.status(id)).toEqual({ totp: false, recoveryCodesLeft: 0 });
  });

  it('still takes a recovery code when the stored secret cannot be opened (the session secret changed)', async () => {
    const id = await person();
    const codes = await service.enrolKnownSecret(id, TEST_TOTP_SECRET);
    const rotated = secondFactorService({
      database,
      secret: `${TEST_SECRET}-rotated`,
      issuer: 'Tessera',
      now,
    });
    nextStep();
    expect(await rotated.check(id, await totpCode(clock.now))).toBeNull();
    expect(await rotated.check(id, codes[0]!)).toBe('recovery-code');
  });

  it('turns TOTP off with its codes, recording it once; regenerates codes in place of the old ones', async () => {
    const id = await person();
    const old = await service.enrolKnownSecret(id, TEST_TOTP_SECRET);
    const fresh = await service.regenerateRecoveryCodes(id, '198.51.100.7');
    expect(fresh).toHaveLength(RECOVERY_CODE_COUNT);
    expect(fresh.some((code) => old.includes(code))).toBe(false);
    expect(await service.check(id, old[0]!)).toBeNull();
    expect(await service.check(id, fresh[0]!)).toBe('recovery-code');

    expect(await service.disableTotp(id, '198.51.100.7')).toBe(true);
    expect(await service.disableTotp(id, '198.51.100.7')).toBe(false);
    expect(await storedSecret(id)).toBeUndefined();
    expect(
      await db.selectFrom('recovery_codes').select('id').where('user_id', '=', id).execute(),
    ).toEqual([]);
    expect(await service.required(id)).toBe(false);
    expect((await events(id)).map((row) => row.event)).toEqual([
      'totp.enabled',
      'recovery-codes.regenerated',
      'totp.disabled',
    ]);
    expect((await service.recentEvents(id)).map((row) => row.event)).toContain('totp.disabled');
  });

  it('refuses every code for a secret that never took a step, and skips a stored hash of the wrong length', async () => {
    const id = await person();
    const codes = await service.enrolKnownSecret(id, TEST_TOTP_SECRET);
    // A credential whose last step is unknown (NULL): a wrong code is still wrong.
    await db
      .updateTable('totp_credentials')
      .set({ last_time_step: null })
      .where('user_id', '=', id)
      .execute();
    expect(await service.check(id, '000000')).toBeNull();
    expect(await service.check(id, 'not a code at all')).toBeNull();
    expect(Number((await storedSecret(id))!.last_time_step ?? -1)).toBe(-1);
    // A damaged row (a hash that is not 32 bytes) is passed over, not thrown on.
    await db
      .insertInto('recovery_codes')
      .values({ user_id: id, code_hash: 'abcd', created_at: clock.now })
      .execute();
    expect(await service.check(id, codes[1]!)).toBe('recovery-code');
  });

  it('records security events for the sign-in steps and lists them newest first', async () => {
    const id = await person();
    await service.record(id, 'second-step.failed', '192.0.2.1');
    await service.record(id, 'second-step.passed', undefined);
    expect(await events(id)).toEqual([
      { event: 'second-step.failed', ip: '192.0.2.1' },
      { event: 'second-step.passed', ip: null },
    ]);
    expect((await service.recentEvents(id)).map((row) => row.event)).toEqual([
      'second-step.passed',
      'second-step.failed',
    ]);
  });

  it('asks for a second step when the account holds a passkey, even without TOTP (decision 052)', async () => {
    const id = await person();
    await db
      .insertInto('webauthn_credentials')
      .values({
        user_id: id,
        credential_id: `cred-${id}`,
        public_key: 'AQID',
        counter: 0,
        transports: '',
        name: 'Laptop',
        created_at: clock.now,
        last_used_at: null,
      })
      .execute();
    expect(await service.required(id)).toBe(true);
    expect(await service.methods(id)).toEqual({ totp: false, passkey: true });
    expect(await service.status(id)).toEqual({ totp: false, recoveryCodesLeft: 0 });
  });
});
