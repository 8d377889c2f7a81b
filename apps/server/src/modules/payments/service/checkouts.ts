import { randomBytes } from 'node:crypto';
import {
  DIGITAL_GOODS,
  LICENSE_KINDS,
  PRODUCT_DIGITAL_GOODS,
  PURCHASE_KEY_WINDOW_MINUTES,
  type LicenseKind,
} from '@tessera/pages/constants';
import type { DatabaseHandle } from '../../../db/database.ts';
import { HttpError } from '../../../http/errors.ts';
import {
  holdingsOf,
  isTeamKind,
  mayUpgrade,
  type CustomerHoldings,
  type StoreMode,
} from '../../licensing/index.ts';
import { productsRepository } from '../../pricing/index.ts';
import type { CheckoutFrame, PaymentProvider } from './provider.ts';
import { checkoutsRepository } from '../repository/checkouts.ts';
import { purchaseCreditsRepository } from '../repository/credits.ts';

/**
 * What the pricing module decided this buyer pays for this product (the browser never says).
 * `amount` is charged; `advertised` is the list price shown struck through beside it.
 */
export interface CheckoutQuote {
  productId: number;
  priceId: number;
  productSlug: string;
  productName: string;
  kind: LicenseKind;
  /** Minor units, before tax. */
  amount: number;
  advertised: number;
  currency: string;
  /** The licence this purchase replaces (deactivated with reason 'upgrade' on fulfilment). */
  upgradeLicenseId: number | null;
  /** The licence's product when it is not `productId` (a bundle's licence is all-access). */
  licenseProductId?: number;
  /** The buyer's licences whose purchases lowered `amount` (owner pricing): kept as credits. */
  creditedLicenseIds?: readonly number[];
}

export interface CheckoutBuyer {
  id: number;
  email: string;
  /** What the buyer holds, as their request read it; read now when not given. */
  holdings?: CustomerHoldings;
}

export interface StartedCheckout {
  /** What the thank-you page polls by (`/paddle-purchases/{hash}`): 192 random bits. */
  hash: string;
  transactionId: string;
  frame: CheckoutFrame;
}

/** The poll hash's shape: 32 base64url characters (24 random bytes). */
const HASH_SHAPE = /^[A-Za-z0-9_-]{32}$/;
export const isCheckoutHash = (value: string) => HASH_SHAPE.test(value);
const newCheckoutHash = () => randomBytes(24).toString('base64url');

class CheckoutError extends HttpError {
  constructor(message: string) {
    super(422, message);
    this.name = 'CheckoutError';
  }
}

/**
 * A fulfilled checkout as its hash tells it: the key while the hash may still give it, else
 * `license_key: null` and why (`claimed`: redeemed or connected to an account or a team;
 * `expired`: the window after payment is over).
 */
export type PurchaseStatus =
  | { license_key: string; upgrade: boolean }
  | { license_key: null; upgrade: boolean; withheld: 'claimed' | 'expired' };

const KEY_WINDOW_MS = PURCHASE_KEY_WINDOW_MINUTES * 60 * 1000;

/**
 * Checkouts: the pending purchase a provider transaction is keyed by. `startCheckout` fixes the
 * price in the provider's transaction before any frame opens, then records the checkout.
 */
