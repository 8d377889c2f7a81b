import { describe, expect, it } from 'vitest';
import { IMPERSONATION_RULES, impersonationRuleFor } from './impersonation.ts';

/** The table's matching, which the whole rule rests on (the matrix proves the answers). */
describe('impersonationRuleFor', () => {
  it('matches a route however Express would reach it: any case, a trailing slash, HEAD as GET', () => {
    for (const path of ['/licenses/ABCD', '/LICENSES/abcd', '/licenses/ABCD/'])
      expect(impersonationRuleFor('patch', path), path).toEqual({
        rule: { audit: 'redeem a licence' },
        pattern: '/licenses/:key',
      });
    expect(impersonationRuleFor('HEAD', '/checkout/marketing').rule).toHaveProperty('refuse');
    expect(impersonationRuleFor('GET', '/Checkout/Marketing/').rule).toHaveProperty('refuse');
  });

  it('tells a team from its members and its invite link', () => {
    expect(impersonationRuleFor('PATCH', '/teams/7').pattern).toBe('/teams/:id');
    expect(impersonationRuleFor('PATCH', '/teams/7/members/3').rule).toHaveProperty('refuse');
    expect(impersonationRuleFor('POST', '/teams/7/members').rule).toHaveProperty('audit');
    expect(impersonationRuleFor('DELETE', '/teams/7/invite-link').rule).toHaveProperty('audit');
    // A segment more or less is another route: no row, so a write is refused by default.
    expect(impersonationRuleFor('PATCH', '/teams/7/extra').rule).toBeNull();
    expect(impersonationRuleFor('PATCH', '/licenses').rule).toBeNull();
  });

  it('reads a row for its own method only', () => {
    // Redeeming is a PATCH: reading the licence page is no act; deleting a join is no join.
    expect(impersonationRuleFor('GET', '/licenses/ABCD')).toEqual({ rule: null, pattern: null });
    expect(impersonationRuleFor('DELETE', '/teams/7/members').rule).toBeNull();
    expect(impersonationRuleFor('GET', '/logout').rule).toBeNull();
  });

  it('hides the whole back office, every method, and only it', () => {
    for (const [method, path] of [
      ['GET', '/admin'],
      ['POST', '/admin/purchases/1/refund'],
      ['DELETE', '/ADMIN/teams/1/members/2'],
    ])
      expect(impersonationRuleFor(method!, path!).rule, path).toEqual({ hidden: true });
    expect(impersonationRuleFor('GET', '/administrator').rule).toBeNull();
  });

  it('names no route twice for one method', () => {
    const seen = new Set<string>();
    for (const [method, pattern] of IMPERSONATION_RULES) {
      const key = `${method} ${pattern.toLowerCase()}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
    }
  });
});
