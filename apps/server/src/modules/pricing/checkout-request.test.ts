import { checkoutUrl } from '@tessera/pages/constants';
import { describe, expect, it } from 'vitest';
import { parseCheckoutRequest } from './schemas.ts';

function parse(url: string) {
  const parsed = new URL(url, 'http://store.test');
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of parsed.searchParams) {
    const seen = query[key];
    query[key] = seen === undefined ? value : [...[seen].flat(), value];
  }
  return parseCheckoutRequest(decodeURIComponent(parsed.pathname.split('/')[2]!), query);
}

describe('checkout addresses', () => {
  it('has one spelling per product, kind and upgrade', () => {
    expect(checkoutUrl('all-access')).toBe('/checkout/all-access');
    expect(checkoutUrl('all-access', 'team')).toBe('/checkout/all-access?license=team');
    expect(checkoutUrl('black-friday')).toBe('/checkout/black-friday');
    expect(checkoutUrl('catalyst')).toBe('/checkout/catalyst');
    expect(checkoutUrl('all-access', 'personal', { upgradeLicenseId: 12 })).toBe(
      '/checkout/all-access?upgrade=12',
    );
    expect(checkoutUrl('all-access', 'team', { upgradeLicenseId: 7 })).toBe(
      '/checkout/all-access?license=team&upgrade=7',
    );
  });

  it('reads back what checkoutUrl writes', () => {
    for (const [slug, kind, upgradeLicenseId] of [
      ['all-access', 'personal', null],
      ['all-access', 'team', null],
      ['all-access', 'restricted', null],
      ['all-access', 'classroom', 4],
      ['all-access', 'team', 2_147_483_647],
      ['salient', 'personal', null],
    ] as const) {
      expect(parse(checkoutUrl(slug, kind, { upgradeLicenseId }))).toEqual({
        ok: true,
        productSlug: slug,
        kind,
        upgradeLicenseId,
      });
    }
  });

  it('refuses what it cannot read, naming the problem', () => {
    for (const bad of [
      '/checkout/all-access?license=enterprise',
      '/checkout/all-access?license=team&license=personal',
      '/checkout/all-access?upgrade=0',
      '/checkout/all-access?upgrade=-1',
      '/checkout/all-access?upgrade=1e3',
      '/checkout/all-access?upgrade=12abc',
      '/checkout/all-access?upgrade=2147483648',
      '/checkout/all-access?upgrade=99999999999999999999',
      '/checkout/all-access?upgrade=1&upgrade=2',
      '/checkout/all-access?license=%00',
      '/checkout/All-Access',
      '/checkout/..%2Fadmin',
      `/checkout/${'a'.repeat(65)}`,
    ]) {
      const result = parse(bad);
      expect(result.ok, bad).toBe(false);
      if (!result.ok) expect(result.message.length).toBeGreaterThan(0);
    }
  });
});
