import { describe, expect, it } from 'vitest';
import { PRODUCTION_PASSWORD_HASH_COST } from '../../config.ts';
import {
  hashPassword,
  isCommonPassword,
  passwordProblem,
  verifyPassword,
} from './service/passwords.ts';

describe('password hashing', () => {
  it('hashes with scrypt at the production cost (N = 2^17, r = 8, p = 1) and verifies', async () => {
    const hash = await hashPassword('correct horse battery staple', PRODUCTION_PASSWORD_HASH_COST);
    expect(hash).toMatch(/^scrypt\$17\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(await verifyPassword('correct horse battery staple', hash, 17)).toEqual({
      ok: true,
      needsRehash: false,
    });
    expect((await verifyPassword('correct horse battery stapler', hash, 17)).ok).toBe(false);
  });

  it('salts every hash and asks for a rehash when the cost has risen', async () => {
    const a = await hashPassword('same password here', 10);
    const b = await hashPassword('same password here', 10);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same password here', a, 12)).toEqual({
      ok: true,
      needsRehash: true,
    });
  });

  it('treats a malformed stored hash as a failed check', async () => {
    expect((await verifyPassword('anything', 'plain-text-password', 10)).ok).toBe(false);
    expect((await verifyPassword('anything', 'scrypt$10$8$2$abc$def', 10)).ok).toBe(false);
  });
});

describe('password policy', () => {
  it('asks for 8 to 256 characters, counting characters rather than bytes', () => {
    expect(passwordProblem('seven77')).toMatch(/at least 8/);
    expect(passwordProblem('ééééééé')).toMatch(/at least 8/);
    expect(passwordProblem('a quiet blue harbour')).toBeNull();
    expect(passwordProblem('x'.repeat(64))).toBeNull();
    expect(passwordProblem('y'.repeat(257))).toMatch(/longer than 256/);
  });

  it('draws the line at exactly 8 and exactly 256 characters (the rule sign-up will use too)', () => {
    const unit = 'Kq7#vX2p';
    const of = (length: number, char = unit) =>
      char.repeat(Math.ceil(length / char.length)).slice(0, length);
    expect(passwordProblem(of(7))).toMatch(/at least 8/);
    expect(passwordProblem(of(8))).toBeNull();
    expect(passwordProblem(of(256))).toBeNull();
    expect(passwordProblem(of(257))).toMatch(/longer than 256/);
    // Characters, not UTF-16 units: 256 emoji (512 units) pass, 257 do not; 7 do not either.
    expect(passwordProblem('🔑'.repeat(7))).toMatch(/at least 8/);
    expect(passwordProblem('🔑'.repeat(8))).toBeNull();
    expect(passwordProblem('🔑'.repeat(256))).toBeNull();
    expect(passwordProblem('🔑'.repeat(257))).toMatch(/longer than 256/);
  });

  it('refuses the commonest passwords, whatever their case, with no composition rules', () => {
    for (const common of ['password', 'Password1', 'qwertyuiop', '12345678', 'iloveyou']) {
      expect(isCommonPassword(common)).toBe(true);
    }
    expect(passwordProblem('PASSWORD1')).toMatch(/too common/);
    expect(passwordProblem('lowercase only words')).toBeNull();
  });
});
