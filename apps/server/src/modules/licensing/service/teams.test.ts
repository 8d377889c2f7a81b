import { describe, expect, it } from 'vitest';
import { captureLogger, testConfig } from '../../../../test/helpers.ts';
import { TEST_DATABASE, testServices, testServicesEnv } from '../../../../test/services.ts';
import {
  createLicense,
  createTeam,
  teamRoles,
  teamRow as teamRowOf,
  type TestTeam,
} from '../../../../test/teams.ts';
import { testAuthService, uniqueEmail, userWithoutPassword } from '../../../../test/users.ts';
import { usersRepository } from '../../auth/index.ts';
import { formatAmount, newInviteToken } from '../../shared/index.ts';
import { teamsRepository } from '../repository/teams.ts';
import { policyFor, type AccessPolicy } from './policy.ts';
import { MembershipRefusal, teamOperations, teamsService } from './teams.ts';

const NOW = Date.parse('2026-05-06T07:08:09Z');
const config = testConfig(await testServicesEnv());
const services = await testServices(config, captureLogger().logger);
const { db } = services.database;
const teams = teamsService({
  database: services.database,
  auth: testAuthService(services, config, () => NOW),
  appUrl: 'https://store.test',
  now: () => NOW,
});

const person = (name = 'teammate') => userWithoutPassword(services, name, 1);
const viewerOf = (user: Awaited<ReturnType<typeof person>>) =>
  policyFor(db, user, { testMode: false });
const teamRow = (id: number) => teamRowOf(services, id);
const rolesOf = (teamId: number) => teamRoles(services, teamId);
const memberId = (team: TestTeam, userId: number) => team.memberIds.get(userId)!;
const refund = (licenseId: number) =>
  db
    .updateTable('licenses')
    .set({ is_active: 0, deactivation_reason: 'refund' })
    .where('id', '=', licenseId)
    .execute();

