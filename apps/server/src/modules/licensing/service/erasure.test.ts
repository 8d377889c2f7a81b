import { describe, expect, it } from 'vitest';
import { captureLogger, testConfig } from '../../../../test/helpers.ts';
import { TEST_DATABASE, testServices, testServicesEnv } from '../../../../test/services.ts';
import {
  createLicense,
  createTeam,
  teamRoles,
  teamRow as teamRowOf,
} from '../../../../test/teams.ts';
import { accountWithoutPassword } from '../../../../test/users.ts';
import { holdingsExport, releaseHoldings } from './erasure.ts';

const AT = Date.parse('2026-07-08T09:10:11Z');
const services = await testServices(testConfig(await testServicesEnv()), captureLogger().logger);
const { db, engine } = services.database;

const person = () => accountWithoutPassword(services, 'erased', 1);
const release = (userId: number) =>
  services.database.writeTransaction((tx) => releaseHoldings(tx, engine, userId, AT));
const licenseRow = (id: number) =>
  db.selectFrom('licenses').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const teamRow = (id: number) => teamRowOf(services, id);
const rolesOf = (teamId: number) => teamRoles(services, teamId);
/** A licence bought by `buyer` and never redeemed, addressed to them. */
async function unredeemedBoughtBy(buyer: number) {
  const license = await createLicense(services, { product: 'marketing' });
  const { purchase_id } = await licenseRow(license.id);
  await db.updateTable('purchases').set({ user_id: buyer }).where('id', '=', purchase_id).execute();
  await db
    .updateTable('licenses')
    .set({ buyer_email: 'buyer@example.com' })
    .where('id', '=', license.id)
    .execute();
  return license;
}

describe(`releasing a deleted account's licences and teams (${TEST_DATABASE})`, () => {
  it('hands a team it owned alone to its longest-standing member, licence and all', async () => {
    const [gone, first, second] = [await person(), await person(), await person()];
    const team = await createTeam(services, { owners: [gone], members: [first, second] });
    await db
      .updateTable('licenses')
      .set({ user_id: gone })
      .where('id', '=', team.licenseId)
      .execute();
    expect(await release(gone)).toEqual({
      teamsHandedOver: 1,
      teamsClosed: 0,
      seatsFreed: 0,
      licensesDeactivated: 0,
      licensesReleased: 0,
    });
    expect(await rolesOf(team.id)).toEqual({ [first]: 'owner', [second]: 'member' });
    expect(await teamRow(team.id)).toMatchObject({ member_count: 2, updated_at: AT });
    expect(await licenseRow(team.licenseId)).toMatchObject({ user_id: first, is_active: 1 });
  });

  it('hands the team over without touching a team licence connected to nobody', async () => {
    const [gone, heir] = [await person(), await person()];
    const team = await createTeam(services, { owners: [gone], members: [heir] });
    expect((await release(gone)).teamsHandedOver).toBe(1);
    expect(await licenseRow(team.licenseId)).toMatchObject({ user_id: null, is_active: 1 });
  });

  it('closes a team it was alone in: its licence is switched off', async () => {
    const gone = await person();
    const team = await createTeam(services, { owners: [gone] });
    expect(await release(gone)).toMatchObject({
      teamsClosed: 1,
      teamsHandedOver: 0,
      seatsFreed: 0,
    });
    expect(await rolesOf(team.id)).toEqual({});
    expect((await teamRow(team.id)).member_count).toBe(0);
    expect(await licenseRow(team.licenseId)).toMatchObject({
      is_active: 0,
      deactivation_reason: 'other',
      deactivated_at: AT,
    });
  });

  it('frees the seat of a member and of one of two owners, the team otherwise untouched', async () => {
    const [gone, owner, other] = [await person(), await person(), await person()];
    const asMember = await createTeam(services, { owners: [owner], members: [gone] });
    const asOwner = await createTeam(services, { owners: [gone, other] });
    expect(await release(gone)).toMatchObject({
      seatsFreed: 2,
      teamsHandedOver: 0,
      teamsClosed: 0,
    });
    expect(await rolesOf(asMember.id)).toEqual({ [owner]: 'owner' });
    expect(await rolesOf(asOwner.id)).toEqual({ [other]: 'owner' });
    expect((await teamRow(asMember.id)).member_count).toBe(1);
    expect((await licenseRow(asOwner.licenseId)).is_active).toBe(1);
  });

  it('switches its own licences off and detaches them; its unredeemed keys stay redeemable', async () => {
    const [gone, redeemer] = [await person(), await person()];
    const own = await createLicense(services, { userId: gone, product: 'marketing' });
    const refunded = await createLicense(services, {
      userId: gone,
      active: false,
      reason: 'refund',
    });
    const unredeemed = await unredeemedBoughtBy(gone);
    const given = await unredeemedBoughtBy(gone);
    await db
      .updateTable('licenses')
      .set({ user_id: redeemer, redeemed_at: AT })
      .where('id', '=', given.id)
      .execute();

    expect(await release(gone)).toEqual({
      teamsHandedOver: 0,
      teamsClosed: 0,
      seatsFreed: 0,
      licensesDeactivated: 1,
      licensesReleased: 1,
    });
    expect(await licenseRow(own.id)).toMatchObject({
      user_id: null,
      buyer_email: null,
      is_active: 0,
      deactivation_reason: 'other',
    });
    expect(await licenseRow(refunded.id)).toMatchObject({
      user_id: null,
      deactivation_reason: 'refund',
    });
    expect(await licenseRow(unredeemed.id)).toMatchObject({
      user_id: null,
      buyer_email: null,
      is_active: 1,
      redeemed_at: null,
    });
    // A key someone else redeemed is theirs: untouched.
    expect(await licenseRow(given.id)).toMatchObject({
      user_id: redeemer,
      buyer_email: 'buyer@example.com',
      is_active: 1,
    });
  });
});

describe(`an account's licences and teams in its export (${TEST_DATABASE})`, () => {
  it('lists its own and bought licences with only the end of each key, and its teams', async () => {
    const [user, stranger] = [await person(), await person()];
    const own = await createLicense(services, { userId: user, product: 'marketing' });
    const bought = await unredeemedBoughtBy(user);
    await createLicense(services, { userId: stranger });
    const team = await createTeam(services, { owners: [stranger], members: [user], name: 'Crew' });

    const exported = await holdingsExport(db, user);
    expect(exported.licenses).toEqual([
      expect.objectContaining({ product: 'Marketing', kind: 'personal', is_active: 1 }),
      expect.objectContaining({ product: 'Marketing', redeemed_at: null }),
    ]);
    expect(exported.licenses.map((row) => row.key_ends_with)).toEqual([
      own.key.slice(-4),
      bought.key.slice(-4),
    ]);
    expect(JSON.stringify(exported)).not.toContain(own.key);
    expect(exported.teams).toEqual([
      expect.objectContaining({
        id: team.id,
        name: 'Crew',
        role: 'member',
        seats: 25,
        member_count: 2,
      }),
    ]);
    expect(await holdingsExport(db, (await person()) + 0)).toEqual({ licenses: [], teams: [] });
  });
});
