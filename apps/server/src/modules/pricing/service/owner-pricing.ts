import { OWNER_PRICE_FLOOR_PERCENT, type LicenseKind } from '@tessera/pages/constants';
import { supersedes, type Holding, type ProductType } from '../../licensing/index.ts';

export type { Holding };

/** What is being priced: all-access with a licence kind, a package, a template. */
export interface PriceTarget {
  productType: ProductType;
  kind: LicenseKind;
  /** The list price, in minor units of `currency`. */
  listAmount: number;
  currency: string;
}

export interface OwnerPrice {
  /** What this customer pays. */
  amount: number;
  /** The list price (shown struck through when it differs from `amount`). */
  advertised: number;
  /** What the customer's earlier purchases took off. */
  credit: number;
  /** The licences whose purchases were counted, best first (the one an upgrade replaces). */
  creditedLicenseIds: number[];
}

/** How far up the ladder a licence is: an upgrade replaces the highest one it credits. */
const RANK: Record<string, number> = {
  'all-access:personal': 4,
  'all-access:restricted': 3,
  'all-access:classroom': 2,
};

function rank(holding: Holding): number {
  return RANK[`${holding.productType}:${holding.kind}`] ?? 1;
}

/**
 * Owner pricing (docs/decisions/007): the list price less what the customer paid, before tax,
 * for the licences the target supersedes — each purchase counted once, refunded ones never,
 * and a licence already given up in an upgrade still counted (its money went toward what the
 * customer holds now) — never below OWNER_PRICE_FLOOR_PERCENT of the list price, rounded up to
 * a whole unit of the currency. Purchases in another currency do not count.
 */
export function ownerPricing({
  target,
  holdings,
  floorPercent = OWNER_PRICE_FLOOR_PERCENT,
}: {
  target: PriceTarget;
  holdings: readonly Holding[];
  floorPercent?: number;
}): OwnerPrice {
  const advertised = target.listAmount;
  const credited = holdings
    .filter(
      (held) =>
        supersedes(target, held) &&
        held.paid !== null &&
        held.paid.currency === target.currency &&
        held.paid.amount > 0 &&
        (held.isActive || held.deactivationReason === 'upgrade'),
    )
    .sort(
      (a, b) =>
        Number(b.isActive) - Number(a.isActive) ||
        rank(b) - rank(a) ||
        b.paid!.amount - a.paid!.amount ||
        a.licenseId - b.licenseId,
    );
  const credit = credited.reduce((sum, held) => sum + held.paid!.amount, 0);
  if (credit === 0) return { amount: advertised, advertised, credit: 0, creditedLicenseIds: [] };
  const unit = 100;
  const floor = Math.min(advertised, Math.ceil((advertised * floorPercent) / 100 / unit) * unit);
  return {
    amount: Math.max(floor, advertised - credit),
    advertised,
    credit,
    creditedLicenseIds: credited.map((held) => held.licenseId),
  };
}