describe(`the team settings view (${TEST_DATABASE})`, () => {
  it('shows an owner the members, seats, invite link and billing; the last owner not updatable', async () => {
    const [owner, member] = [await person('owner'), await person('member')];
    const team = await createTeam(services, { owners: [owner.id], members: [member.id], seats: 3 });
    const purchase = await db
      .selectFrom('purchases')
      .innerJoin('licenses', 'licenses.purchase_id', 'purchases.id')
      .select(['purchases.id', 'amount', 'currency', 'receipt_url', 'purchases.created_at'])
      .where('licenses.id', '=', team.licenseId)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('purchases')
      .set({ refunded_at: NOW })
      .where('id', '=', purchase.id)
      .execute();

    const view = await teams.view(team.id, await viewerOf(owner));
    expect(view).toEqual({
      id: team.id,
      name: 'Test Team',
      kind: 'team',
      inviteUrl: `https://store.test/teams/${team.id}/members?invite_token=${team.inviteToken}`,
      seats: 3,
      seatsUsed: 2,
      isFull: false,
      updatable: true,
      members: [
        { id: memberId(team, owner.id), email: owner.email, role: 'owner', updatable: false },
        { id: memberId(team, member.id), email: member.email, role: 'member', updatable: true },
      ],
      purchases: [
        {
          id: purchase.id,
          date: new Date(purchase.created_at).toISOString(),
          packageName: 'All-access',
          amount: formatAmount(purchase.amount, purchase.currency, 'en-US'),
          refunded: true,
          url: purchase.receipt_url,
        },
      ],
    });
    expect(view?.purchases[0]?.amount).toMatch(/^\$/);
  });

  it('shows a member a read-only view without billing, and an outsider nothing', async () => {
    const [owner, other, member, outsider] = [
      await person(),
      await person(),
      await person(),
      await person(),
    ];
    const team = await createTeam(services, {
      owners: [owner.id, other.id],
      members: [member.id],
      seats: 3,
    });
    const memberView = await teams.view(team.id, await viewerOf(member));
    expect(memberView).toMatchObject({ updatable: false, isFull: true, purchases: [] });
    expect(memberView?.members.map((row) => row.updatable)).toEqual([false, false, false]);
    // With two owners, an owner sees both owners as changeable.
    const ownerView = await teams.view(team.id, await viewerOf(owner));
    expect(ownerView?.members.map((row) => row.updatable)).toEqual([true, true, true]);
    expect(ownerView?.purchases).toHaveLength(1);
    expect(ownerView?.members.map((row) => row.role)).toEqual(['owner', 'owner', 'member']);
    expect(await teams.view(team.id, await viewerOf(outsider))).toBeNull();
    // A membership the policy still remembers of a team deleted since.
    const stale = { membership: () => ({ role: 'owner' }) } as unknown as AccessPolicy;
    expect(await teams.view(team.id + 100_000, stale)).toBeNull();
    expect((await teams.find(team.id))?.id).toBe(team.id);
  });
  it('bills the team for its own licence and every licence bought for it since, newest first', async () => {
    const owner = await person();
    const team = await createTeam(services, { owners: [owner.id] });
    // A later purchase for the team (an upgrade), and the team's own licence seen only through
    // the team's licence_id (its team_id not set, as while the redemption is under way).
    const later = await createLicense(services, { product: 'marketing' });
    await db.updateTable('licenses').set({ team_id: team.id }).where('id', '=', later.id).execute();
    await db
      .updateTable('licenses')
      .set({ team_id: null })
      .where('id', '=', team.licenseId)
      .execute();
    const purchaseOf = async (licenseId: number) =>
      (
        await db
          .selectFrom('licenses')
          .select('purchase_id')
          .where('id', '=', licenseId)
          .executeTakeFirstOrThrow()
      ).purchase_id!;
    const [own, upgrade] = [await purchaseOf(team.licenseId), await purchaseOf(later.id)];
    await db.updateTable('purchases').set({ created_at: 1000 }).where('id', '=', own).execute();
    await db.updateTable('purchases').set({ created_at: 2000 }).where('id', '=', upgrade).execute();
    const view = await teams.view(team.id, await viewerOf(owner));
    expect(view?.purchases.map((row) => [row.id, row.packageName, row.refunded])).toEqual([
      [upgrade, 'Marketing', false],
      [own, 'All-access', false],
    ]);
    // Another team's purchases are none of this one's.
    const other = await createTeam(services, { owners: [owner.id] });
    expect((await teams.view(other.id, await viewerOf(owner)))?.purchases).toHaveLength(1);
  });
});

