import type { Db, Engine, Tx } from '../../../db/database.ts';

/**
 * Teams, their members and seats: the only writer of `teams` and `team_members`. Every method
 * takes the database or a transaction; the seat count changes only by the conditional updates
 * here, in the same transaction as the membership row, so `member_count` always equals the
 * members and never passes `seats` (the schema's CHECK is the last word).
 */
export function teamsRepository(db: Db | Tx) {
  return {
    /** The teams the user belongs to, with their role and membership id, by name. */
    memberships(userId: number) {
      return db
        .selectFrom('team_members')
        .innerJoin('teams', 'teams.id', 'team_members.team_id')
        .select([
          'teams.id as team_id',
          'teams.name',
          'team_members.role',
          'team_members.id as member_id',
        ])
        .where('team_members.user_id', '=', userId)
        .orderBy('teams.name')
        .orderBy('teams.id')
        .execute();
    },

    /** The team with its licence's kind and whether that licence is active. */
    find(teamId: number) {
      return db
        .selectFrom('teams')
        .innerJoin('licenses', 'licenses.id', 'teams.license_id')
        .select([
          'teams.id',
          'teams.name',
          'teams.seats',
          'teams.member_count',
          'teams.invite_token',
          'teams.license_id',
          'licenses.kind',
          'licenses.is_active',
        ])
        .where('teams.id', '=', teamId)
        .executeTakeFirst();
    },

    /**
     * Locks the team's row until the transaction ends (PostgreSQL `for update`), so role changes
     * and removals of one team run one after another. SQLite's write transactions
     * (`BEGIN IMMEDIATE`) already run one at a time.
     */
    async lock(teamId: number, engine: Engine): Promise<boolean> {
      const row = await db
        .selectFrom('teams')
        .select('id')
        .where('id', '=', teamId)
        .$if(engine === 'postgres', (query) => query.forUpdate())
        .executeTakeFirst();
      return row !== undefined;
    },

    members(teamId: number) {
      return (
        db
          .selectFrom('team_members')
          .innerJoin('users', 'users.id', 'team_members.user_id')
          .select(['team_members.id', 'team_members.user_id', 'team_members.role', 'users.email'])
          .where('team_members.team_id', '=', teamId)
          // Owners first, then by address: the order the settings page lists them in.
          .orderBy((eb) => eb.case().when('team_members.role', '=', 'owner').then(0).else(1).end())
          .orderBy('users.email')
          .execute()
      );
    },

    member(teamId: number, memberId: number) {
      return db
        .selectFrom('team_members')
        .select(['id', 'user_id', 'role'])
        .where('team_id', '=', teamId)
        .where('id', '=', memberId)
        .executeTakeFirst();
    },

    memberByUser(teamId: number, userId: number) {
      return db
        .selectFrom('team_members')
        .select(['id', 'user_id', 'role'])
        .where('team_id', '=', teamId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    async ownerCount(teamId: number): Promise<number> {
      const row = await db
        .selectFrom('team_members')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('team_id', '=', teamId)
        .where('role', '=', 'owner')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * The team's billing history: the purchase behind each licence that made or belongs to the
     * team (a refund keeps the row, marked refunded).
     */
    purchases(teamId: number) {
      return db
        .selectFrom('purchases')
        .innerJoin('licenses', 'licenses.purchase_id', 'purchases.id')
        .innerJoin('products', 'products.id', 'purchases.product_id')
        .select([
          'purchases.id',
          'purchases.amount',
          'purchases.currency',
          'purchases.receipt_url',
          'purchases.refunded_at',
          'purchases.created_at',
          'products.name as product_name',
        ])
        .distinct()
        .where((eb) =>
          eb.or([
            eb('licenses.team_id', '=', teamId),
            eb(
              'licenses.id',
              '=',
              eb.selectFrom('teams').select('license_id').where('teams.id', '=', teamId),
            ),
          ]),
        )
        .orderBy('purchases.created_at', 'desc')
        .orderBy('purchases.id', 'desc')
        .execute();
    },

    async create(input: {
      name: string;
      licenseId: number;
      seats: number;
      inviteToken: string;
      now: number;
    }): Promise<number> {
      const row = await db
        .insertInto('teams')
        .values({
          name: input.name,
          license_id: input.licenseId,
          seats: input.seats,
          // The redeemer joins as its owner in the same transaction, taking the first seat.
          member_count: 1,
          invite_token: input.inviteToken,
          created_at: input.now,
          updated_at: input.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async addMember(teamId: number, userId: number, role: 'owner' | 'member', now: number) {
      await db
        .insertInto('team_members')
        .values({ team_id: teamId, user_id: userId, role, created_at: now })
        .execute();
    },

    /**
     * Takes a seat for a newcomer: only while the link is the current one and a seat is free.
     * Two joins for the last seat cannot both pass (the row is locked by the first update).
     */
    async takeSeat(teamId: number, inviteToken: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('teams')
        .set((eb) => ({ member_count: eb('member_count', '+', 1), updated_at: now }))
        .where('id', '=', teamId)
        .where('invite_token', '=', inviteToken)
        .where((eb) => eb('member_count', '<', eb.ref('seats')))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Removes a membership and gives its seat back, or does nothing if it is already gone. */
    async removeMember(teamId: number, memberId: number, now: number): Promise<boolean> {
      const deleted = await db
        .deleteFrom('team_members')
        .where('team_id', '=', teamId)
        .where('id', '=', memberId)
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) !== 1) return false;
      await db
        .updateTable('teams')
        .set((eb) => ({ member_count: eb('member_count', '-', 1), updated_at: now }))
        .where('id', '=', teamId)
        .execute();
      return true;
    },

    /** The back office's view of a customer's teams: seats and their role in each. */
    teamsOf(userId: number) {
      return db
        .selectFrom('team_members')
        .innerJoin('teams', 'teams.id', 'team_members.team_id')
        .leftJoin('licenses', 'licenses.id', 'teams.license_id')
        .select([
          'teams.id',
          'teams.name',
          'teams.seats',
          'teams.member_count',
          'team_members.role',
          'licenses.kind',
        ])
        .where('team_members.user_id', '=', userId)
        .orderBy('teams.name')
        .orderBy('teams.id')
        .execute();
    },

    /** Every member of the given teams, in the order they joined. */
    membersOf(teamIds: number[]) {
      if (teamIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('team_members')
        .innerJoin('users', 'users.id', 'team_members.user_id')
        .select([
          'team_members.id',
          'team_members.team_id',
          'team_members.user_id',
          'team_members.role',
          'users.email',
        ])
        .where('team_members.team_id', 'in', teamIds)
        .orderBy('team_members.created_at')
        .orderBy('team_members.id')
        .execute();
    },

    /** One membership with whom it is and the team's name (an operator's removal). */
    membershipWithNames(teamId: number, memberId: number) {
      return db
        .selectFrom('team_members')
        .innerJoin('users', 'users.id', 'team_members.user_id')
        .innerJoin('teams', 'teams.id', 'team_members.team_id')
        .select([
          'team_members.id',
          'team_members.user_id',
          'team_members.role',
          'users.email',
          'teams.name as team_name',
        ])
        .where('team_members.team_id', '=', teamId)
        .where('team_members.id', '=', memberId)
        .executeTakeFirst();
    },

    /**
     * Counts a leaving member out first: on PostgreSQL this takes the team's row lock (SQLite's
     * write transaction already holds the database), so two removals from one team run one
     * after the other and the owner check that follows sees the other's result.
     */
    async countOut(teamId: number, at: number): Promise<boolean> {
      const result = await db
        .updateTable('teams')
        .set((eb) => ({ member_count: eb('member_count', '-', 1), updated_at: at }))
        .where('id', '=', teamId)
        .where('member_count', '>', 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Deletes a membership whose seat was already counted out (`countOut`). */
    async deleteMembership(teamId: number, memberId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('team_members')
        .where('team_id', '=', teamId)
        .where('id', '=', memberId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    async setRole(teamId: number, memberId: number, role: 'owner' | 'member') {
      await db
        .updateTable('team_members')
        .set({ role })
        .where('team_id', '=', teamId)
        .where('id', '=', memberId)
        .execute();
    },

    async rename(teamId: number, name: string, now: number) {
      await db
        .updateTable('teams')
        .set({ name, updated_at: now })
        .where('id', '=', teamId)
        .execute();
    },

    async replaceInviteToken(teamId: number, inviteToken: string, now: number) {
      await db
        .updateTable('teams')
        .set({ invite_token: inviteToken, updated_at: now })
        .where('id', '=', teamId)
        .execute();
    },
  };
}

/** A team with its licence's kind and state (`find`). */
export type TeamRow = NonNullable<Awaited<ReturnType<ReturnType<typeof teamsRepository>['find']>>>;
