import type { SharedPageData as PageSharedData } from '@tessera/pages';
import { ALL_ACCESS_SLUG } from '@tessera/pages/constants';
import type { Request } from 'express';
import type { Db } from '../../db/database.ts';
import type { User } from '../../db/schema.ts';
import { productsRepository } from '../pricing/index.ts';
import { onProductsChanged } from '../../jobs/signals.ts';
import type { Pricing } from '../pricing/index.ts';
import type { SharedPropsFactory } from '../../http/inertia/inertia.ts';
import type { PropInput } from '../../http/inertia/props.ts';
import type { Catalogue } from '../catalog/index.ts';
import { commandPalette } from '../catalog/index.ts';
import { versionPrefixOf } from '../catalog/index.ts';
import { pageSeo } from '../catalog/index.ts';
import {
  COLOR_SCHEMES,
  PREVIEW_COLOR_SCHEMES,
  PREVIEW_WIDTHS,
  SNIPPET_LANGUAGES,
} from '@tessera/pages/constants';

/** The data every page receives (auth, products, flash…), typed by the pages that read it (@tessera/pages). */
export type SharedPageData = PageSharedData;
type AuthUser = NonNullable<PageSharedData['auth']>['user'];
type UpgradeFlags = Pick<AuthUser['can'], 'canUpgradeToStandardAllAccess' | 'upgradeToTeamLicense'>;
type SnippetLanguage = PageSharedData['snippetLang'];

export type SharedPropsInput = { [K in keyof SharedPageData]: PropInput<SharedPageData[K]> };

export interface SharedPageDataOptions {
  db: Db;
  brandName: string;
  appUrl: string;
  catalogue: () => Catalogue;
  /** Prices and what this customer may buy (modules/pricing). */
  pricing: Pricing;
  /** The store takes test payments (decision 040): every page shows the banner. */
  testMode: boolean;
  now?: () => Date;
}

const PREFERRED_LANGUAGE = 'en-US';
const PRODUCT_LIST_TTL_MS = 60_000;
const TAILWIND_VERSION = '4.3';

function isSnippetLanguage(value: string | null | undefined): value is SnippetLanguage {
  return SNIPPET_LANGUAGES.some((language) => language === value);
}

function snippetLanguage(req: Request): SnippetLanguage {
  const chosen = req.user ? req.user.snippet_lang : req.session?.snippetLang;
  return isSnippetLanguage(chosen) ? chosen : 'html';
}

type PreviewColorScheme = PageSharedData['previewColorScheme'];

function previewColorScheme(req: Request): PreviewColorScheme {
  const chosen = req.user ? req.user.preview_color_scheme : req.session?.previewColorScheme;
  return PREVIEW_COLOR_SCHEMES.find((scheme) => scheme === chosen) ?? 'light';
}

function previewWidth(req: Request): PageSharedData['previewWidth'] {
  const chosen = req.user ? req.user.preview_width : req.session?.previewWidth;
  return PREVIEW_WIDTHS.find((width) => width === chosen) ?? 'full';
}

/** The account's choice, else the session's (a visitor's, kept over signing in), else the device's. */
function colorScheme(req: Request): PageSharedData['colorScheme'] {
  const chosen = req.user?.color_scheme ?? req.session?.colorScheme;
  return COLOR_SCHEMES.find((scheme) => scheme === chosen) ?? 'system';
}

/** The signed-in user as every page sees it (`auth.user`); never the password hash. */
function authUser(user: User, teams: AuthUser['teams'], upgrades: UpgradeFlags): AuthUser {
  return {
    email: user.email,
    // The upgrade flags come from the pricing module (what this customer may upgrade).
    can: { accessV1: false, ...upgrades },
    teams,
    // An operator sees the back office in the Account menu (req.user is the customer while
    // an operator impersonates them, so the link goes away then).
    ...(user.is_admin ? { backOffice: true } : {}),
  };
}

