import { NodeRuntime, Webhooks } from '@paddle/paddle-node-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseSignatureHeader, signatureHeader, verifySignature } from './service/signature.ts';

const SECRET = 'pdl_ntfset_01h8' + 'a'.repeat(40);
const BODY = Buffer.from('{"event_id":"evt_1","event_type":"transaction.completed"}');
const NOW = 1_750_000_000_000;

const check = (
  header: string | undefined,
  options: { secrets?: string[]; body?: Buffer; nowMs?: number; tolerance?: number } = {},
) =>
  verifySignature({
    rawBody: options.body ?? BODY,
    header,
    secrets: options.secrets ?? [SECRET],
    toleranceSeconds: options.tolerance ?? 5,
    nowMs: options.nowMs ?? NOW,
  });

// What `new Paddle(…)` does first; `paddle.webhooks` needs it (the SDK's crypto provider).
beforeAll(() => NodeRuntime.initialize());

describe('Paddle webhook signatures', () => {
  it('accepts its own signature within the tolerance, both ways, and nothing beyond', () => {
    const ts = NOW / 1000;
    expect(check(signatureHeader(SECRET, BODY, ts))).toEqual({ ok: true, ts });
    expect(check(signatureHeader(SECRET, BODY, ts - 5)).ok).toBe(true);
    expect(check(signatureHeader(SECRET, BODY, ts + 5)).ok).toBe(true);
    expect(check(signatureHeader(SECRET, BODY, ts - 6))).toEqual({ ok: false, reason: 'stale' });
    expect(check(signatureHeader(SECRET, BODY, ts + 6))).toEqual({ ok: false, reason: 'future' });
    expect(check(signatureHeader(SECRET, BODY, ts - 60), { tolerance: 60 }).ok).toBe(true);
  });

  it('refuses another body or another secret', () => {
    const header = signatureHeader(SECRET, BODY, NOW / 1000);
    expect(check(header, { body: Buffer.from(`${BODY.toString()} `) })).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(check(header, { secrets: ['another secret'] })).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(check(header, { secrets: [] })).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('accepts any h1 against any accepted secret (rotation on either side)', () => {
    const ts = NOW / 1000;
    const both = signatureHeader(['old secret', SECRET], BODY, ts);
    expect(check(both).ok).toBe(true);
    expect(check(signatureHeader(['x', 'y'], BODY, ts), { secrets: ['z', 'y'] }).ok).toBe(true);
  });

  it('tells a missing header from a malformed one', () => {
    expect(check(undefined)).toEqual({ ok: false, reason: 'missing' });
    const valid = signatureHeader(SECRET, BODY, NOW / 1000);
    const h1 = valid.split('h1=')[1]!;
    for (const header of [
      '',
      ';',
      'ts=;h1=',
      `h1=${h1}`,
      `ts=1750000000`,
      `ts=0${1750000000};h1=${h1}`,
      `ts=1750000000;h1=${h1.toUpperCase()}x`,
      `ts=1e9;h1=${h1}`,
    ]) {
      expect(check(header), header).toEqual({ ok: false, reason: 'malformed' });
    }
    // Unknown schemes are ignored, as Paddle asks; upper-case hex is still hex.
    expect(check(`${valid};h2=whatever`).ok).toBe(true);
    expect(
      parseSignatureHeader(`ts=1750000000;h1=${h1.toUpperCase()}`)?.h1[0]?.toString('hex'),
    ).toBe(h1);
  });

  it('speaks Paddle’s format: the SDK’s own validator accepts what the sandbox signs', async () => {
    const body = JSON.stringify({
      event_id: 'evt_1',
      event_type: 'customer.created',
      occurred_at: new Date().toISOString(),
      notification_id: 'ntf_1',
      data: { id: 'ctm_1', email: 'a@example.com' },
    });
    const header = signatureHeader(SECRET, body, Date.now() / 1000);
    const sdk = new Webhooks();
    expect(await sdk.isSignatureValid(body, SECRET, header)).toBe(true);
    expect(await sdk.isSignatureValid(body, 'another secret', header)).toBe(false);
    const event = await sdk.unmarshal(body, SECRET, header);
    expect(event.eventType).toBe('customer.created');
  });

  it('covers what the SDK misses: the first of two h1, and a timestamp from the future', async () => {
    const body = BODY.toString();
    const ts = Date.now() / 1000;
    const rotated = signatureHeader([SECRET, 'old secret'], body, ts);
    expect(await new Webhooks().isSignatureValid(body, SECRET, rotated)).toBe(false);
    expect(check(rotated, { nowMs: ts * 1000 }).ok).toBe(true);
    const future = signatureHeader(SECRET, body, ts + 3600);
    expect(await new Webhooks().isSignatureValid(body, SECRET, future)).toBe(true);
    expect(check(future, { nowMs: ts * 1000 })).toEqual({ ok: false, reason: 'future' });
  });
});
