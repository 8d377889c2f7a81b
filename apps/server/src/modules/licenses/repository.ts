import type { Db } from '../../db/database.ts';

/** Licences with what their pages show: the package, and whom or which team they belong to. */
export function licensesRepository(db: Db) {
  const withDetails = () =>
    db
      .selectFrom('licenses')
      .innerJoin('products', 'products.id', 'licenses.product_id')
      .leftJoin('teams', 'teams.id', 'licenses.team_id')
      .leftJoin('users', 'users.id', 'licenses.user_id')
      .select([
        'licenses.id',
        'licenses.key',
        'licenses.kind',
        'licenses.is_active',
        'licenses.deactivation_reason',
        'licenses.user_id',
        'licenses.team_id',
        'licenses.created_at',
        'licenses.redeemed_at',
        'products.name as product_name',
        'teams.name as team_name',
        'users.email as user_email',
      ]);

  return {
    /** By the unique key (an index lookup; keys are 130-bit random, so not guessable). */
    findByKey(key: string) {
      return withDetails().where('licenses.key', '=', key).executeTakeFirst();
    },

    /**
     * The licence page's list: licences connected to the user, and those of the teams they own
     * (an owner needs the key for support; members reach the team through the team page).
     */
    forUser(userId: number) {
      return withDetails()
        .where((eb) =>
          eb.or([
            eb('licenses.user_id', '=', userId),
            eb(
              'licenses.team_id',
              'in',
              eb
                .selectFrom('team_members')
                .select('team_id')
                .where('user_id', '=', userId)
                .where('role', '=', 'owner'),
            ),
          ]),
        )
        .orderBy('licenses.created_at', 'desc')
        .orderBy('licenses.id', 'desc')
        .execute();
    },

    /**
     * Redeems a licence once: the update only matches an active licence connected to nobody
     * and not yet redeemed. Of any number of concurrent redemptions exactly one matches; on
     * PostgreSQL the others wait for its row lock, re-check the condition and match nothing.
     * A personal licence is connected to `userId`; a team licence gets its team next.
     */
    async claim(licenseId: number, userId: number | null, now: number): Promise<boolean> {
      const result = await db
        .updateTable('licenses')
        .set({ user_id: userId, redeemed_at: now })
        .where('id', '=', licenseId)
        .where('user_id', 'is', null)
        .where('team_id', 'is', null)
        .where('redeemed_at', 'is', null)
        .where('is_active', '=', 1)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * A visitor's purchase joins the account that redeems its licence when that account's
     * address is the one the buyer paid with (decision 008): their purchase history and receipts
     * follow. A key given to someone else redeems the licence but never hands over the purchase.
     */
    async adoptPurchase(licenseId: number, userId: number): Promise<void> {
      const license = await db
        .selectFrom('licenses')
        .select('purchase_id')
        .where('id', '=', licenseId)
        .executeTakeFirst();
      const user = await db
        .selectFrom('users')
        .select('email')
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!license?.purchase_id || !user) return;
      await db
        .updateTable('purchases')
        .set({ user_id: userId })
        .where('id', '=', license.purchase_id)
        .where('user_id', 'is', null)
        .where((eb) => eb(eb.fn('lower', ['buyer_email']), '=', user.email))
        .execute();
    },

    /**
     * What the licence-key API answers about a key (decision 016): the licence with its
     * product's slug, its team's seats and the address of whom it belongs to.
     */
    findForApi(key: string) {
      return withDetails()
        .select([
          'products.slug as product_slug',
          'teams.seats as team_seats',
          'teams.member_count as team_member_count',
          'licenses.buyer_email',
        ])
        .where('licenses.key', '=', key)
        .executeTakeFirst();
    },

    async attachTeam(licenseId: number, teamId: number): Promise<void> {
      await db
        .updateTable('licenses')
        .set({ team_id: teamId })
        .where('id', '=', licenseId)
        .execute();
    },
  };
}

export type LicenseRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof licensesRepository>['findByKey']>>
>;
