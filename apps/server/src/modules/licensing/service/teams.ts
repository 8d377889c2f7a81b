import type { TeamMemberRecord, TeamRecord } from '@tessera/pages';
import type { TeamRole } from '@tessera/pages/constants';
import type { DatabaseHandle, Db, Tx } from '../../../db/database.ts';
import type { AuthService, Newcomer } from '../../auth/index.ts';
import { formatAmount, newInviteToken, sameInviteToken } from '../../shared/index.ts';
import { teamsRepository, type TeamRow } from '../repository/teams.ts';
import { licenseKindOf } from './kinds.ts';
import { roleOf, type AccessPolicy } from './policy.ts';

export interface TeamsServiceDeps {
  database: DatabaseHandle;
  auth: AuthService;
  appUrl: string;
  now: () => number;
}

/** Who is joining: a signed-in user, or someone making their account on the invite page. */
export type Joiner = { userId: number } | { newcomer: Newcomer };

export type JoinOutcome =
  | { status: 'joined'; userId: number }
  | { status: 'full' | 'invalid' | 'inactive' | 'already-member' | 'email-taken' };

export type ChangeOutcome = 'done' | 'not-found' | 'forbidden' | 'last-owner';
export type RemoveOutcome = 'removed' | 'left' | Exclude<ChangeOutcome, 'done'>;

/** Ends a transaction early with an outcome: everything it wrote is rolled back. */
class Rollback<T> extends Error {
  readonly outcome: T;
  constructor(outcome: T) {
    // Stryker disable next-line StringLiteral: nobody reads it; every Rollback is caught here
    super('rolled back');
    this.outcome = outcome;
  }
}

/**
 * Teams: viewing, joining by invite link, roles, removal, renaming and invite reset. Every
 * change is one write transaction that re-reads the actor's role after locking the team, so
 * what the access policy said at the start of the request is checked again where it counts.
 */
