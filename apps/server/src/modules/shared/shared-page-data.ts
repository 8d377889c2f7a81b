import type { SharedPageData as PageSharedData } from '@tessera/pages';
import type { Request } from 'express';
import type { Db } from '../../db/database.ts';
import type { User } from '../../db/schema.ts';
import { productsRepository } from '../pricing/products.ts';
import type { SharedPropsFactory } from '../../http/inertia/inertia.ts';
import { once, type PropInput } from '../../http/inertia/props.ts';
import type { Catalogue } from '../catalog/catalogue.ts';
import { commandPalette } from '../catalog/command-palette.ts';
import { versionPrefixOf } from '../catalog/presenter.ts';
import { pageSeo } from '../catalog/seo.ts';
import { ALL_ACCESS } from '../licenses/entitlements.ts';
import { PREVIEW_COLOR_SCHEMES } from '../account/preview-color-scheme.ts';

/**
 * Spec §3 "Shared page data", typed by the pages that read it (@tessera/pages). Until pricing
 * exists in the database the server may not know the all-access price, so it may send null.
 */
export type SharedPageData = Omit<PageSharedData, 'allAccessPricing'> & {
  allAccessPricing: PageSharedData['allAccessPricing'] | null;
};
type AuthUser = NonNullable<PageSharedData['auth']>['user'];
type SnippetLanguage = PageSharedData['snippetLang'];

export type SharedPropsInput = { [K in keyof SharedPageData]: PropInput<SharedPageData[K]> };

export interface SharedPageDataOptions {
  db: Db;
  brandName: string;
  appUrl: string;
  catalogue: () => Catalogue;
  now?: () => Date;
}

async function flashMessages(req: Request): Promise<SharedPageData['flash']> {
  const { messages = {} } = await req.readFlash();
  return {
    ...(messages.success ? { success: messages.success } : {}),
    ...(messages.error ? { error: messages.error } : {}),
  };
}

const SNIPPET_LANGUAGES: readonly string[] = ['html', 'react', 'vue'];
const PREFERRED_LANGUAGE = 'en-US';
const TAILWIND_VERSION = '4.3';

function isSnippetLanguage(value: string | null | undefined): value is SnippetLanguage {
  return typeof value === 'string' && SNIPPET_LANGUAGES.includes(value);
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

/** The signed-in user as every page sees it (spec §3 auth.user); never the password hash. */
function authUser(user: User): AuthUser {
  return {
    email: user.email,
    // Licences and teams arrive with the commerce and teams work; until then nobody may.
    can: { accessV1: false, canUpgradeToStandardAllAccess: false, upgradeToTeamLicense: false },
    teams: [],
  };
}

/** Spec §3 "Shared page data", for a visitor (accounts come with the auth module). */
export function sharedPageData({
  db,
  brandName,
  appUrl,
  catalogue,
  now = () => new Date(),
}: SharedPageDataOptions): SharedPropsFactory {
  const products = productsRepository(db);
  const palette = commandPalette(catalogue);
  return (req): SharedPropsInput => {
    let productList: ReturnType<typeof products.all> | undefined;
    const allProducts = () => (productList ??= products.all());
    return {
      auth: req.user ? { user: authUser(req.user) } : null,
      isImpersonating: false,
      versionPrefix: versionPrefixOf(req.path),
      copyrightYear: now().getUTCFullYear(),
      // The same for every page: the client keeps it after the first visit.
      commandPalette: once(() => [...palette()]),
      preferredLanguage: PREFERRED_LANGUAGE,
      snippetLang: snippetLanguage(req),
      previewColorScheme: previewColorScheme(req),
      // All-access is for sale to anyone who does not hold it yet.
      can: async () => ({ purchaseAllAccess: !(await req.entitlements()).allAccess }),
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
      // List price; the commerce work will discount it for owners of other packages.
      allAccessPricing: async () => {
        const allAccess = (await allProducts()).find((product) => product.slug === ALL_ACCESS);
        return allAccess
          ? {
              currency: allAccess.price_currency,
              amount: allAccess.price_amount,
              advertised: allAccess.price_amount,
            }
          : null;
      },
      tailwindVersion: TAILWIND_VERSION,
      brandName,
      flash: () => flashMessages(req),
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
  now = () => new Date(),
}: Omit<SharedPageDataOptions, 'db'>): (req: Request) => SharedPropsInput {
  const palette = commandPalette(catalogue);
  return (req) => ({
    auth: null,
    isImpersonating: false,
    versionPrefix: versionPrefixOf(req.path),
    copyrightYear: now().getUTCFullYear(),
    commandPalette: once(() => [...palette()]),
    preferredLanguage: PREFERRED_LANGUAGE,
    snippetLang: 'html',
    previewColorScheme: 'light',
    can: { purchaseAllAccess: true },
    products: [],
    allAccessPricing: null,
    tailwindVersion: TAILWIND_VERSION,
    brandName,
    flash: {},
    seo: () => pageSeo(req, appUrl),
  });
}
