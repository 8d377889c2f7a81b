import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  isWellFormedToken,
  newTokenSecret,
  SHOWN_PREFIX_LENGTH,
  TOKEN_LENGTH,
  TOKEN_PATTERN,
  TOKEN_PREFIX,
  tokenHash,
} from './service/secrets.ts';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

describe('personal access token secrets', () => {
  it('has the scanner-friendly shape: tessera_pat_, 40 random base62 characters, a 6-character checksum', () => {
    const { secret, hash, prefix } = newTokenSecret();
    expect(secret).toMatch(/^tessera_pat_[0-9A-Za-z]{46}$/);
    expect(secret).toHaveLength(TOKEN_LENGTH);
    expect(secret).toMatch(TOKEN_PATTERN);
    expect(isWellFormedToken(secret)).toBe(true);
    // What is stored: SHA-256 hex of the whole secret, and the prefix the list shows.
    expect(hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(tokenHash(secret)).toBe(hash);
    expect(prefix).toBe(secret.slice(0, SHOWN_PREFIX_LENGTH));
    expect(prefix).toMatch(/^tessera_pat_[0-9A-Za-z]{4}$/);
  });

  it('draws fresh randomness each time, over the whole alphabet', () => {
    const secrets = Array.from({ length: 500 }, () => newTokenSecret().secret);
    expect(new Set(secrets).size).toBe(secrets.length);
    const used = new Set(secrets.flatMap((secret) => [...secret.slice(12, 52)]));
    expect(used.size).toBe(BASE62.length);
  });

  it('rejects any single changed character through its checksum', () => {
    const { secret } = newTokenSecret();
    for (let i = TOKEN_PREFIX.length; i < secret.length; i += 1) {
      for (const replacement of ['0', 'z', 'Q']) {
        if (secret[i] === replacement) continue;
        const changed = secret.slice(0, i) + replacement + secret.slice(i + 1);
        expect(isWellFormedToken(changed), `position ${i} → ${replacement}`).toBe(false);
      }
    }
  });

  it('rejects what is not a token at all', () => {
    const { secret } = newTokenSecret();
    for (const value of [
      '',
      secret.slice(0, -1),
      `${secret}0`,
      ` ${secret}`,
      secret.replace('tessera_pat_', 'tessera_pak_'),
      secret.replace('tessera_pat_', 'TESSERA_PAT_'),
      `${secret.slice(0, 20)}-${secret.slice(21)}`,
      `${secret.slice(0, 20)}\u0000${secret.slice(21)}`,
      `${secret.slice(0, 20)}é${secret.slice(21)}`,
      'ghp_' + 'a'.repeat(36),
    ]) {
      expect(isWellFormedToken(value), JSON.stringify(value)).toBe(false);
    }
  });
});