export function teamsService({ database, auth, appUrl, now }: TeamsServiceDeps) {
  const teams = teamsRepository(database.db);

  const inviteUrl = (team: Pick<TeamRow, 'id' | 'invite_token'>) =>
    `${appUrl}/teams/${team.id}/members?invite_token=${team.invite_token}`;

  /**
   * Runs `work` with the team locked and the actor's membership read inside the lock; a
   * non-member gets 'not-found' (a team is none of an outsider's business).
   */
  async function asMember<T>(
    teamId: number,
    actorId: number,
    work: (
      tx: Tx,
      actor: { id: number; user_id: number; role: TeamRole },
    ) => Promise<T | ChangeOutcome>,
  ): Promise<T | ChangeOutcome> {
    return database.writeTransaction(async (tx) => {
      const repository = teamsRepository(tx);
      if (!(await repository.lock(teamId, database.engine))) return 'not-found';
      const actor = await repository.memberByUser(teamId, actorId);
      if (!actor) return 'not-found';
      return work(tx, { ...actor, role: roleOf(actor.role) });
    });
  }

  return {
    find: (teamId: number) => teams.find(teamId),

    /** TeamSettings' `team` as `viewer` may see it; null when they are not a member. */
    async view(teamId: number, viewer: AccessPolicy): Promise<TeamRecord | null> {
      const membership = viewer.membership(teamId);
      if (!membership) return null;
      const team = await teams.find(teamId);
      if (!team) return null;
      const owner = membership.role === 'owner';
      const [rows, purchases] = await Promise.all([
        teams.members(teamId),
        owner ? teams.purchases(teamId) : Promise.resolve([]),
      ]);
      const owners = rows.filter((row) => row.role === 'owner').length;
      const members = rows.map((row): TeamMemberRecord => ({
        id: row.id,
        email: row.email,
        role: roleOf(row.role),
        updatable: owner && !(row.role === 'owner' && owners === 1),
      }));
      return {
        id: team.id,
        name: team.name,
        kind: licenseKindOf(team.kind),
        inviteUrl: inviteUrl(team),
        seats: team.seats,
        seatsUsed: team.member_count,
        isFull: team.member_count >= team.seats,
        updatable: owner,
        members,
        purchases: purchases.map((row) => ({
          id: row.id,
          date: new Date(row.created_at).toISOString(),
          packageName: row.product_name,
          amount: formatAmount(row.amount, row.currency, 'en-US'),
          refunded: row.refunded_at !== null,
          url: row.receipt_url,
        })),
      };
    },

    /**
     * The team an invite link leads to: 'invalid' for no such team or a wrong or reset token
     * (one answer for both, so ids cannot be probed), 'inactive' when its licence was refunded.
     */
    async invitation(teamId: number, token: string) {
      const team = await teams.find(teamId);
      if (!team || !sameInviteToken(token, team.invite_token)) return 'invalid' as const;
      if (team.is_active !== 1) return 'inactive' as const;
      return team;
    },

    /**
     * Takes a seat and adds the member in one transaction (with the newcomer's account, if
     * any): the seat is taken by a conditional update, so when one seat is left and many
     * join at once exactly one gets in and everyone else, account and all, is rolled back.
     */
    async join(teamId: number, token: string, joiner: Joiner): Promise<JoinOutcome> {
      try {
        return await database.writeTransaction(async (tx) => {
          const repository = teamsRepository(tx);
          const userId =
            'userId' in joiner ? joiner.userId : await auth.createAccount(tx, joiner.newcomer);
          if (!(await repository.takeSeat(teamId, token, now()))) {
            const team = await repository.find(teamId);
            const outcome =
              !team || !sameInviteToken(token, team.invite_token) ? 'invalid' : 'full';
            throw new Rollback<JoinOutcome>({ status: outcome });
          }
          const team = await repository.find(teamId);
          if (team?.is_active !== 1) throw new Rollback<JoinOutcome>({ status: 'inactive' });
          // After the seat update: on PostgreSQL the team's row is locked now, so a second join
          // of the same person waits here and then sees the first one's membership.
          if (await repository.memberByUser(teamId, userId))
            throw new Rollback<JoinOutcome>({ status: 'already-member' });
          await repository.addMember(teamId, userId, 'member', now());
          return { status: 'joined' as const, userId };
        });
      } catch (error) {
        if (error instanceof Rollback) return error.outcome as JoinOutcome;
        // The address was taken between our check and the insert (its unique key decided).
        if ('newcomer' in joiner && (await auth.users.findByEmail(joiner.newcomer.email)))
          return { status: 'email-taken' };
        throw error;
      }
    },

    rename(teamId: number, actorId: number, name: string): Promise<ChangeOutcome> {
      return asMember(teamId, actorId, async (tx, actor) => {
        if (actor.role !== 'owner') return 'forbidden';
        await teamsRepository(tx).rename(teamId, name, now());
        return 'done';
      });
    },

    /** A new invite link; the old one stops working with this commit (joins compare tokens). */
    resetInviteLink(teamId: number, actorId: number): Promise<ChangeOutcome> {
      return asMember(teamId, actorId, async (tx, actor) => {
        if (actor.role !== 'owner') return 'forbidden';
        await teamsRepository(tx).replaceInviteToken(teamId, newInviteToken(), now());
        return 'done';
      });
    },

    /** Owners change roles; the last owner can never step down (the team must keep one). */
    setRole(teamId: number, actorId: number, memberId: number, role: TeamRole) {
      return asMember(teamId, actorId, async (tx, actor): Promise<ChangeOutcome> => {
        if (actor.role !== 'owner') return 'forbidden';
        const repository = teamsRepository(tx);
        const target = await repository.member(teamId, memberId);
        if (!target) return 'not-found';
        if (target.role === role) return 'done';
        if (target.role === 'owner' && (await repository.ownerCount(teamId)) === 1)
          return 'last-owner';
        await repository.setRole(teamId, memberId, role);
        return 'done';
      });
    },

    /**
     * Owners remove anyone; anyone may remove themself (leave). Never the last owner: the team
     * would have nobody to manage it. The seat is given back in the same transaction.
     */
    remove(teamId: number, actorId: number, memberId: number) {
      return asMember(teamId, actorId, async (tx, actor): Promise<RemoveOutcome> => {
        const repository = teamsRepository(tx);
        const target = await repository.member(teamId, memberId);
        const self = target?.user_id === actor.user_id;
        if (!target) return actor.role === 'owner' ? 'not-found' : 'forbidden';
        if (!self && actor.role !== 'owner') return 'forbidden';
        if (target.role === 'owner' && (await repository.ownerCount(teamId)) === 1)
          return 'last-owner';
        await repository.removeMember(teamId, memberId, now());
        return self ? 'left' : 'removed';
      });
    },
  };
}

export type TeamsService = ReturnType<typeof teamsService>;

/** Why an operator's removal of a member was refused (the transaction is rolled back). */
export class MembershipRefusal extends Error {
  readonly status: 'not-found' | 'last-owner';
  constructor(status: 'not-found' | 'last-owner') {
    super(status);
    this.name = 'MembershipRefusal';
    this.status = status;
  }
}

/** What the back office does to teams, each in the caller's transaction (with its audit). */
export const teamOperations = {
  /** A customer's teams with their role in each, and every member of those teams. */
  async ofCustomer(db: Db | Tx, userId: number) {
    const teams = teamsRepository(db);
    const rows = await teams.teamsOf(userId);
    return { teams: rows, members: await teams.membersOf(rows.map((team) => team.id)) };
  },

  /**
   * An operator removes one membership and counts it out of the team; a team never loses its
   * last owner. The count goes first: on PostgreSQL that takes the team's row lock, so two
   * removals from one team run one after the other and the second sees the first's result;
   * on SQLite the transaction holds the write lock from its start. A refusal throws
   * `MembershipRefusal`, so the caller's transaction rolls the count back.
   */
  async removeByOperator(tx: Tx, teamId: number, memberId: number, at: number) {
    const teams = teamsRepository(tx);
    const member = await teams.membershipWithNames(teamId, memberId);
    if (!member) throw new MembershipRefusal('not-found');
    if (!(await teams.countOut(teamId, at))) throw new MembershipRefusal('not-found');
    if (member.role === 'owner' && (await teams.ownerCount(teamId)) <= 1)
      throw new MembershipRefusal('last-owner');
    if (!(await teams.deleteMembership(teamId, memberId))) throw new MembershipRefusal('not-found');
    return member;
  },
};
