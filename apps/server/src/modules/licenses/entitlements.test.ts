import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { entitlementsFor } from './entitlements.ts';

describe('entitlementsFor', () => {
  it('gives a guest nothing, without a query: most page views are anonymous', async () => {
    const db = new Proxy({} as Db, {
      get(_target, property) {
        throw new Error(`a guest's entitlements read db.${String(property)}`);
      },
    });
    const guest = await entitlementsFor(db, undefined);
    expect(guest.allAccess).toBe(false);
    expect([...guest.packages]).toEqual([]);
    expect(guest.has('application-ui')).toBe(false);
    expect(guest.has('all-access')).toBe(false);
  });
});