export function checkoutsService(deps: {
  database: DatabaseHandle;
  provider: PaymentProvider;
  mode: StoreMode;
  now?: () => number;
}) {
  const { database, provider, mode } = deps;
  const now = deps.now ?? Date.now;
  const repo = () => checkoutsRepository(database.db, database.engine);

  async function startCheckout(
    quote: CheckoutQuote,
    buyer: CheckoutBuyer | null,
  ): Promise<StartedCheckout> {
    if (!Number.isSafeInteger(quote.amount) || quote.amount <= 0) {
      throw new CheckoutError('The price must be a positive whole number of minor units.');
    }
    if (!Number.isSafeInteger(quote.advertised) || quote.advertised < quote.amount) {
      throw new CheckoutError('The advertised price cannot be below the price charged.');
    }
    if (!/^[A-Z]{3}$/.test(quote.currency)) throw new CheckoutError('Unknown currency.');
    if (!LICENSE_KINDS.includes(quote.kind)) throw new CheckoutError('Unknown licence kind.');
    if (quote.upgradeLicenseId !== null) {
      if (!buyer) throw new CheckoutError('Sign in to upgrade a licence.');
      // The quote decided with the same rule; asked again here, where the money is fixed.
      const product = await productsRepository(database.db).byId(quote.productId);
      const holdings = buyer.holdings ?? (await holdingsOf(database.db, buyer.id, mode));
      const allowed =
        product !== undefined &&
        mayUpgrade(holdings, quote.upgradeLicenseId, {
          productType: product.type,
          kind: quote.kind,
        });
      if (!allowed) throw new CheckoutError('That licence cannot be upgraded from this account.');
    }

    const hash = newCheckoutHash();
    const { transactionId } = await provider.createTransaction({
      checkoutHash: hash,
      productName: quote.productName,
      productSlug: quote.productSlug,
      kind: quote.kind,
      amount: quote.amount,
      currency: quote.currency,
      email: buyer?.email ?? null,
      customData: { checkout: hash, product: quote.productSlug, kind: quote.kind },
    });
    const at = now();
    await database.writeTransaction(async (tx) => {
      const checkoutId = await checkoutsRepository(tx, database.engine).insert({
        provider: provider.name,
        provider_transaction_id: transactionId,
        hash,
        product_id: quote.productId,
        price_id: quote.priceId,
        kind: quote.kind,
        user_id: buyer?.id ?? null,
        upgrade_license_id: quote.upgradeLicenseId,
        license_product_id:
          quote.licenseProductId !== undefined && quote.licenseProductId !== quote.productId
            ? quote.licenseProductId
            : null,
        amount: quote.amount,
        advertised: quote.advertised,
        currency: quote.currency,
        status: 'pending',
        created_at: at,
      });
      // What lowered the price, fixed with it: a refund of those purchases asks (decision 041).
      if (buyer && quote.creditedLicenseIds?.length) {
        await purchaseCreditsRepository(tx).record(
          checkoutId,
          buyer.id,
          quote.creditedLicenseIds,
          at,
        );
      }
    });
    return { hash, transactionId, frame: provider.frame(transactionId) };
  }

  /**
   * The purchase once the checkout is fulfilled; null while it is not (or never was). The hash
   * is a bearer capability, so it gives the key only for PURCHASE_KEY_WINDOW_MINUTES after the
   * payment and only while nobody has redeemed the licence (a signed-in buyer's own licence is
   * connected at once: their session is asked instead). The licence's owner, signed in, always
   * gets it: it is on their licence page anyway.
   */
  async function purchaseStatus(
    hash: string,
    viewer: { id: number } | null = null,
  ): Promise<PurchaseStatus | null> {
    if (!isCheckoutHash(hash)) return null;
    const row = await repo().fulfilled(hash);
    if (!row) return null;
    const upgrade = row.upgrade_license_id !== null;
    if (viewer && row.license_user_id === viewer.id) return { license_key: row.key, upgrade };
    if (row.license_user_id !== null || row.redeemed_at !== null || row.team_id !== null)
      return { license_key: null, upgrade, withheld: 'claimed' };
    const age = now() - Number(row.completed_at ?? 0);
    if (!(age <= KEY_WINDOW_MS)) return { license_key: null, upgrade, withheld: 'expired' };
    return { license_key: row.key, upgrade };
  }

  /** The thank-you page's variant; null for a hash no checkout has. */
  async function thankYou(hash: string): Promise<{ isUpgrade: boolean } | null> {
    if (!isCheckoutHash(hash)) return null;
    const checkout = await repo().byHash(hash);
    return checkout ? { isUpgrade: checkout.upgrade_license_id !== null } : null;
  }

  /**
   * Where the thank-you page sends a fulfilled checkout's buyer, with the message they see
   * there; null while the purchase is not ready (or never was).
   */
  async function landing(hash: string): Promise<{ url: string; message: string } | null> {
    if (!isCheckoutHash(hash)) return null;
    const row = await repo().landing(hash);
    if (!row) return null;
    const name = row.product_name;
    const goods = PRODUCT_DIGITAL_GOODS[row.product_slug] ?? [];
    const goodsNames = goods.map((slug) => DIGITAL_GOODS[slug].name.toLowerCase()).join(' and ');
    const files =
      goods.length === 0
        ? ''
        : row.user_id !== null
          ? ` Download your ${goodsNames} from your licences.`
          : ` Your ${goodsNames} is there to download once the licence is on your account.`;
    if (row.upgrade_license_id !== null) {
      return {
        // An upgrade goes home, as it always has; the message says what changed.
        url: '/',
        message: isTeamKind(row.kind)
          ? `Upgrade complete: your ${name} team licence replaces your previous licence. Name your team from your licences to invite the others. We’ve e-mailed you the new key.`
          : `Upgrade complete: you now have ${name}, and your previous licence is replaced. We’ve e-mailed you the new key.`,
      };
    }
    return {
      url: `/licenses/${row.key}`,
      message: isTeamKind(row.kind)
        ? `Payment received: your ${name} licence is ready. Name your team below to set it up.${files}`
        : row.user_id !== null
          ? `Payment received: ${name} is yours.${files}`
          : `Payment received: your ${name} licence is ready. We’ve e-mailed you its key.${files}`,
    };
  }

  return { startCheckout, purchaseStatus, thankYou, landing };
}

export type CheckoutsService = ReturnType<typeof checkoutsService>;
