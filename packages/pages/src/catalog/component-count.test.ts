import { describe, expect, it } from 'vitest';
import { componentCountClaim } from './component-count';

describe('componentCountClaim', () => {
  it('states the exact count below 500', () => {
    expect(componentCountClaim(198)).toBe('198');
    expect(componentCountClaim(499)).toBe('499');
  });

  it('claims "Over N" in whole hundreds only once the count reaches them', () => {
    expect(componentCountClaim(500)).toBe('Over 500');
    expect(componentCountClaim(599)).toBe('Over 500');
    expect(componentCountClaim(651)).toBe('Over 600');
  });
});
