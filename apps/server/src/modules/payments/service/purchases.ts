import type { Db, Tx } from '../../../db/database.ts';
import { purchasesRepository } from '../repository/purchases.ts';
import { standingUpgrades } from './refunds.ts';

/**
 * What other modules do with purchases, each in the caller's transaction: this module stays
 * the only writer of the table.
 */
export const purchaseOperations = {
  /** A customer's purchase history, newest first (the account page). */
  history: (db: Db | Tx, userId: number) => purchasesRepository(db).forUser(userId),

  /** A visitor's purchase follows its licence to the account that redeems it, same address. */
  adopt: (tx: Db | Tx, redeemed: { licenseId: number; userId: number }) =>
    purchasesRepository(tx).adopt(redeemed.licenseId, redeemed.userId),

  /** The purchase a provider transaction made, if any. */
  byTransaction: (db: Db | Tx, transactionId: string) =>
    purchasesRepository(db).byTransaction(transactionId),

  /** The purchase a sandbox receipt page stands for (its transaction's, or a demo's by link). */
  ofSandboxReceipt: (db: Db | Tx, transactionId: string) =>
    purchasesRepository(db).ofSandboxReceipt(transactionId),

  /** Whether `user` may see the receipt of a transaction: it is their purchase. */
  isReceiptOf: (db: Db | Tx, transactionId: string, user: { id: number; email: string }) =>
    purchasesRepository(db).isReceiptOf(transactionId, user),

  /** An operator's refund request, marked once before the provider is asked. */
  claimRefund: (tx: Db | Tx, id: number, at: number) => purchasesRepository(tx).claimRefund(id, at),

  /** The upgrades still standing on this purchase's credit (decision 041). */
  standingUpgrades: (db: Db | Tx, id: number) => standingUpgrades(db, id),

  /** Takes back this request's mark when the provider refused. */
  releaseRefund: (tx: Db | Tx, id: number, at: number) =>
    purchasesRepository(tx).releaseRefund(id, at),
};
