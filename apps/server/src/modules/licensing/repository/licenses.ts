import type { Db, Tx } from '../../../db/database.ts';

/**
 * Every statement on `licenses`: this repository is the table's only writer. Each function
 * takes the database or a transaction, so a purchase, a redemption or an operator's act and
 * what goes with it (the purchase row, the audit entry, the mail job) commit together.
 */
/**
 * Whether the store runs in test mode (configuration `testMode`, decision 040): test licences
 * count only there; a live store reads none of them for access, holdings or upgrades.
 */
export interface StoreMode {
  testMode: boolean;
}

export function licensesRepository(db: Db | Tx) {
  /** Licences with what their pages show: the package, and whom or which team they belong to. */
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
          'licenses.test_mode',
        ])
        .where('licenses.key', '=', key)
        .executeTakeFirst();
    },

    /**
     * Every licence the user holds directly or through a team they belong to now, with what
     * was paid, and their role in its team: the one read that the access policy (what they may
     * use) and the customer's holdings (what they own, what they may upgrade) both derive from.
     * Read on every request that asks: a removal from a team or a refund is seen by the very
     * next request. A live store (`mode.testMode` false) reads no test licence (decision 040).
     */
    heldBy(userId: number, mode: StoreMode) {
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
        .$if(!mode.testMode, (query) => query.where('licenses.test_mode', '=', 0))
        .orderBy('licenses.id')
        .execute();
    },

    /** The back office's list: licences connected to the account, or bought with its address. */
    ofCustomer(user: { id: number; email: string }) {
      return db
        .selectFrom('licenses')
        .innerJoin('products', 'products.id', 'licenses.product_id')
        .leftJoin('users', 'users.id', 'licenses.user_id')
        .leftJoin('teams', 'teams.id', 'licenses.team_id')
        .select([
          'licenses.id',
          'licenses.key',
          'licenses.kind',
          'licenses.is_active',
          'licenses.deactivation_reason',
          'licenses.deactivated_at',
          'licenses.buyer_email',
          'licenses.team_id',
          'licenses.created_at',
          'licenses.test_mode',
          'products.name as product_name',
          'users.email as user_email',
          'teams.name as team_name',
        ])
        .where((eb) =>
          eb.or([
            eb('licenses.user_id', '=', user.id),
            eb.and([
              eb('licenses.user_id', 'is', null),
              eb('licenses.buyer_email', '=', user.email),
            ]),
          ]),
        )
        .orderBy('licenses.created_at', 'desc')
        .orderBy('licenses.id', 'desc')
        .execute();
    },

    /** One licence as an operator acts on it: its key, owner and state. */
    forOperator(id: number) {
      return db
        .selectFrom('licenses')
        .innerJoin('products', 'products.id', 'licenses.product_id')
        .leftJoin('users', 'users.id', 'licenses.user_id')
        .select([
          'licenses.id',
          'licenses.key',
          'licenses.user_id',
          'licenses.kind',
          'licenses.is_active',
          'licenses.deactivation_reason',
          'licenses.buyer_email',
          'licenses.team_id',
          'products.name as product_name',
          'users.email as user_email',
        ])
        .where('licenses.id', '=', id)
        .executeTakeFirst();
    },

    byPurchase(purchaseId: number) {
      return db
        .selectFrom('licenses')
        .innerJoin('products', 'products.id', 'licenses.product_id')
        .select(['licenses.id', 'licenses.key', 'products.name as product_name'])
        .where('licenses.purchase_id', '=', purchaseId)
        .orderBy('licenses.id')
        .execute();
    },

    async insert(values: {
      key: string;
      productId: number;
      purchaseId: number;
      userId: number | null;
      kind: string;
      buyerEmail: string | null;
      redeemedAt: number | null;
      testMode: boolean;
      now: number;
    }): Promise<number> {
      const row = await db
        .insertInto('licenses')
        .values({
          key: values.key,
          product_id: values.productId,
          purchase_id: values.purchaseId,
          user_id: values.userId,
          kind: values.kind,
          is_active: 1,
          deactivation_reason: null,
          created_at: values.now,
          team_id: null,
          redeemed_at: values.redeemedAt,
          buyer_email: values.buyerEmail,
          deactivated_at: null,
          test_mode: values.testMode ? 1 : 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
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

    async attachTeam(licenseId: number, teamId: number): Promise<void> {
      await db
        .updateTable('licenses')
        .set({ team_id: teamId })
        .where('id', '=', licenseId)
        .execute();
    },

    /** Only an active licence is deactivated; its first reason stays. Returns the rows changed. */
    async deactivate(
      where: { id: number } | { purchaseId: number },
      reason: 'upgrade' | 'refund' | 'other',
      at: number,
    ): Promise<number> {
      let query = db
        .updateTable('licenses')
        .set({ is_active: 0, deactivation_reason: reason, deactivated_at: at })
        .where('is_active', '=', 1);
      query =
        'id' in where
          ? query.where('id', '=', where.id)
          : query.where('purchase_id', '=', where.purchaseId);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Only what an operator switched off comes back: a refund or an upgrade stays final. */
    async reactivate(id: number): Promise<boolean> {
      const result = await db
        .updateTable('licenses')
        .set({ is_active: 1, deactivation_reason: null, deactivated_at: null })
        .where('id', '=', id)
        .where('is_active', '=', 0)
        .where('deactivation_reason', '=', 'other')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * An upgrade refunded gives the buyer back what they had: the licence it replaced, unless
     * that licence's own purchase was refunded meanwhile.
     */
    async restoreAfterUpgradeRefund(id: number): Promise<boolean> {
      const result = await db
        .updateTable('licenses')
        .set({ is_active: 1, deactivation_reason: null, deactivated_at: null })
        .where('id', '=', id)
        .where('deactivation_reason', '=', 'upgrade')
        .where((eb) =>
          eb.or([
            eb('purchase_id', 'is', null),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('purchases')
                  .select('purchases.id')
                  .whereRef('purchases.id', '=', 'licenses.purchase_id')
                  .where('purchases.refunded_at', 'is not', null),
              ),
            ),
          ]),
        )
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    async setBuyerEmail(purchaseId: number, email: string): Promise<void> {
      await db
        .updateTable('licenses')
        .set({ buyer_email: email })
        .where('purchase_id', '=', purchaseId)
        .where('buyer_email', 'is', null)
        .execute();
    },

    /**
     * Detaches an active licence that has made no team from its account and addresses it to
     * `email`, who redeems it with the mailed link (decision 011).
     */
    async move(id: number, email: string): Promise<boolean> {
      const result = await db
        .updateTable('licenses')
        .set({ user_id: null, buyer_email: email, redeemed_at: null })
        .where('id', '=', id)
        .where('is_active', '=', 1)
        .where('team_id', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

/** A licence as its pages show it (`findByKey`, `forUser`). */
export type License = NonNullable<
  Awaited<ReturnType<ReturnType<typeof licensesRepository>['findByKey']>>
>;

/** A licence the user holds, or that a team of theirs holds (`role`: theirs in that team). */
export type HeldLicense = Awaited<
  ReturnType<ReturnType<typeof licensesRepository>['heldBy']>
>[number];
