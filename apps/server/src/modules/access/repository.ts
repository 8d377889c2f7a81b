import type { Db } from '../../db/database.ts';

/** What the access policy reads: one user's memberships and the products their licences cover. */
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
     * The product slugs of every active licence the user holds directly, or through a team they
     * belong to now. One query, read on every request that asks: a removal from a team or a
     * refund is seen by the very next request.
     */
    async licensedSlugs(userId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('licenses')
        .innerJoin('products', 'products.id', 'licenses.product_id')
        .select('products.slug')
        .distinct()
        .where('licenses.is_active', '=', 1)
        .where((eb) =>
          eb.or([
            eb('licenses.user_id', '=', userId),
            eb(
              'licenses.team_id',
              'in',
              eb.selectFrom('team_members').select('team_id').where('user_id', '=', userId),
            ),
          ]),
        )
        .execute();
      return rows.map((row) => row.slug);
    },
  };
}
