import type { Db } from '../../db/database.ts';

/** What the access policy reads: one user's memberships and the licences they hold or share. */
export function accessRepository(db: Db) {
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

    /**
     * Every licence the user holds directly or through a team they belong to now, with what
     * was paid, and their role in its team: one read that both the access policy (what they may
     * use) and pricing (what they hold, what they may upgrade) derive from. Read on every
     * request that asks: a removal from a team or a refund is seen by the very next request.
     */
    licences(userId: number) {
      return db
        .selectFrom('licenses')
        .innerJoin('products', 'products.id', 'licenses.product_id')
        .leftJoin('purchases', 'purchases.id', 'licenses.purchase_id')
        .leftJoin('teams', 'teams.id', 'licenses.team_id')
        .leftJoin('team_members', (join) =>
          join
            .onRef('team_members.team_id', '=', 'licenses.team_id')
            .on('team_members.user_id', '=', userId),
        )
        .select([
          'licenses.id',
          'licenses.product_id',
          'licenses.kind',
          'licenses.is_active',
          'licenses.deactivation_reason',
          'licenses.user_id',
          'licenses.team_id',
          'products.slug',
          'products.name',
          'products.type',
          'purchases.amount',
          'purchases.currency',
          'purchases.refunded_at',
          'teams.name as team_name',
          'team_members.role',
        ])
        .where((eb) =>
          eb.or([eb('licenses.user_id', '=', userId), eb('team_members.id', 'is not', null)]),
        )
        .orderBy('licenses.id')
        .execute();
    },
  };
}

/** A licence the user holds, or that a team of theirs holds (`role`: theirs in that team). */
export type LicenceRow = Awaited<
  ReturnType<ReturnType<typeof accessRepository>['licences']>
>[number];
