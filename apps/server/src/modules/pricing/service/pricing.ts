import type {
  AllAccessOffer,
  AllAccessOffers,
  AllAccessPricing,
  BlackFridayOffer,
  Money,
  ProductOffer,
  UpgradeOption,
} from '@tessera/pages';
import {
  ALL_ACCESS_SLUG,
  BLACK_FRIDAY_SLUG,
  CLASSROOM_LICENSE_NOTICE,
  CLASSROOM_SEATS,
  checkoutUrl,
  RESTRICTED_LICENSE_NOTICE,
  type LicenseKind,
} from '@tessera/pages/constants';
import type { Request } from 'express';
import type { Db } from '../../../db/database.ts';
import { holdingsOf, supersedes, type StoreMode } from '../../licensing/index.ts';
import { DEFAULT_BLACK_FRIDAY_WINDOW, type OfferWindow } from './offers.ts';
import {
  ownsStandardAllAccess,
  quoteFor,
  type CustomerHoldings,
  type Quote,
  type QuoteInput,
  type QuoteResult,
} from './quote.ts';
import { pricingRepository, type PricedProduct } from '../repository.ts';

export interface PricingOptions {
  db: Db;
  /** A live store's test licences credit nothing and own nothing (decision 040). */
  mode: StoreMode;
  blackFriday?: OfferWindow;
  now?: () => Date;
}

/** What one customer may buy and at what price, read once per request. */
interface CustomerPricing {
  holdings(): Promise<CustomerHoldings>;
  quote(
    productSlug: string,
    kind: LicenseKind,
    upgradeLicenseId?: number | null,
  ): Promise<QuoteResult>;
  /** The offers (personal, team): what /all-access and the pricing cards show. */
  allAccessOffers(): Promise<AllAccessOffers>;
  /** The shared `allAccessPricing`: the personal licence for this customer. */
  allAccessPricing(): Promise<AllAccessPricing>;
  /** The Black Friday bundle while it runs and this customer may buy it. */
  blackFriday(): Promise<BlackFridayOffer | null>;
  /** All-access with the reduced licences (Restricted, Classroom): the "other licences" list. */
  reducedLicenceOffers(): Promise<ProductOffer[]>;
  /** Each component package on its own, with its personal licence. */
  packageOffers(): Promise<ProductOffer[]>;
  /** /upgrade: the licences that may become the complete package. */
  upgradeOptions(): Promise<UpgradeOption[]>;
  /** /upgrade-team: personal all-access licences that may become team licences. */
  teamUpgradeOptions(): Promise<UpgradeOption[]>;
  ownsStandardAllAccess(): Promise<boolean>;
  /** `auth.user.can`'s two upgrade flags. */
  upgradeFlags(): Promise<{
    canUpgradeToStandardAllAccess: boolean;
    upgradeToTeamLicense: boolean;
  }>;
}

export interface Pricing {
  /** `quote` (./quote.ts) on this store's database and offer window. */
  quote(input: QuoteInput): Promise<QuoteResult>;
  /** One customer's pricing; memoised per request. */
  forRequest(req: Request): CustomerPricing;
  forCustomer(
    user: { id: number; email: string } | null,
    now: Date,
    holdings?: () => Promise<CustomerHoldings>,
  ): CustomerPricing;
  /** A product's list price for a licence kind (template pages); null when not for sale. */
  listPrice(productSlug: string, kind?: LicenseKind): Promise<Money | null>;
  blackFridayWindow: OfferWindow;
}

const priceOf = (quote: Quote): AllAccessPricing => ({
  currency: quote.currency,
  amount: quote.amount,
  advertised: quote.advertised,
});