describe(`joining by invite link (${TEST_DATABASE})`, () => {
  it('leads a current token to its team, and answers invalid or inactive otherwise', async () => {
    const owner = await person();
    const team = await createTeam(services, { owners: [owner.id] });
    expect(await teams.invitation(team.id, team.inviteToken)).toMatchObject({ id: team.id });
    expect(await teams.invitation(team.id, newInviteToken())).toBe('invalid');
    expect(await teams.invitation(team.id + 100_000, team.inviteToken)).toBe('invalid');
    await refund(team.licenseId);
    expect(await teams.invitation(team.id, team.inviteToken)).toBe('inactive');
    expect(await teams.invitation(team.id, newInviteToken())).toBe('invalid');
  });

  it('takes a seat for a user and for a newcomer, never past the last one', async () => {
    const [owner, joiner] = [await person(), await person()];
    const team = await createTeam(services, { owners: [owner.id], seats: 3 });
    expect(await teams.join(team.id, team.inviteToken, { userId: joiner.id })).toEqual({
      status: 'joined',
      userId: joiner.id,
    });
    const email = uniqueEmail('newcomer');
    const joined = await teams.join(team.id, team.inviteToken, {
      newcomer: { email, passwordHash: 'h' },
    });
    const account = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    expect(joined).toEqual({ status: 'joined', userId: account?.id });
    expect(await rolesOf(team.id)).toEqual({
      [owner.id]: 'owner',
      [joiner.id]: 'member',
      [account!.id]: 'member',
    });
    expect(await teamRow(team.id)).toMatchObject({ member_count: 3, updated_at: NOW });

    const late = uniqueEmail('late');
    expect(
      await teams.join(team.id, team.inviteToken, { newcomer: { email: late, passwordHash: 'h' } }),
    ).toEqual({ status: 'full' });
    expect(await db.selectFrom('users').where('email', '=', late).select('id').execute()).toEqual(
      [],
    );
    expect((await teamRow(team.id)).member_count).toBe(3);
  });

  it('refuses a wrong token, an unknown team, a refunded licence and a second join, seat untouched', async () => {
    const [owner, member, joiner] = [await person(), await person(), await person()];
    const team = await createTeam(services, { owners: [owner.id], members: [member.id] });
    expect(await teams.join(team.id, newInviteToken(), { userId: joiner.id })).toEqual({
      status: 'invalid',
    });
    expect(await teams.join(team.id + 100_000, team.inviteToken, { userId: joiner.id })).toEqual({
      status: 'invalid',
    });
    expect(await teams.join(team.id, team.inviteToken, { userId: member.id })).toEqual({
      status: 'already-member',
    });
    expect((await teamRow(team.id)).member_count).toBe(2);

    const taken = uniqueEmail('taken');
    await usersRepository(db).create({ email: taken, passwordHash: 'x', now: 1 });
    expect(
      await teams.join(team.id, team.inviteToken, {
        newcomer: { email: taken, passwordHash: 'h' },
      }),
    ).toEqual({ status: 'email-taken' });
    // An account that does not exist is an error, not an answer.
    await expect(
      teams.join(team.id, team.inviteToken, { userId: joiner.id + 100_000 }),
    ).rejects.toThrow(/foreign key/i);

    await refund(team.licenseId);
    expect(await teams.join(team.id, team.inviteToken, { userId: joiner.id })).toEqual({
      status: 'inactive',
    });
    expect((await teamRow(team.id)).member_count).toBe(2);
    expect(Object.keys(await rolesOf(team.id))).toHaveLength(2);
  });

  it('lets exactly two of eight people racing for the last two seats in', async () => {
    const owner = await person();
    const team = await createTeam(services, { owners: [owner.id], seats: 3 });
    const racers = await Promise.all(Array.from({ length: 8 }, () => person('racer')));
    const outcomes = await Promise.all(
      racers.map((racer) => teams.join(team.id, team.inviteToken, { userId: racer.id })),
    );
    expect(outcomes.filter((o) => o.status === 'joined')).toHaveLength(2);
    expect(outcomes.filter((o) => o.status === 'full')).toHaveLength(6);
    expect((await teamRow(team.id)).member_count).toBe(3);
    expect(Object.keys(await rolesOf(team.id))).toHaveLength(3);
  });
});

