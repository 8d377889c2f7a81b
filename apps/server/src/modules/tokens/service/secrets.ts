import { randomInt } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { sha256 } from '../../auth/index.ts';

/**
 * Personal access token secrets (decision 014), in the shape secret scanners look for (GitHub's
 * `ghp_` tokens): a fixed prefix, 40 random base62 characters (238 bits) and a 6-character
 * base62 CRC32 of the rest, so a scanner can tell a real token from a look-alike offline.
 *
 *   tessera_pat_<40 random base62><6 checksum base62>
 */
export const TOKEN_PREFIX = 'tessera_pat_';
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 40;
const CHECKSUM_LENGTH = 6;
export const TOKEN_LENGTH = TOKEN_PREFIX.length + RANDOM_LENGTH + CHECKSUM_LENGTH;
/** What a list shows of a token: the prefix and the first four random characters. */
export const SHOWN_PREFIX_LENGTH = TOKEN_PREFIX.length + 4;
/** For secret scanners and tests: a whole token, anchored. */
export const TOKEN_PATTERN = new RegExp(
  `^${TOKEN_PREFIX}[0-9A-Za-z]{${RANDOM_LENGTH + CHECKSUM_LENGTH}}$`,
);

function base62(value: number, length: number): string {
  let out = '';
  let rest = value;
  for (let i = 0; i < length; i += 1) {
    out = ALPHABET[rest % 62] + out;
    rest = Math.floor(rest / 62);
  }
  return out;
}

function checksum(body: string): string {
  return base62(crc32(body), CHECKSUM_LENGTH);
}

export interface NewTokenSecret {
  /** The whole secret: shown to its owner once, never stored. */
  secret: string;
  /** SHA-256 hex of the secret: what is stored and looked up. */
  hash: string;
  /** What lists show. */
  prefix: string;
}

export function newTokenSecret(): NewTokenSecret {
  let random = '';
  // randomInt draws without modulo bias.
  for (let i = 0; i < RANDOM_LENGTH; i += 1) random += ALPHABET[randomInt(62)];
  const body = TOKEN_PREFIX + random;
  const secret = body + checksum(body);
  return { secret, hash: sha256(secret), prefix: secret.slice(0, SHOWN_PREFIX_LENGTH) };
}

/** Whether `value` has a token's shape and checksum: cheap, before any database read. */
export function isWellFormedToken(value: string): boolean {
  if (value.length !== TOKEN_LENGTH || !TOKEN_PATTERN.test(value)) return false;
  const body = value.slice(0, -CHECKSUM_LENGTH);
  return checksum(body) === value.slice(-CHECKSUM_LENGTH);
}

export function tokenHash(secret: string): string {
  return sha256(secret);
}
