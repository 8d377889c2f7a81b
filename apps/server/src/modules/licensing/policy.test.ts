import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { policyFor as accessPolicyFor } from './service/policy.ts';

describe('accessPolicyFor', () => {
  it('gives a visitor nothing, without a query: most page views are anonymous', async () => {
    const db = new Proxy({} as Db, {
      get(_target, property) {
        throw new Error(`a visitor's policy read db.${String(property)}`);
      },
    });
    const visitor = await accessPolicyFor(db, null, { testMode: true });
    expect(visitor.user).toBeNull();
    expect(visitor.teams).toEqual([]);
    expect(visitor.entitlements.allAccess).toBe(false);
    expect([...visitor.entitlements.packages]).toEqual([]);
    expect(visitor.entitlements.has('application-ui')).toBe(false);
    expect(visitor.entitlements.has('all-access')).toBe(false);
    expect(visitor.membership(1)).toBeNull();
    expect(visitor.isOwnerOf(1)).toBe(false);
  });
});
