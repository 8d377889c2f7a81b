import { describe, expect, it } from 'vitest';
import { formatPageTitle } from './page-title';

describe('formatPageTitle', () => {
  it('adds the brand suffix', () => {
    expect(formatPageTitle('Sign in', 'Tessera UI')).toBe('Sign in - Tessera UI');
  });

  it('leaves a title that already names the brand alone, whatever its case', () => {
    expect(formatPageTitle('Tessera UI components', 'Tessera UI')).toBe('Tessera UI components');
    expect(formatPageTitle('About TESSERA UI', 'Tessera UI')).toBe('About TESSERA UI');
  });

  it('falls back to the brand for an empty title', () => {
    expect(formatPageTitle('', 'Tessera UI')).toBe('Tessera UI');
    expect(formatPageTitle(undefined, 'Tessera UI')).toBe('Tessera UI');
  });
});
