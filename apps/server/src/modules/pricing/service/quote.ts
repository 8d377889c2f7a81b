import {
  ALL_ACCESS_SLUG,
  DESIGN_EBOOK,
  QUOTE_REFUSALS,
  type LicenseKind,
  type QuoteRefusalReason,
} from '@tessera/pages/constants';
import type { Db, Tx } from '../../../db/database.ts';
import {
  holdingsOf,
  mayUpgrade,
  supersedes,
  type CustomerHoldings,
  type StoreMode,
} from '../../licensing/index.ts';
import { activeOffer, DEFAULT_BLACK_FRIDAY_WINDOW, type OfferWindow } from './offers.ts';
import { ownerPricing } from './owner-pricing.ts';
import { KIND_NOTES } from './products.ts';
import { pricingRepository, type PricedProduct } from '../repository.ts';

export type { CustomerHoldings };

/** What a checkout asks to buy. */
export interface QuoteInput {
  /** The signed-in buyer; null for a visitor (no owner pricing, no upgrades). */
  userId: number | null;
  productSlug: string;
  kind: LicenseKind;
  /** The licence this purchase replaces (`/checkout/…?upgrade={id}`); must be the buyer's. */
  upgradeLicenseId?: number | null;
  now: Date;
}

/** The price of one product and licence kind for one buyer, decided on the server. */
export interface Quote {
  ok: true;
  /** What is bought (`checkouts.product_id`, `checkouts.price_id`). */
  productId: number;
  priceId: number;
  productSlug: string;
  productName: string;
  description: string;
  kind: LicenseKind;
  /** What this buyer pays before tax, in minor units of `currency`. */
  amount: number;
  /** The list (or, for a bundle, retail) price; struck through when it differs from `amount`. */
  advertised: number;
  currency: string;
  /** The Black Friday bundle: the design ebook comes with the licence. */
  includesEbook: boolean;
  /** The licence fulfilment deactivates with reason 'upgrade', or null. */
  upgradeLicenseId: number | null;
  /** The product the licence is for (all-access for the bundle; else the product itself). */
  licenseProductId: number;
  licenseProductSlug: string;
  /** The buyer's licences whose purchases lowered `amount` (owner pricing). */
  creditedLicenseIds: number[];
}

export interface QuoteRefusal {
  ok: false;
  reason: QuoteRefusalReason;
  /** In the buyer's words (QUOTE_REFUSALS in @tessera/pages/constants). */
  message: string;
}

export type QuoteResult = Quote | QuoteRefusal;

export interface PricingDeps {
  db: Db | Tx;
  /** Whether test licences count (a store in test mode) or not (a live store; decision 040). */
  mode: StoreMode;
  /** The Black Friday window (configuration: BLACK_FRIDAY_STARTS_AT / BLACK_FRIDAY_ENDS_AT). */
  blackFriday?: OfferWindow;
  /** Every product with its prices, read once for several quotes (one request's). */
  products?: () => Promise<PricedProduct[]>;
}

const refuse = (reason: QuoteRefusalReason): QuoteRefusal => ({
  ok: false,
  reason,
  message: QUOTE_REFUSALS[reason],
});

const activeAllAccess = (customer: CustomerHoldings, kinds: readonly LicenseKind[]) =>
  customer.holdings.some(
    (held) => held.isActive && held.productType === 'all-access' && kinds.includes(held.kind),
  );

/** Personal or team all-access, their own or through a team: nothing left to buy. */
export function ownsStandardAllAccess(customer: CustomerHoldings): boolean {
  return customer.memberOfAllAccessTeam || activeAllAccess(customer, ['personal', 'team']);
}

/** Whether the customer already holds what `product` with `kind` would give them. */
function alreadyOwns(customer: CustomerHoldings, product: PricedProduct, kind: LicenseKind) {
  const anyAllAccess =
    customer.memberOfAllAccessTeam ||
    activeAllAccess(customer, ['personal', 'team', 'restricted', 'classroom']);
  switch (product.type) {
    case 'components':
    case 'template':
      return (
        anyAllAccess ||
        customer.holdings.some((held) => held.isActive && held.productId === product.id)
      );
    case 'all-access':
      if (kind === 'personal') return ownsStandardAllAccess(customer);
      if (kind === 'team') return activeAllAccess(customer, ['team']);
      return anyAllAccess;
    case 'bundle':
      return anyAllAccess;
  }
}