/** The data every page receives, as a visitor gets it (no `auth.user`). */
export function sharedPageData({
  db,
  brandName,
  appUrl,
  catalogue,
  pricing,
  testMode,
  now = () => new Date(),
}: SharedPageDataOptions): SharedPropsFactory {
  const products = productsRepository(db);
  const palette = commandPalette(catalogue);
  // The list every page's chrome shows is read once a minute per process, not once a request,
  // and forgotten at once when the things for sale change on any instance (decision 056: a
  // PostgreSQL trigger's NOTIFY, or this process's own change). What a viewer owns
  // (isLicensed) is still read per request.
  let productList: { at: number; rows: ReturnType<typeof products.all> } | undefined;
  onProductsChanged(() => (productList = undefined));
  const allProducts = () => {
    const at = Date.now();
    if (!productList || at - productList.at > PRODUCT_LIST_TTL_MS) {
      const rows = products.all();
      productList = { at, rows };
      rows.catch(() => (productList = undefined));
    }
    return productList.rows;
  };
  return (req): SharedPropsInput => {
    const customer = pricing.forRequest(req);
    const user = req.user;
    return {
      // Teams from the access policy: 'My Team' / 'My Teams' in the header; upgrade
      // flags from the pricing module.
      auth: user
        ? async () => {
            const [{ teams }, upgrades] = await Promise.all([
              req.access(),
              customer.upgradeFlags(),
            ]);
            return {
              user: authUser(
                user,
                teams.map(({ teamId: id, name }) => ({ id, name })),
                upgrades,
              ),
            };
          }
        : null,
      // An operator acting as this customer (modules/admin/impersonation.ts): the red banner.
      isImpersonating: req.impersonator !== null,
      testMode,
      versionPrefix: versionPrefixOf(req.path),
      copyrightYear: now().getUTCFullYear(),
      // The items themselves load on the palette's first open (decision 020).
      commandPaletteUrl: palette().url,
      preferredLanguage: PREFERRED_LANGUAGE,
      snippetLang: snippetLanguage(req),
      previewColorScheme: previewColorScheme(req),
      previewWidth: previewWidth(req),
      colorScheme: colorScheme(req),
      // All-access is for sale to anyone without it in any form whom the pricing module may
      // sell it to (a Restricted or Classroom holder upgrades through /upgrade instead).
      can: async () => {
        const [owned, personal] = await Promise.all([
          req.entitlements(),
          customer.quote(ALL_ACCESS_SLUG, 'personal'),
        ]);
        return { purchaseAllAccess: !owned.allAccess && personal.ok };
      },
      products: async () => {
        const owned = await req.entitlements();
        return (await allProducts())
          .filter((product) => product.type === 'components')
          .map((product) => ({
            id: product.id,
            name: product.name,
            url: `/components#product-${product.slug}`,
            isLicensed: owned.has(product.slug),
          }));
      },
      // The personal licence for this customer: owner pricing when they hold packages.
      allAccessPricing: () => customer.allAccessPricing(),
      tailwindVersion: TAILWIND_VERSION,
      brandName,
      // A function: evaluated after the route has described its page.
      seo: () => pageSeo(req, appUrl),
    };
  };
}

/**
 * The shared page data read from no store (no session, no database): the site chrome as a
 * visitor sees it. The error middleware renders the ErrorPage with it when the request never
 * reached the session (its store is down) or the real shared data cannot be had, so an outage
 * still shows the maintenance page in the site's chrome.
 */
export function storeFreePageData({
  brandName,
  appUrl,
  catalogue,
  testMode,
  now = () => new Date(),
}: Omit<SharedPageDataOptions, 'db' | 'pricing'>): (req: Request) => SharedPropsInput {
  const palette = commandPalette(catalogue);
  return (req) => ({
    auth: null,
    isImpersonating: false,
    testMode,
    versionPrefix: versionPrefixOf(req.path),
    copyrightYear: now().getUTCFullYear(),
    commandPaletteUrl: palette().url,
    preferredLanguage: PREFERRED_LANGUAGE,
    snippetLang: 'html',
    previewColorScheme: 'light',
    previewWidth: 'full',
    // Read from the request alone: the outage page keeps the scheme the visitor chose.
    colorScheme: colorScheme(req),
    // Nothing is priced without the database: no offer on a page drawn without it.
    can: { purchaseAllAccess: false },
    products: [],
    allAccessPricing: null,
    tailwindVersion: TAILWIND_VERSION,
    brandName,
    seo: () => pageSeo(req, appUrl),
  });
}
