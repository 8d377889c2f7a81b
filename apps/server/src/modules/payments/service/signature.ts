import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Paddle's webhook signature (`Paddle-Signature: ts=…;h1=…`): HMAC-SHA256 with the destination's
 * secret over `{ts}:{raw body}`, hex encoded.
 *
 * Verified here rather than by `@paddle/paddle-node-sdk`'s `Webhooks.unmarshal` (read in its
 * 3.10.0 source, `notifications/helpers/webhooks-validator.ts`), because that validator:
 * - keeps only the last `h1` of the header, so a delivery signed with both the old and the new
 *   secret during a rotation fails whenever the old one comes last;
 * - has a fixed 5-second tolerance, only into the past: a timestamp from the future always passes;
 * - compares the hex strings with `===`, not in constant time;
 * - parses `ts` with `parseInt`, so `ts=12abc` counts as 12.
 * The sandbox's signatures are still checked against the SDK's validator in the tests
 * (signature.test.ts), so both sides speak Paddle's format exactly.
 */

export const SIGNATURE_HEADER = 'Paddle-Signature';

const MAX_HEADER_LENGTH = 4096;
const HEX_64 = /^[0-9a-f]{64}$/i;
const SECONDS = /^[1-9][0-9]{0,11}$/;

export interface ParsedSignature {
  /** The signed timestamp exactly as sent (it is part of the signed text). */
  ts: string;
  h1: Buffer[];
}

/** The header's parts, or null when it is not a Paddle signature header at all. */
export function parseSignatureHeader(header: string): ParsedSignature | null {
  if (header.length === 0 || header.length > MAX_HEADER_LENGTH) return null;
  let ts: string | null = null;
  const h1: Buffer[] = [];
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index <= 0) return null;
    const key = part.slice(0, index).trim();
    const value = part.slice(index + 1).trim();
    if (key === 'ts') {
      if (ts !== null || !SECONDS.test(value)) return null;
      ts = value;
    } else if (key === 'h1') {
      if (!HEX_64.test(value)) return null;
      h1.push(Buffer.from(value, 'hex'));
    }
    // Other keys: signature schemes Paddle may add later; ignored, as its docs ask.
  }
  if (ts === null || h1.length === 0) return null;
  return { ts, h1 };
}

function mac(secret: string, ts: string, rawBody: Buffer): Buffer {
  return createHmac('sha256', secret).update(`${ts}:`).update(rawBody).digest();
}

export type SignatureCheck =
  | { ok: true; ts: number }
  | { ok: false; reason: 'missing' | 'malformed' | 'stale' | 'future' | 'mismatch' };

export interface VerifyOptions {
  rawBody: Buffer;
  header: string | undefined;
  /** Every secret currently accepted (the current one, and the previous during a rotation). */
  secrets: readonly string[];
  toleranceSeconds: number;
  nowMs: number;
}

/** Every `h1` against every secret, each comparison in constant time. */
export function verifySignature(options: VerifyOptions): SignatureCheck {
  if (options.header === undefined) return { ok: false, reason: 'missing' };
  const parsed = parseSignatureHeader(options.header);
  if (!parsed) return { ok: false, reason: 'malformed' };
  const ts = Number(parsed.ts);
  const nowSeconds = options.nowMs / 1000;
  if (ts < nowSeconds - options.toleranceSeconds) return { ok: false, reason: 'stale' };
  if (ts > nowSeconds + options.toleranceSeconds) return { ok: false, reason: 'future' };
  let matched = false;
  for (const secret of options.secrets) {
    const expected = mac(secret, parsed.ts, options.rawBody);
    for (const given of parsed.h1) {
      // Both are 32 bytes (the header check made sure); no early exit on a match.
      if (timingSafeEqual(expected, given)) matched = true;
    }
  }
  return matched ? { ok: true, ts } : { ok: false, reason: 'mismatch' };
}

/** A `Paddle-Signature` value for `rawBody` at `tsSeconds`, one `h1` per secret given. */
export function signatureHeader(
  secrets: string | readonly string[],
  rawBody: string | Buffer,
  tsSeconds: number,
): string {
  const ts = String(Math.floor(tsSeconds));
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody) : rawBody;
  const list = typeof secrets === 'string' ? [secrets] : secrets;
  return [`ts=${ts}`, ...list.map((secret) => `h1=${mac(secret, ts, body).toString('hex')}`)].join(
    ';',
  );
}
