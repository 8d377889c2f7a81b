import { createHash, randomBytes } from 'node:crypto';

/** Paddle-style ids (`txn_…`, 26 lower-case Crockford symbols): 130 random bits each. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const SYMBOLS = 26;

function encode(bytes: Buffer): string {
  let out = '';
  for (let i = 0; i < SYMBOLS; i += 1) out += ALPHABET[bytes[i]! & 31];
  return out;
}

export function sandboxId(prefix: 'txn' | 'evt' | 'ntf' | 'adj' | 'inv'): string {
  return `${prefix}_${encode(randomBytes(SYMBOLS))}`;
}

/** One customer per e-mail address, as Paddle keeps them. */
export function sandboxCustomerId(email: string): string {
  return `ctm_${encode(createHash('sha256').update(`tessera-sandbox-customer:${email}`).digest())}`;
}

/** A stable id made from `seed`: the demo world's purchases get the same ids every time. */
export function sandboxIdFor(prefix: 'txn', seed: string): string {
  return `${prefix}_${encode(createHash('sha256').update(`tessera-sandbox-seed:${seed}`).digest())}`;
}

export const SANDBOX_TRANSACTION_ID = /^txn_[0-9a-hjkmnp-tv-z]{26}$/;
