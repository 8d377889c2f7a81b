import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { randomToken, sameHash, sha256 } from './tokens.ts';

describe('secret tokens', () => {
  it('draws 256 random bits by default, URL-safe, and a new value every time', () => {
    const tokens = new Set(Array.from({ length: 50 }, () => randomToken()));
    expect(tokens.size).toBe(50);
    for (const token of tokens) {
      expect(token).toMatch(/^[\w-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
    expect(Buffer.from(randomToken(12), 'base64url')).toHaveLength(12);
  });

  it('stores the SHA-256 of a token in hex, never the token', () => {
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256('a token')).toBe(createHash('sha256').update('a token').digest('hex'));
  });

  it('compares hashes: equal ones match, any other does not', () => {
    const hash = sha256('a token');
    expect(sameHash(hash, sha256('a token'))).toBe(true);
    expect(sameHash(hash, sha256('another token'))).toBe(false);
    // A shorter or longer value is a mismatch, not an exception.
    expect(sameHash(hash, hash.slice(0, 32))).toBe(false);
    expect(sameHash(hash, `${hash}00`)).toBe(false);
  });

  it('never matches an empty or non-hex value, even with itself', () => {
    expect(sameHash('', '')).toBe(false);
    expect(sameHash('not hex at all', 'not hex at all')).toBe(false);
    expect(sameHash(sha256('x'), '')).toBe(false);
  });
});
