import type { Db, Tx } from '../../../db/database.ts';

/** Purchases: what was paid, by whom, and whether it was refunded. */
export function purchasesRepository(db: Db | Tx) {
  return {
    async insert(values: {
      userId: number | null;
      productId: number;
      amount: number;
      tax: number;
      currency: string;
      source: string;
      receiptUrl: string;
      transactionId: string;
      checkoutId: number | null;
      buyerEmail: string | null;
      customerId: string | null;
      testMode: boolean;
      now: number;
    }): Promise<number> {
      const row = await db
        .insertInto('purchases')
        .values({
          user_id: values.userId,
          product_id: values.productId,
          amount: values.amount,
          tax: values.tax,
          currency: values.currency,
          source: values.source,
          receipt_url: values.receiptUrl,
          refunded_at: null,
          created_at: values.now,
          provider_transaction_id: values.transactionId,
          checkout_id: values.checkoutId,
          buyer_email: values.buyerEmail,
          refund_reason: null,
          provider_customer_id: values.customerId,
          test_mode: values.testMode ? 1 : 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** The checkout a purchase was made by (its upgrade, its price). */
    checkoutOf(id: number) {
      return db
        .selectFrom('purchases')
        .innerJoin('checkouts', 'checkouts.id', 'purchases.checkout_id')
        .select(['checkouts.id', 'checkouts.upgrade_license_id'])
        .where('purchases.id', '=', id)
        .executeTakeFirst();
    },

    byTransaction(transactionId: string) {
      return db
        .selectFrom('purchases')
        .selectAll()
        .where('provider_transaction_id', '=', transactionId)
        .executeTakeFirst();
    },

    /** Purchases of a customer whose e-mail was not known when they were fulfilled. */
    awaitingEmail(customerId: string) {
      return db
        .selectFrom('purchases')
        .select(['id', 'refunded_at', 'checkout_id'])
        .where('provider_customer_id', '=', customerId)
        .where('buyer_email', 'is', null)
        .execute();
    },

    async setBuyerEmail(id: number, email: string): Promise<boolean> {
      const result = await db
        .updateTable('purchases')
        .set({ buyer_email: email })
        .where('id', '=', id)
        .where('buyer_email', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /**
     * The purchase a sandbox receipt page stands for: the one its transaction made, or a former
     * marketplace's (demo) purchase whose receipt link is that page.
     */
    ofSandboxReceipt(transactionId: string) {
      return db
        .selectFrom('purchases')
        .select(['id', 'user_id', 'buyer_email', 'source'])
        .where((eb) =>
          eb.or([
            eb('provider_transaction_id', '=', transactionId),
            eb('receipt_url', '=', `/sandbox-receipts/${transactionId}`),
          ]),
        )
        .executeTakeFirst();
    },

    /** Whether `user` may see the receipt of a transaction: it is their purchase. */
    async isReceiptOf(
      transactionId: string,
      user: { id: number; email: string },
    ): Promise<boolean> {
      const row = await db
        .selectFrom('purchases')
        .select('id')
        .where('provider_transaction_id', '=', transactionId)
        .where((eb) => eb.or([eb('user_id', '=', user.id), eb('buyer_email', '=', user.email)]))
        .executeTakeFirst();
      return row !== undefined;
    },

    async markRefunded(id: number, at: number, reason: string | null): Promise<boolean> {
      const result = await db
        .updateTable('purchases')
        .set({ refunded_at: at, refund_reason: reason })
        .where('id', '=', id)
        .where('refunded_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** A customer's purchase history, newest first. */
    forUser(userId: number) {
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
          'purchases.created_at',
          'products.name as product_name',
        ])
        .where('purchases.user_id', '=', userId)
        .orderBy('purchases.created_at', 'desc')
        .orderBy('purchases.id', 'desc')
        .execute();
    },

    /**
     * A visitor's purchase joins the account that redeems its licence when that account's
     * address is the one the buyer paid with (decision 008): their purchase history and receipts
     * follow. A key given to someone else redeems the licence but never hands over the purchase.
     */
    async adopt(licenseId: number, userId: number): Promise<void> {
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
  };
}
