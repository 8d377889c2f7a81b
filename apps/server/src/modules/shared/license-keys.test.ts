import { describe, expect, it } from 'vitest';
import { isLicenseKeyShape, newLicenseKey } from './license-keys.ts';

describe('licence keys', () => {
  it('are readable groups of base32 symbols that pass their own shape check', () => {
    const key = newLicenseKey();
    expect(key).toMatch(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){4}-[0-9A-Z]$/);
    expect(key).not.toMatch(/[ILOU]/);
    expect(isLicenseKeyShape(key)).toBe(true);
  });

  it('never repeat and use every symbol (no bias that would cut the 130 bits)', () => {
    const keys = Array.from({ length: 5000 }, newLicenseKey);
    expect(new Set(keys).size).toBe(keys.length);
    const symbols = new Set(keys.join('').replaceAll('-', ''));
    expect(symbols.size).toBe(32);
  });

  it('refuses what is not a key before any lookup', () => {
    const key = newLicenseKey();
    for (const odd of [
      '',
      key.toLowerCase(),
      `${key}X`,
      key.replace(/-/g, ''),
      key.replace(/^./, 'I'),
      `${key}\u0000`,
      '%2e%2e',
    ])
      expect(isLicenseKeyShape(odd)).toBe(false);
  });
});
