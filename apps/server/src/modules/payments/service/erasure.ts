import type { Tx } from '../../../db/database.ts';

/**
 * A deleted account's purchases stay, for the accounts and tax records the law asks a seller to
 * keep (amount, tax, currency, date, product, the provider's transaction), with nothing that
 * names the buyer: no account, no address (decision 060). Its unfinished checkouts forget it too.
 * Returns the purchases kept.
 */
export async function anonymisePurchases(tx: Tx, userId: number): Promise<number> {
  const purchases = await tx
    .updateTable('purchases')
    .set({ user_id: null, buyer_email: null })
    .where('user_id', '=', userId)
    .executeTakeFirst();
  await tx.updateTable('checkouts').set({ user_id: null }).where('user_id', '=', userId).execute();
  return Number(purchases.numUpdatedRows);
}