describe(`changing a team (${TEST_DATABASE})`, () => {
  it('lets only an owner rename the team or reset its invite link', async () => {
    const [owner, member, outsider] = [await person(), await person(), await person()];
    const team = await createTeam(services, { owners: [owner.id], members: [member.id] });
    expect(await teams.rename(team.id, member.id, 'Taken over')).toBe('forbidden');
    expect(await teams.rename(team.id, outsider.id, 'Taken over')).toBe('not-found');
    expect(await teams.rename(team.id + 100_000, owner.id, 'Gone')).toBe('not-found');
    expect((await teamRow(team.id)).name).toBe('Test Team');
    expect(await teams.rename(team.id, owner.id, 'Renamed')).toBe('done');
    expect(await teamRow(team.id)).toMatchObject({ name: 'Renamed', updated_at: NOW });

    expect(await teams.resetInviteLink(team.id, member.id)).toBe('forbidden');
    expect(await teams.resetInviteLink(team.id, outsider.id)).toBe('not-found');
    expect((await teamRow(team.id)).invite_token).toBe(team.inviteToken);
    expect(await teams.resetInviteLink(team.id, owner.id)).toBe('done');
    const { invite_token: fresh } = await teamRow(team.id);
    expect(fresh).toMatch(/^[\w-]{43}$/);
    expect(fresh).not.toBe(team.inviteToken);
    // The old link stops working at once.
    expect(await teams.join(team.id, team.inviteToken, { userId: outsider.id })).toEqual({
      status: 'invalid',
    });
  });

  it('lets owners change roles, but the last owner can never step down', async () => {
    const [owner, member, outsider] = [await person(), await person(), await person()];
    const team = await createTeam(services, { owners: [owner.id], members: [member.id] });
    const [ownerRow, memberRow] = [memberId(team, owner.id), memberId(team, member.id)];
    expect(await teams.setRole(team.id, member.id, memberRow, 'owner')).toBe('forbidden');
    expect(await teams.setRole(team.id, outsider.id, memberRow, 'owner')).toBe('not-found');
    expect(await teams.setRole(team.id, owner.id, ownerRow, 'member')).toBe('last-owner');
    expect(await teams.setRole(team.id, owner.id, ownerRow, 'owner')).toBe('done');
    expect(await teams.setRole(team.id, owner.id, memberRow + 100_000, 'owner')).toBe('not-found');
    expect(await rolesOf(team.id)).toEqual({ [owner.id]: 'owner', [member.id]: 'member' });

    expect(await teams.setRole(team.id, owner.id, memberRow, 'owner')).toBe('done');
    expect(await teams.setRole(team.id, member.id, ownerRow, 'member')).toBe('done');
    expect(await rolesOf(team.id)).toEqual({ [owner.id]: 'member', [member.id]: 'owner' });
    expect(await teams.setRole(team.id, owner.id, memberRow, 'member')).toBe('forbidden');
  });

  it('removes members and lets anyone leave, gives the seat back, and keeps the last owner', async () => {
    const [owner, a, b, outsider] = [
      await person(),
      await person(),
      await person(),
      await person(),
    ];
    const team = await createTeam(services, { owners: [owner.id], members: [a.id, b.id] });
    const [ownerRow, aRow, bRow] = [owner, a, b].map((user) => memberId(team, user.id)) as [
      number,
      number,
      number,
    ];
    expect(await teams.remove(team.id, a.id, bRow)).toBe('forbidden');
    expect(await teams.remove(team.id, a.id, ownerRow)).toBe('forbidden');
    expect(await teams.remove(team.id, a.id, bRow + 100_000)).toBe('forbidden');
    expect(await teams.remove(team.id, owner.id, bRow + 100_000)).toBe('not-found');
    expect(await teams.remove(team.id, outsider.id, bRow)).toBe('not-found');
    expect(await teams.remove(team.id, owner.id, ownerRow)).toBe('last-owner');
    expect((await teamRow(team.id)).member_count).toBe(3);

    expect(await teams.remove(team.id, a.id, aRow)).toBe('left');
    expect(await teams.remove(team.id, owner.id, bRow)).toBe('removed');
    expect(await rolesOf(team.id)).toEqual({ [owner.id]: 'owner' });
    expect(await teamRow(team.id)).toMatchObject({ member_count: 1, updated_at: NOW });
  });

  it('lets an owner leave or be removed while another owner stays', async () => {
    const [first, second, third] = [await person(), await person(), await person()];
    const team = await createTeam(services, { owners: [first.id, second.id, third.id] });
    expect(await teams.remove(team.id, first.id, memberId(team, first.id))).toBe('left');
    expect(await teams.remove(team.id, second.id, memberId(team, third.id))).toBe('removed');
    expect(await rolesOf(team.id)).toEqual({ [second.id]: 'owner' });
  });

  it('leaves one owner when two owners remove each other at once', async () => {
    const [first, second] = [await person(), await person()];
    const team = await createTeam(services, { owners: [first.id, second.id] });
    const outcomes = await Promise.all([
      teams.remove(team.id, first.id, memberId(team, second.id)),
      teams.remove(team.id, second.id, memberId(team, first.id)),
    ]);
    expect(outcomes.filter((o) => o === 'removed')).toHaveLength(1);
    expect(Object.values(await rolesOf(team.id))).toEqual(['owner']);
    expect((await teamRow(team.id)).member_count).toBe(1);
  });
});

