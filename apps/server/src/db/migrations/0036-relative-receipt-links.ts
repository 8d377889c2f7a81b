import type { Kysely } from 'kysely';

/** Our own receipt pages: the sandbox provider's, and the one that asks Paddle for a fresh link. */
const OWN_RECEIPT = /^https?:\/\/[^/?#]+(\/(?:sandbox-receipts|receipts)\/[A-Za-z0-9_]+)$/;

type Purchases = { purchases: { id: number; receipt_url: string } };

/**
 * Receipt links on our own pages are kept as paths (decision 047): an absolute link froze the
 * address of whatever run wrote it (a seeding run on another port, an old domain), and broke when
 * the store moved. Former-marketplace receipts stay as they are (another site). Compatible both
 * ways: every release renders a path as a link on its own origin, so `down` has nothing to undo.
 */
export function relativeReceiptLinks() {
  return {
    async up(untyped: Kysely<unknown>) {
      const db = untyped as Kysely<Purchases>;
      const rows = await db
        .selectFrom('purchases')
        .select(['id', 'receipt_url'])
        .where((eb) =>
          eb.or([
            eb('receipt_url', 'like', 'http%/sandbox-receipts/%'),
            eb('receipt_url', 'like', 'http%/receipts/%'),
          ]),
        )
        .execute();
      for (const row of rows) {
        const path = OWN_RECEIPT.exec(row.receipt_url)?.[1];
        if (!path) continue;
        await db
          .updateTable('purchases')
          .set({ receipt_url: path })
          .where('id', '=', row.id)
          .execute();
      }
    },
    async down() {},
  };
}
