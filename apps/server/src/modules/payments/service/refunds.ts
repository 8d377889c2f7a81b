import type { DatabaseHandle, Db, Tx } from '../../../db/database.ts';
import { formatAmount } from '../../shared/index.ts';
import { purchaseCreditsRepository, type StandingUpgrade } from '../repository/credits.ts';
import { purchasesRepository } from '../repository/purchases.ts';
import type { PaymentProvider } from './provider.ts';

export type { StandingUpgrade };

/**
 * The one way the store asks a provider for a refund (decision 041): the buyer's receipt and
 * the back office both come here, whichever provider takes the money. A purchase whose amount
 * was credited toward an upgrade that still stands is refused; only an operator's explicit
 * override (`overrideCredit`) asks the provider anyway, and fulfilment then takes the upgrade's
 * licence away when the refund lands.
 */
export interface RefundAsk {
  transactionId: string;
  reason: string;
  /** The operator confirmed the refund of a credited purchase (the back office only). */
  overrideCredit: boolean;
}

export type RefundAnswer =
  { status: 'requested' } | { status: 'credited'; upgrades: StandingUpgrade[] };

/** Why a credited purchase is not refunded, naming the upgrade and the amount. */
export function creditedRefusal(upgrades: readonly StandingUpgrade[]): string {
  const named = upgrades
    .map(
      (upgrade) =>
        `${formatAmount(upgrade.credit, upgrade.currency, 'en-US')} toward ${upgrade.productName} (bought ${new Date(upgrade.createdAt).toISOString().slice(0, 10)})`,
    )
    .join(' and ');
  return `This purchase was credited ${named}, which is still active. Refund the upgrade first, or ask support: refunding this purchase takes that upgrade away too.`;
}

/** The upgrades standing on a purchase's credit (none: it may be refunded). */
export const standingUpgrades = (db: Db | Tx, purchaseId: number) =>
  purchaseCreditsRepository(db).standingOn(purchaseId);

export function createRefunds(deps: { database: DatabaseHandle; provider: PaymentProvider }) {
  const { database, provider } = deps;
  return {
    async request(ask: RefundAsk): Promise<RefundAnswer> {
      const purchase = await purchasesRepository(database.db).byTransaction(ask.transactionId);
      if (purchase && purchase.refunded_at === null) {
        const upgrades = await standingUpgrades(database.db, purchase.id);
        if (upgrades.length > 0 && !ask.overrideCredit) return { status: 'credited', upgrades };
      }
      await provider.refund(ask.transactionId, ask.reason);
      return { status: 'requested' };
    },
  };
}

export type Refunds = ReturnType<typeof createRefunds>;
