import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { captureLogger, testConfig } from '../../../test/helpers.ts';
import { TEST_DATABASE, testServices, testServicesEnv } from '../../../test/services.ts';
import { createLicense, createTeam } from '../../../test/teams.ts';
import { userWithoutPassword } from '../../../test/users.ts';
import { holdingsOf, policyFor as accessPolicyFor, roleOf } from './service/policy.ts';

const services = await testServices(testConfig(await testServicesEnv()), captureLogger().logger);
const { db } = services.database;
const LIVE = { testMode: false };
const TEST = { testMode: true };

const person = () => userWithoutPassword(services, 'policy', 1);

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

  it(`reads a customer's own licences and their teams', with their roles (${TEST_DATABASE})`, async () => {
    const [owner, member, outsider] = [await person(), await person(), await person()];
    await createLicense(services, { product: 'marketing', userId: owner.id });
    await createLicense(services, { product: 'ecommerce', userId: owner.id, active: false });
    const team = await createTeam(services, { owners: [owner.id], members: [member.id] });

    const ownerPolicy = await accessPolicyFor(db, owner, LIVE);
    expect(ownerPolicy.user?.id).toBe(owner.id);
    // Their active package and the team's all-access licence; never the deactivated one.
    expect([...ownerPolicy.entitlements.packages].sort()).toEqual(['all-access', 'marketing']);
    expect(ownerPolicy.entitlements.allAccess).toBe(true);
    expect(ownerPolicy.teams).toEqual([
      { teamId: team.id, name: 'Test Team', role: 'owner', memberId: team.memberIds.get(owner.id) },
    ]);
    expect(ownerPolicy.membership(team.id)?.role).toBe('owner');
    expect(ownerPolicy.isOwnerOf(team.id)).toBe(true);
    expect(ownerPolicy.membership(team.id + 1000)).toBeNull();
    expect(ownerPolicy.isOwnerOf(team.id + 1000)).toBe(false);
    expect(ownerPolicy.holdings.userId).toBe(owner.id);
    expect(ownerPolicy.holdings.memberOfAllAccessTeam).toBe(true);

    const memberPolicy = await accessPolicyFor(db, member, LIVE);
    expect(memberPolicy.entitlements.allAccess).toBe(true);
    expect(memberPolicy.membership(team.id)).toMatchObject({ role: 'member' });
    expect(memberPolicy.isOwnerOf(team.id)).toBe(false);

    const outsiderPolicy = await accessPolicyFor(db, outsider, LIVE);
    expect(outsiderPolicy.teams).toEqual([]);
    expect(outsiderPolicy.entitlements.allAccess).toBe(false);
    expect(outsiderPolicy.membership(team.id)).toBeNull();

    // Someone else's unredeemed licence grants nothing to anyone.
    await createLicense(services, { product: 'application-ui' });
    expect((await accessPolicyFor(db, outsider, LIVE)).entitlements.has('application-ui')).toBe(
      false,
    );
  });

  it(`lets a test-mode licence count only in a test store (${TEST_DATABASE})`, async () => {
    const buyer = await person();
    const { id } = await createLicense(services, { product: 'marketing', userId: buyer.id });
    await db.updateTable('licenses').set({ test_mode: 1 }).where('id', '=', id).execute();
    expect((await accessPolicyFor(db, buyer, TEST)).entitlements.has('marketing')).toBe(true);
    expect((await accessPolicyFor(db, buyer, LIVE)).entitlements.has('marketing')).toBe(false);
    expect((await holdingsOf(db, buyer.id, TEST)).holdings).toHaveLength(1);
    expect((await holdingsOf(db, buyer.id, LIVE)).holdings).toEqual([]);
    expect(await holdingsOf(db, null, TEST)).toEqual(await holdingsOf(db, null, LIVE));
    expect((await holdingsOf(db, null, TEST)).userId).toBeNull();
  });

  it('reads a role it does not know as the least one', () => {
    expect(roleOf('owner')).toBe('owner');
    expect(roleOf('member')).toBe('member');
    expect(roleOf('admin')).toBe('member');
    expect(roleOf('')).toBe('member');
  });
});