/**
 * Prices `input` for its buyer, or says why it cannot be sold: an unknown product, a licence
 * kind it is not sold with, an offer outside its window, something the buyer already owns, an
 * upgrade of a licence that is not theirs or that this product does not replace.
 */
export async function quote(deps: PricingDeps, input: QuoteInput): Promise<QuoteResult> {
  const customer = await holdingsOf(deps.db, input.userId, deps.mode);
  return quoteFor(deps, customer, input);
}

/** `quote` for a customer whose holdings are already read (several quotes in one request). */
export async function quoteFor(
  deps: PricingDeps,
  customer: CustomerHoldings,
  input: Omit<QuoteInput, 'userId'>,
): Promise<QuoteResult> {
  const slugs = [input.productSlug, ALL_ACCESS_SLUG];
  const products = deps.products
    ? (await deps.products()).filter((product) => slugs.includes(product.slug))
    : await pricingRepository(deps.db).products([...new Set(slugs)]);
  const product = products.find((candidate) => candidate.slug === input.productSlug);
  if (!product) return refuse('unknown-product');
  const price = product.prices[input.kind];
  if (!price) return refuse('not-for-sale');

  const isBundle = product.type === 'bundle';
  if (isBundle && !activeOffer(input.now, deps.blackFriday ?? DEFAULT_BLACK_FRIDAY_WINDOW)) {
    return refuse('offer-ended');
  }
  const upgradeLicenseId = input.upgradeLicenseId ?? null;
  if (upgradeLicenseId !== null && customer.userId === null) return refuse('sign-in-required');
  if (alreadyOwns(customer, product, input.kind)) return refuse('already-owned');

  const allAccess = products.find((candidate) => candidate.slug === ALL_ACCESS_SLUG);
  const licenseProduct = isBundle && allAccess ? allAccess : product;
  const base = {
    ok: true as const,
    productId: product.id,
    priceId: price.id,
    productSlug: product.slug,
    productName: product.name,
    description: [product.description, KIND_NOTES[input.kind]].filter(Boolean).join(' '),
    kind: input.kind,
    currency: price.currency,
    includesEbook: isBundle,
    licenseProductId: licenseProduct.id,
    licenseProductSlug: licenseProduct.slug,
  };

  if (isBundle) {
    if (upgradeLicenseId !== null) return refuse('invalid-upgrade');
    const retail = (allAccess?.prices.personal?.amount ?? 0) + DESIGN_EBOOK.retailAmount;
    return {
      ...base,
      amount: price.amount,
      advertised: Math.max(retail, price.amount),
      upgradeLicenseId: null,
      creditedLicenseIds: [],
    };
  }

  const target = {
    productType: product.type,
    kind: input.kind,
    listAmount: price.amount,
    currency: price.currency,
  };
  if (upgradeLicenseId !== null && !mayUpgrade(customer, upgradeLicenseId, target)) {
    return refuse('invalid-upgrade');
  }
  const superseded = customer.holdings.filter((held) => held.isActive && supersedes(target, held));
  const priced = ownerPricing({ target, holdings: customer.holdings });
  // An upgrade replaces the licence named, else the best one the price gave credit for, else
  // a lesser all-access licence it supersedes (one given away, with no purchase to credit).
  const replaced =
    upgradeLicenseId ??
    priced.creditedLicenseIds.find((id) => superseded.some((held) => held.licenseId === id)) ??
    superseded.find((held) => held.productType === 'all-access')?.licenseId ??
    null;
  return {
    ...base,
    amount: priced.amount,
    advertised: priced.advertised,
    upgradeLicenseId: replaced,
    creditedLicenseIds: priced.creditedLicenseIds,
  };
}
