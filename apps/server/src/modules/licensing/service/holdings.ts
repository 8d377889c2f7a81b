import { LICENSE_KINDS, type LicenseKind } from '@tessera/pages/constants';
import type { HeldLicense } from '../repository/licenses.ts';

/** What a product is: a component package, a template, all-access, or the offer bundle. */
export type ProductType = 'components' | 'template' | 'all-access' | 'bundle';

/** One licence a customer holds (or held), as pricing and upgrades see it. */
export interface Holding {
  licenseId: number;
  productId: number;
  productSlug: string;
  productName: string;
  productType: ProductType;
  kind: LicenseKind;
  isActive: boolean;
  deactivationReason: string | null;
  /** What the customer paid for it before tax; null without a purchase or once refunded. */
  paid: { amount: number; currency: string } | null;
  /** A team licence the customer owns: the team's name (the Upgrade chooser names it). */
  teamName: string | null;
}

/** What one customer holds, read once a request and shared by every quote made for them. */
export interface CustomerHoldings {
  userId: number | null;
  holdings: readonly Holding[];
  /** In a team whose active licence is team all-access (any role). */
  memberOfAllAccessTeam: boolean;
}

/** What a purchase would give: all-access with a licence kind, a package, a template. */
export interface UpgradeTarget {
  productType: ProductType;
  kind: LicenseKind;
}

const NOBODY: CustomerHoldings = { userId: null, holdings: [], memberOfAllAccessTeam: false };

const isKind = (kind: string): kind is LicenseKind =>
  (LICENSE_KINDS as readonly string[]).includes(kind);

/** A held licence as pricing sees it; null for a kind the store does not sell. */
function holdingOf(row: HeldLicense): Holding | null {
  if (!isKind(row.kind)) return null;
  return {
    licenseId: row.id,
    productId: row.product_id,
    productSlug: row.slug,
    productName: row.name,
    productType: row.type as ProductType,
    kind: row.kind,
    isActive: row.is_active === 1,
    deactivationReason: row.deactivation_reason,
    paid:
      row.amount !== null && row.currency !== null && row.refunded_at === null
        ? { amount: row.amount, currency: row.currency }
        : null,
    teamName: row.team_name,
  };
}

/**
 * The customer's holdings, from the licences the access policy read for the request: their
 * own licences and those of the teams they own (a member does not own the team's licence),
 * and whether any team of theirs holds team all-access.
 */
export function holdingsFrom(userId: number | null, licences: readonly HeldLicense[]) {
  if (userId === null) return NOBODY;
  const holdings = licences
    .filter((row) => row.user_id === userId || row.role === 'owner')
    .map(holdingOf)
    .filter((holding) => holding !== null);
  const memberOfAllAccessTeam = licences.some(
    (row) =>
      row.role !== null && row.is_active === 1 && row.kind === 'team' && row.type === 'all-access',
  );
  return { userId, holdings, memberOfAllAccessTeam } satisfies CustomerHoldings;
}

/**
 * The licences a purchase of `target` supersedes: packages and templates (and a Restricted
 * all-access) for personal all-access; those plus personal and Classroom all-access for team
 * all-access. Nothing supersedes anything else: packages, templates, Restricted and Classroom
 * are sold at their list price.
 */
export function supersedes(target: UpgradeTarget, held: Holding): boolean {
  if (target.productType !== 'all-access') return false;
  const isPackage = held.productType === 'components' || held.productType === 'template';
  if (target.kind === 'personal') {
    return (
      (isPackage && held.kind === 'personal') ||
      (held.productType === 'all-access' && held.kind === 'restricted')
    );
  }
  if (target.kind === 'team') {
    return (
      (isPackage && held.kind === 'personal') ||
      (held.productType === 'all-access' && held.kind !== 'team')
    );
  }
  return false;
}

/**
 * The one rule for upgrades: a purchase of `target` may replace licence `licenseId` when the
 * customer holds it (their own, or a team's they own), it is active, and `target` supersedes
 * it. The quote decides with it and the checkout asks it again before the provider is called.
 */
export function mayUpgrade(
  customer: CustomerHoldings,
  licenseId: number,
  target: UpgradeTarget,
): boolean {
  return customer.holdings.some(
    (held) => held.licenseId === licenseId && held.isActive && supersedes(target, held),
  );
}
