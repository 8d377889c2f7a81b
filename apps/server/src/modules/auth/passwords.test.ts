import { randomBytes, scrypt, scryptSync } from 'node:crypto';
import type * as Crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { PRODUCTION_PASSWORD_HASH_COST } from '../../config.ts';
import {
  hashPassword,
  isCommonPassword,
  passwordProblem,
  verifyAgainstDummy,
  verifyPassword,
} from './service/passwords.ts';

// scrypt as Node has it, watched: which checks a sign-in really spends (no timing in tests).
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof Crypto>();
  return { ...actual, scrypt: vi.fn(actual.scrypt) };
});

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

/** A stored hash written by hand, with the documented parameters, not through `hashPassword`. */
function handMadeHash(
  password: string,
  fields: { scheme?: string; r?: number; p?: number; salt?: Buffer; keyLength?: number } = {},
): string {
  const { scheme = 'scrypt', r = 8, p = 1, salt = randomBytes(16), keyLength = 64 } = fields;
  const key = scryptSync(password, salt, keyLength, { N: 2 ** 10, r, p });
  return [scheme, 10, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

describe('stored hashes an attacker could plant or damage', () => {
  it('verifies a hash made by plain scrypt with the documented parameters', async () => {
    expect(
      await verifyPassword('a quiet blue harbour', handMadeHash('a quiet blue harbour'), 10),
    ).toEqual({ ok: true, needsRehash: false });
  });

  it('refuses a right key under another scheme name, block size or parallelism', async () => {
    const password = 'a quiet blue harbour';
    const salt = randomBytes(16);
    const key = scryptSync(password, salt, 64, { N: 2 ** 10, r: 8, p: 1 });
    const fields = (scheme: string, r: number, p: number) =>
      [scheme, 10, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
    expect((await verifyPassword(password, fields('scrypt', 8, 1), 10)).ok).toBe(true);
    for (const hash of [fields('bcrypt', 8, 1), fields('scrypt', 16, 1), fields('scrypt', 8, 2)]) {
      expect(await verifyPassword(password, hash, 10)).toEqual({ ok: false, needsRehash: false });
    }
  });

  it('refuses a hash without a salt even when its key is right for the empty salt', async () => {
    const hash = handMadeHash('a quiet blue harbour', { salt: Buffer.alloc(0) });
    expect(hash).toContain('$1$$');
    expect(await verifyPassword('a quiet blue harbour', hash, 10)).toEqual({
      ok: false,
      needsRehash: false,
    });
  });

  it('refuses a hash with no key or a truncated key without throwing', async () => {
    const hash = handMadeHash('a quiet blue harbour');
    const withoutKey = hash.slice(0, hash.lastIndexOf('$') + 1);
    expect(await verifyPassword('a quiet blue harbour', withoutKey, 10)).toEqual({
      ok: false,
      needsRehash: false,
    });
    const truncated = handMadeHash('a quiet blue harbour', { keyLength: 32 });
    expect(await verifyPassword('a quiet blue harbour', truncated, 10)).toEqual({
      ok: false,
      needsRehash: false,
    });
  });

  it('asks for a rehash only for the right password on a cheaper hash', async () => {
    const hash = await hashPassword('same password here', 10);
    expect(await verifyPassword('same password here', hash, 10)).toEqual({
      ok: true,
      needsRehash: false,
    });
    expect(await verifyPassword('wrong password here', hash, 12)).toEqual({
      ok: false,
      needsRehash: false,
    });
  });

  it('hashes the NFC form, so a password typed decomposed on another keyboard still works', async () => {
    const composed = 'caf\u00e9 au lait noir';
    const decomposed = 'cafe\u0301 au lait noir';
    expect(composed).not.toBe(decomposed);
    const hash = await hashPassword(decomposed, 10);
    expect((await verifyPassword(composed, hash, 10)).ok).toBe(true);
    const byHand = handMadeHash(composed);
    expect((await verifyPassword(decomposed, byHand, 10)).ok).toBe(true);
  });

  it('stores a 16-byte salt and a 64-byte key, never the password', async () => {
    const hash = await hashPassword('a quiet blue harbour', 10);
    const [, cost, r, p, salt, key] = hash.split('$');
    expect([cost, r, p]).toEqual(['10', '8', '1']);
    expect(Buffer.from(salt!, 'base64url')).toHaveLength(16);
    expect(Buffer.from(key!, 'base64url')).toHaveLength(64);
    expect(hash).not.toContain('harbour');
  });

  it('spends a real scrypt check, at the store’s cost, on an address without an account', async () => {
    const cost = 11;
    await verifyAgainstDummy('warm-up', cost);
    const watched = vi.mocked(scrypt);
    watched.mockClear();
    await verifyAgainstDummy('a wrong password', cost);
    // One check of the password given, as long as a real one: the dummy hash is made once.
    expect(watched).toHaveBeenCalledTimes(1);
    const [password, salt, length, options] = watched.mock.calls[0]!;
    expect(password).toBe('a wrong password');
    expect(salt).toHaveLength(16);
    expect(length).toBe(64);
    expect(options).toMatchObject({ N: 2 ** cost, r: 8, p: 1 });
  });
});