describe(`the back office's team operations (${TEST_DATABASE})`, () => {
  it("lists a customer's teams with every member", async () => {
    const [owner, member, loner] = [await person(), await person(), await person()];
    const team = await createTeam(services, { owners: [owner.id], members: [member.id] });
    const { teams: rows, members } = await teamOperations.ofCustomer(db, member.id);
    expect(rows).toMatchObject([{ id: team.id, role: 'member', kind: 'team', member_count: 2 }]);
    expect(members.map((row) => [row.user_id, row.role])).toEqual([
      [owner.id, 'owner'],
      [member.id, 'member'],
    ]);
    expect(await teamOperations.ofCustomer(db, loner.id)).toEqual({ teams: [], members: [] });
  });

  it('removes a member and counts them out; refuses an unknown one and the last owner', async () => {
    const [owner, member] = [await person(), await person()];
    const team = await createTeam(services, { owners: [owner.id], members: [member.id] });
    const remove = (id: number) =>
      services.database.writeTransaction((tx) =>
        teamOperations.removeByOperator(tx, team.id, id, NOW),
      );
    const refusal = (id: number) =>
      remove(id).then(
        () => null,
        (error: unknown) => error,
      );

    const unknown = await refusal(memberId(team, member.id) + 100_000);
    expect(unknown).toBeInstanceOf(MembershipRefusal);
    expect(unknown).toMatchObject({
      name: 'MembershipRefusal',
      status: 'not-found',
      message: 'not-found',
    });
    expect(await refusal(memberId(team, owner.id))).toMatchObject({ status: 'last-owner' });
    expect((await teamRow(team.id)).member_count).toBe(2);

    expect(await remove(memberId(team, member.id))).toMatchObject({
      user_id: member.id,
      email: member.email,
      role: 'member',
      team_name: 'Test Team',
    });
    expect(await teamRow(team.id)).toMatchObject({ member_count: 1, updated_at: NOW });
    expect(await rolesOf(team.id)).toEqual({ [owner.id]: 'owner' });
  });

  it('refuses to count a member out of a team whose count already says nobody is in it', async () => {
    const [owner, member] = [await person(), await person()];
    const team = await createTeam(services, { owners: [owner.id], members: [member.id] });
    await db.updateTable('teams').set({ member_count: 0 }).where('id', '=', team.id).execute();
    const refused = await services.database
      .writeTransaction((tx) =>
        teamOperations.removeByOperator(tx, team.id, memberId(team, member.id), NOW),
      )
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(refused).toMatchObject({ status: 'not-found' });
    expect(await rolesOf(team.id)).toEqual({ [owner.id]: 'owner', [member.id]: 'member' });
  });

  it('removes a member once when two operators remove them at once', async () => {
    const [owner, member] = [await person(), await person()];
    const team = await createTeam(services, { owners: [owner.id], members: [member.id] });
    const outcomes = await Promise.allSettled(
      [1, 2].map(() =>
        services.database.writeTransaction((tx) =>
          teamOperations.removeByOperator(tx, team.id, memberId(team, member.id), NOW),
        ),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected');
    expect(refused?.reason).toMatchObject({ status: 'not-found' });
    expect((await teamRow(team.id)).member_count).toBe(1);
    expect(await rolesOf(team.id)).toEqual({ [owner.id]: 'owner' });
  });

  it('gives a seat back once: removing a membership that is gone already changes nothing', async () => {
    const [owner, member] = [await person(), await person()];
    const team = await createTeam(services, { owners: [owner.id], members: [member.id] });
    const repository = teamsRepository(db);
    const row = memberId(team, member.id);
    expect(await repository.removeMember(team.id, row, NOW)).toBe(true);
    expect(await repository.removeMember(team.id, row, NOW + 1)).toBe(false);
    expect(await repository.deleteMembership(team.id, row)).toBe(false);
    expect(await teamRow(team.id)).toMatchObject({ member_count: 1, updated_at: NOW });
  });

  it('removes one of two owners', async () => {
    const [first, second] = [await person(), await person()];
    const team = await createTeam(services, { owners: [first.id, second.id] });
    await services.database.writeTransaction((tx) =>
      teamOperations.removeByOperator(tx, team.id, memberId(team, first.id), NOW),
    );
    expect(await rolesOf(team.id)).toEqual({ [second.id]: 'owner' });
  });
});
