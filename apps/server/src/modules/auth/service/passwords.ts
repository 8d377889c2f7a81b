import { dictionary } from '@zxcvbn-ts/language-common';
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import os from 'node:os';
import pLimit from 'p-limit';

const PASSWORD_MIN_LENGTH = 8;
/** ASVS asks to allow at least 64; a cap keeps a megabyte "password" from being hashed. */
export const PASSWORD_MAX_LENGTH = 256;

const KEY_LENGTH = 64;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;

// Each scrypt call holds 128 * N * r bytes (128 MiB at N = 2^17). Hashing runs on libuv's
// thread pool; bounding it to the core count caps memory whatever the burst of sign-ins.
const hashing = pLimit(Math.max(1, Math.min(os.availableParallelism(), 4)));

function scryptAsync(password: string, salt: Buffer, cost: number): Promise<Buffer> {
  const N = 2 ** cost;
  const options: ScryptOptions = {
    N,
    r: BLOCK_SIZE,
    p: PARALLELISM,
    maxmem: 128 * N * BLOCK_SIZE * 2,
  };
  return hashing(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
  );
}

/** `scrypt$<log2 N>$<r>$<p>$<salt>$<key>`: parameters travel with the hash, so they can rise. */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, cost);
  return [
    'scrypt',
    cost,
    BLOCK_SIZE,
    PARALLELISM,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

export interface VerifyResult {
  ok: boolean;
  /** The hash was made with weaker parameters than today's: store a fresh one. */
  needsRehash: boolean;
}

export async function verifyPassword(
  password: string,
  stored: string,
  cost: number,
): Promise<VerifyResult> {
  const [scheme, costText, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !keyText || r !== String(BLOCK_SIZE) || p !== '1') {
    return { ok: false, needsRehash: false };
  }
  const storedCost = Number(costText);
  const expected = Buffer.from(keyText, 'base64url');
  const actual = await scryptAsync(password, Buffer.from(saltText, 'base64url'), storedCost);
  const ok = actual.length === expected.length && timingSafeEqual(actual, expected);
  return { ok, needsRehash: ok && storedCost < cost };
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check when there is no account, so response times do not
 * tell which e-mail addresses have one.
 */
export async function verifyAgainstDummy(password: string, cost: number): Promise<void> {
  dummyHash ??= hashPassword('tessera-dummy-password', cost);
  await verifyPassword(password, await dummyHash, cost);
}

const commonPasswords = new Set(
  (dictionary as Record<string, string[]>)['passwords-common']?.map((word) => word.toLowerCase()) ??
    [],
);

/** The commonest passwords, from zxcvbn-ts's list of leaked passwords (about 49,000 entries). */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

/** The policy for a new password: length only (no composition rules), and not a common one. */
export function passwordProblem(password: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) {
    return `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
  }
  if (length > PASSWORD_MAX_LENGTH) {
    return `The password may not be longer than ${PASSWORD_MAX_LENGTH} characters.`;
  }
  if (isCommonPassword(password)) {
    return 'This password is too common. Please choose a less guessable one.';
  }
  return null;
}