export function createPricing({
  db,
  blackFriday = DEFAULT_BLACK_FRIDAY_WINDOW,
  mode,
  now = () => new Date(),
}: PricingOptions): Pricing {
  const deps = { db, blackFriday, mode };
  const repository = pricingRepository(db);

  function forCustomer(
    user: { id: number; email: string } | null,
    at: Date,
    readHoldings = () => holdingsOf(db, user?.id ?? null, mode),
  ): CustomerPricing {
    let products: Promise<PricedProduct[]> | undefined;
    const customerDeps = { ...deps, products: () => (products ??= repository.products()) };
    let holdings: Promise<CustomerHoldings> | undefined;
    const loadHoldings = () => (holdings ??= readHoldings());
    const quotes = new Map<string, Promise<QuoteResult>>();
    const quote = (
      productSlug: string,
      kind: LicenseKind,
      upgradeLicenseId: number | null = null,
    ) => {
      const key = `${productSlug}|${kind}|${upgradeLicenseId ?? ''}`;
      let result = quotes.get(key);
      if (!result) {
        result = loadHoldings().then((customer) =>
          quoteFor(customerDeps, customer, { productSlug, kind, upgradeLicenseId, now: at }),
        );
        quotes.set(key, result);
      }
      return result;
    };

    /** The list price of all-access with `kind`, for an offer the customer cannot buy. */
    const listPrice = async (kind: LicenseKind): Promise<AllAccessPricing | null> => {
      const product = (await customerDeps.products()).find(
        (candidate) => candidate.slug === ALL_ACCESS_SLUG,
      );
      const price = product?.prices[kind];
      return price
        ? { currency: price.currency, amount: price.amount, advertised: price.amount }
        : null;
    };

    const offer = async (kind: LicenseKind): Promise<AllAccessOffer> => {
      const result = await quote(ALL_ACCESS_SLUG, kind);
      if (result.ok) {
        return {
          price: priceOf(result),
          checkoutUrl: checkoutUrl(ALL_ACCESS_SLUG, kind),
          purchaseable: true,
        };
      }
      const list = await listPrice(kind);
      if (!list) throw new Error(`All-access has no ${kind} price: the products were not seeded`);
      return { price: list, checkoutUrl: checkoutUrl(ALL_ACCESS_SLUG, kind), purchaseable: false };
    };

    /**
     * One product with one licence kind at this customer's own price; null when it is not on
     * sale to them (no such price, or already held).
     */
    const productOffer = async (
      product: PricedProduct,
      kind: LicenseKind,
      name: string,
      description: string,
    ): Promise<ProductOffer | null> => {
      if (!product.prices[kind]) return null;
      const result = await quote(product.slug, kind);
      if (!result.ok) return null;
      return {
        id: `${product.slug}:${kind}`,
        name,
        description,
        price: priceOf(result),
        checkoutUrl: checkoutUrl(product.slug, kind),
      };
    };
    const present = (offers: (ProductOffer | null)[]) =>
      offers.filter((offer): offer is ProductOffer => offer !== null);

    const upgradeOptions = async (): Promise<UpgradeOption[]> => {
      const customer = await loadHoldings();
      if (!user || ownsStandardAllAccess(customer)) return [];
      const options: UpgradeOption[] = [];
      const personalTarget = { productType: 'all-access' as const, kind: 'personal' as const };
      const own = customer.holdings.filter(
        (held) => held.isActive && held.teamName === null && supersedes(personalTarget, held),
      );
      if (own.length > 0) {
        const result = await quote(ALL_ACCESS_SLUG, 'personal');
        if (result.ok) {
          options.push({
            user: { email: user.email },
            team: null,
            packages: own.map((held) => licenceName(held.productName, held.productType, held.kind)),
            target: 'personal',
            price: priceOf(result),
            url: checkoutUrl(ALL_ACCESS_SLUG, 'personal', {
              upgradeLicenseId: result.upgradeLicenseId ?? own[0]!.licenseId,
            }),
          });
        }
      }
      const classrooms = customer.holdings.filter(
        (held) =>
          held.isActive &&
          held.teamName !== null &&
          held.productType === 'all-access' &&
          held.kind === 'classroom',
      );
      for (const held of classrooms) {
        const result = await quote(ALL_ACCESS_SLUG, 'team', held.licenseId);
        if (!result.ok) continue;
        options.push({
          user: null,
          team: { name: held.teamName! },
          packages: [licenceName(held.productName, held.productType, held.kind)],
          target: 'team',
          price: priceOf(result),
          url: checkoutUrl(ALL_ACCESS_SLUG, 'team', { upgradeLicenseId: held.licenseId }),
        });
      }
      return options;
    };

    const teamUpgradeOptions = async (): Promise<UpgradeOption[]> => {
      const customer = await loadHoldings();
      if (!user) return [];
      const personal = customer.holdings.filter(
        (held) =>
          held.isActive &&
          held.teamName === null &&
          held.productType === 'all-access' &&
          held.kind === 'personal',
      );
      const options: UpgradeOption[] = [];
      for (const held of personal) {
        const result = await quote(ALL_ACCESS_SLUG, 'team', held.licenseId);
        if (!result.ok) continue;
        options.push({
          user: { email: user.email },
          team: null,
          packages: [licenceName(held.productName, held.productType, held.kind)],
          target: 'team',
          price: priceOf(result),
          url: checkoutUrl(ALL_ACCESS_SLUG, 'team', { upgradeLicenseId: held.licenseId }),
        });
      }
      return options;
    };

    let flags: ReturnType<CustomerPricing['upgradeFlags']> | undefined;
    const upgradeFlags = () =>
      (flags ??= Promise.all([upgradeOptions(), teamUpgradeOptions()]).then(([standard, team]) => ({
        canUpgradeToStandardAllAccess: standard.length > 0,
        upgradeToTeamLicense: team.length > 0,
      })));

    return {
      holdings: loadHoldings,
      quote,
      async allAccessOffers() {
        const [personal, team, { canUpgradeToStandardAllAccess }] = await Promise.all([
          offer('personal'),
          offer('team'),
          upgradeFlags(),
        ]);
        return {
          personal: { ...personal, upgradableToStandardLicense: canUpgradeToStandardAllAccess },
          team,
        };
      },
      async allAccessPricing() {
        return (await offer('personal')).price;
      },
      async blackFriday() {
        const result = await quote(BLACK_FRIDAY_SLUG, 'personal');
        if (!result.ok) return null;
        return {
          checkoutUrl: checkoutUrl(BLACK_FRIDAY_SLUG),
          currency: result.currency,
          retail: result.advertised,
          price: result.amount,
          endsOn: blackFriday.lastDay,
        };
      },
      async reducedLicenceOffers() {
        const allAccess = (await customerDeps.products()).find(
          (product) => product.slug === ALL_ACCESS_SLUG,
        );
        if (!allAccess) return [];
        return present(
          await Promise.all([
            productOffer(
              allAccess,
              'restricted',
              `${allAccess.name}, Restricted licence`,
              RESTRICTED_LICENSE_NOTICE,
            ),
            productOffer(
              allAccess,
              'classroom',
              `${allAccess.name}, Classroom licence`,
              `For a teacher and their class, up to ${CLASSROOM_SEATS} people. ${CLASSROOM_LICENSE_NOTICE}`,
            ),
          ]),
        );
      },
      async packageOffers() {
        const packages = (await customerDeps.products()).filter(
          (product) => product.type === 'components',
        );
        return present(
          await Promise.all(
            packages.map((product) =>
              productOffer(product, 'personal', product.name, product.description),
            ),
          ),
        );
      },
      upgradeOptions,
      teamUpgradeOptions,
      async ownsStandardAllAccess() {
        return ownsStandardAllAccess(await loadHoldings());
      },
      upgradeFlags,
    };
  }

  const perRequest = new WeakMap<Request, CustomerPricing>();
  return {
    quote: (input) =>
      holdingsOf(db, input.userId, mode).then((customer) => quoteFor(deps, customer, input)),
    forCustomer,
    forRequest(req) {
      let pricing = perRequest.get(req);
      if (!pricing) {
        const user = req.user ? { id: req.user.id, email: req.user.email } : null;
        // What the customer holds comes with the access policy, read once for this request.
        const fromPolicy = req.access ? async () => (await req.access()).holdings : undefined;
        pricing = forCustomer(user, now(), fromPolicy);
        perRequest.set(req, pricing);
      }
      return pricing;
    },
    async listPrice(productSlug, kind = 'personal') {
      const [product] = await repository.products([productSlug]);
      const price = product?.prices[kind];
      return price ? { currency: price.currency, amount: price.amount } : null;
    },
    blackFridayWindow: blackFriday,
  };
}

/** A licence as the Upgrade chooser names it: 'Marketing', 'All-access (restricted)'. */
function licenceName(productName: string, productType: string, kind: LicenseKind): string {
  return productType === 'all-access' && kind !== 'personal'
    ? `${productName} (${kind})`
    : productName;
}
