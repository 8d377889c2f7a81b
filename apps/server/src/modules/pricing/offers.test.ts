import { BLACK_FRIDAY_SLUG } from '@tessera/pages/constants';
import { describe, expect, it } from 'vitest';
import { activeOffer, DEFAULT_BLACK_FRIDAY_WINDOW, offerWindow } from './service/offers.ts';

describe('the Black Friday window', () => {
  const window = DEFAULT_BLACK_FRIDAY_WINDOW;

  it('defaults to 2026, ending when November 27th is over everywhere (UTC−12)', () => {
    expect(new Date(window.endsAt).toISOString()).toBe('2026-11-28T12:00:00.000Z');
    expect(window.lastDay).toBe('2026-11-27');
  });

  it('is on from its first millisecond to its last', () => {
    expect(activeOffer(new Date(window.startsAt - 1))).toBeNull();
    expect(activeOffer(new Date(window.startsAt))).toMatchObject({
      productSlug: BLACK_FRIDAY_SLUG,
      lastDay: '2026-11-27',
    });
    expect(activeOffer(window.endsAt - 1)).not.toBeNull();
    expect(activeOffer(window.endsAt)).toBeNull();
  });

  it('is still on late on November 27th in Honolulu and over on the 28th in Tokyo', () => {
    expect(activeOffer(new Date('2026-11-27T23:59:00-10:00'))).not.toBeNull();
    expect(activeOffer(new Date('2026-11-28T21:00:00+09:00'))).toBeNull();
  });

  it('follows a configured window', () => {
    const custom = offerWindow('2027-11-22T00:00:00Z', '2027-11-27T00:00:00Z');
    expect(custom.lastDay).toBe('2027-11-26');
    expect(activeOffer(new Date('2027-11-24T00:00:00Z'), custom)).not.toBeNull();
    expect(activeOffer(new Date('2026-11-24T00:00:00Z'), custom)).toBeNull();
  });

  it('names the last day in the offset the end is written in', () => {
    expect(offerWindow('2026-11-20T00:00:00Z', '2026-11-28T00:00:00+01:00').lastDay).toBe(
      '2026-11-27',
    );
    expect(offerWindow('2026-11-20T00:00:00Z', '2026-11-28T00:00:01Z').lastDay).toBe('2026-11-28');
  });

  it('refuses instants without an offset, impossible dates and an end before the start', () => {
    expect(() => offerWindow('2026-11-20T00:00:00', '2026-11-28T00:00:00Z')).toThrow(/offset/);
    expect(() => offerWindow('2026-11-20', '2026-11-28T00:00:00Z')).toThrow(/offset/);
    expect(() => offerWindow('2026-13-20T00:00:00Z', '2026-11-28T00:00:00Z')).toThrow(/valid/);
    expect(() => offerWindow('2026-11-28T00:00:00Z', '2026-11-28T00:00:00Z')).toThrow(/after/);
  });
});
