import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.ts';

/** `!` escapes LIKE's wildcards: a `%` or `_` typed into the search is that character. */
const LIKE_ESCAPE = '!';

function likePrefix(prefix: string): string {
  return `${prefix.replace(/[!%_]/g, (c) => `${LIKE_ESCAPE}${c}`)}%`;
}

/** What the back office reads and changes; every query of the module is here. */
export function adminRepository(db: Db | Tx) {
  const emailStartsWith = (prefix: string) =>
    sql<boolean>`users.email like ${likePrefix(prefix)} escape ${sql.lit(LIKE_ESCAPE)}`;

  return {
    /**
     * Accounts whose address starts with `prefix` (addresses are stored lower-cased, and the
     * caller lower-cases the prefix: case-insensitive on both engines), in address order.
     */
    searchCustomers(prefix: string, offset: number, limit: number) {
      return db
        .selectFrom('users')
        .select((eb) => [
          'users.id',
          'users.email',
          'users.is_admin',
          'users.created_at',
          eb
            .selectFrom('purchases')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('purchases.user_id', '=', 'users.id')
            .as('purchase_count'),
        ])
        .where(emailStartsWith(prefix))
        .orderBy('users.email')
        .offset(offset)
        .limit(limit)
        .execute();
    },

    async countCustomers(prefix: string): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(emailStartsWith(prefix))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    userById(id: number) {
      return db
        .selectFrom('users')
        .select(['id', 'email', 'is_admin', 'created_at'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    purchasesOf(userId: number) {
      return db
        .selectFrom('purchases')
        .innerJoin('products', 'products.id', 'purchases.product_id')
        .select([
          'purchases.id',
          'purchases.amount',
          'purchases.currency',
          'purchases.source',
          'purchases.receipt_url',
          'purchases.refunded_at',
          'purchases.refund_requested_at',
          'purchases.provider_transaction_id',
          'purchases.created_at',
          'products.name as product_name',
        ])
        .where('purchases.user_id', '=', userId)
        .orderBy('purchases.created_at', 'desc')
        .orderBy('purchases.id', 'desc')
        .execute();
    },

    purchaseById(id: number) {
      return db
        .selectFrom('purchases')
        .innerJoin('products', 'products.id', 'purchases.product_id')
        .select([
          'purchases.id',
          'purchases.user_id',
          'purchases.amount',
          'purchases.currency',
          'purchases.source',
          'purchases.refunded_at',
          'purchases.refund_requested_at',
          'purchases.provider_transaction_id',
          'purchases.buyer_email',
          'purchases.created_at',
          'products.name as product_name',
          'products.slug as product_slug',
        ])
        .where('purchases.id', '=', id)
        .executeTakeFirst();
    },

    /**
     * Marks the refund as asked for, once: only a purchase not refunded, not already asked
     * for, and paid through the provider. Returns whether this call made the mark.
     */
    async claimRefund(id: number, at: number): Promise<boolean> {
      const result = await db
        .updateTable('purchases')
        .set({ refund_requested_at: at })
        .where('id', '=', id)
        .where('refund_requested_at', 'is', null)
        .where('refunded_at', 'is', null)
        .where('provider_transaction_id', 'is not', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Undoes this request's mark (the provider refused), and only this request's. */
    async releaseRefund(id: number, at: number): Promise<boolean> {
      const result = await db
        .updateTable('purchases')
        .set({ refund_requested_at: null })
        .where('id', '=', id)
        .where('refund_requested_at', '=', at)
        .where('refunded_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The customer's licences: connected to the account, or bought with its address and waiting. */
    licensesOf(user: { id: number; email: string }) {
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

    licenseById(id: number) {
      return db
        .selectFrom('licenses')
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
          'users.email as user_email',
        ])
        .where('licenses.id', '=', id)
        .executeTakeFirst();
    },

    async deactivateLicense(id: number, at: number): Promise<boolean> {
      const result = await db
        .updateTable('licenses')
        .set({ is_active: 0, deactivation_reason: 'other', deactivated_at: at })
        .where('id', '=', id)
        .where('is_active', '=', 1)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Only what an operator switched off comes back: a refund or an upgrade stays final. */
    async reactivateLicense(id: number): Promise<boolean> {
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
     * Detaches an active licence that has made no team from its account and addresses it to
     * `email`, who redeems it with the mailed link (decision 011).
     */
    async moveLicense(id: number, email: string): Promise<boolean> {
      const result = await db
        .updateTable('licenses')
        .set({ user_id: null, buyer_email: email, redeemed_at: null })
        .where('id', '=', id)
        .where('is_active', '=', 1)
        .where('team_id', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async enqueueMail(input: {
      template: string;
      recipient: string;
      payload: object;
      at: number;
    }): Promise<void> {
      await db
        .insertInto('mail_jobs')
        .values({
          template: input.template,
          recipient: input.recipient,
          payload: JSON.stringify(input.payload),
          next_attempt_at: input.at,
          created_at: input.at,
        })
        .execute();
    },

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

    membershipById(teamId: number, memberId: number) {
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
     * Takes the team's row lock (PostgreSQL) or the write lock (SQLite, BEGIN IMMEDIATE) by
     * counting the leaving member out first, so two removals of the same team are serialised
     * and the owner check below sees the other's result.
     */
    async decrementMemberCount(teamId: number, at: number): Promise<boolean> {
      const result = await db
        .updateTable('teams')
        .set((eb) => ({ member_count: eb('member_count', '-', 1), updated_at: at }))
        .where('id', '=', teamId)
        .where('member_count', '>', 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async ownerCount(teamId: number): Promise<number> {
      const row = await db
        .selectFrom('team_members')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('team_id', '=', teamId)
        .where('role', '=', 'owner')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async deleteMembership(teamId: number, memberId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('team_members')
        .where('team_id', '=', teamId)
        .where('id', '=', memberId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    passwordResetsOf(userId: number, limit = 10) {
      return db
        .selectFrom('password_resets')
        .select(['created_at', 'expires_at', 'used_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    emailChangesOf(userId: number, limit = 10) {
      return db
        .selectFrom('email_change_undos')
        .select(['created_at', 'old_email', 'new_email', 'used_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    webhookEvents(options: { outcome: string | null; offset: number; limit: number }) {
      let query = db
        .selectFrom('webhook_events')
        .select([
          'id',
          'provider',
          'event_id',
          'event_type',
          'occurred_at',
          'received_at',
          'processed_at',
          'outcome',
          'deliveries',
          'error',
        ]);
      if (options.outcome) query = query.where('outcome', '=', options.outcome);
      return query
        .orderBy('received_at', 'desc')
        .orderBy('id', 'desc')
        .offset(options.offset)
        .limit(options.limit)
        .execute();
    },

    async countWebhookEvents(outcome: string | null): Promise<number> {
      let query = db.selectFrom('webhook_events').select((eb) => eb.fn.countAll<number>().as('n'));
      if (outcome) query = query.where('outcome', '=', outcome);
      return Number((await query.executeTakeFirstOrThrow()).n);
    },

    webhookEventById(id: number) {
      return db.selectFrom('webhook_events').selectAll().where('id', '=', id).executeTakeFirst();
    },
  };
}

export type AdminRepository = ReturnType<typeof adminRepository>;
