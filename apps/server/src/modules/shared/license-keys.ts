import { randomBytes } from 'node:crypto';

/** Crockford's base32: no I, L, O or U, so a key read aloud or retyped is unambiguous. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 26 symbols of 5 bits = 130 bits of randomness. */
const SYMBOLS = 26;

/**
 * A licence key: 130 random bits in groups of five, e.g. `7K3QD-…-X9`. High entropy is what
 * makes keys unguessable; lookups are by the unique index, and `/licenses/{key}` is rate limited.
 */
export function newLicenseKey(): string {
  const bytes = randomBytes(SYMBOLS);
  let key = '';
  for (let i = 0; i < SYMBOLS; i += 1) {
    if (i > 0 && i % 5 === 0) key += '-';
    // 256 is a multiple of 32: taking the low five bits keeps every symbol equally likely.
    key += ALPHABET[bytes[i]! & 31];
  }
  return key;
}

const KEY_SHAPE = /^[0-9A-HJKMNP-TV-Z]{5}(?:-[0-9A-HJKMNP-TV-Z]{5}){4}-[0-9A-HJKMNP-TV-Z]$/;

/** Whether a string has a key's shape (cheap refusal before any lookup). */
export function isLicenseKeyShape(value: string): boolean {
  return KEY_SHAPE.test(value);
}
