import type { CommandPaletteItem, CommandPaletteItems } from '@tessera/ui';
import type { ColorScheme, PreviewColorScheme, PreviewWidth, SnippetLanguage } from '../constants';

/** One entry of the command palette: name, keywords, category, url. */
export type { CommandPaletteItem, CommandPaletteItems };

/** The code language a visitor last chose, and the previews' colour scheme (../constants.ts). */
export type { ColorScheme, PreviewColorScheme, PreviewWidth, SnippetLanguage };

/** The empty prefix is the current version, '/v1' the legacy one. */
export type VersionPrefix = '' | '/v1';

export type AuthUser = {
  email: string;
  can: {
    /** May switch between the legacy (/v1) and the current version. */
    accessV1: boolean;
    /** Shows 'Upgrade to standard licence' (/upgrade). */
    canUpgradeToStandardAllAccess: boolean;
    /** Shows 'Upgrade to team licence' (/upgrade-team). */
    upgradeToTeamLicense: boolean;
  };
  teams: { id: number; name: string }[];
  /**
   * The user is one of the store's operators (never while an operator impersonates a
   * customer, who is the user then); the Account menu links the back office.
   */
  backOffice?: boolean;
};

/** A product (package) as every page sees it; the full product lives on its own pages. */
export type SharedProduct = {
  id: number;
  name: string;
  url: string;
  isLicensed: boolean;
};

/** All-access pricing in integer minor units; `advertised` is the undiscounted price. */
export type AllAccessPricing = {
  currency: string;
  amount: number;
  advertised: number;
};

/**
 * One-time messages the server flashes after a redirect. They travel in the Inertia page
 * object's own `flash` field (not in props, so they never come back with browser history), and
 * which key a message has decides where it shows:
 * - `success` / `error`: a notice about what just happened, shown by the layout above the page;
 * - `status`: the confirmation of the form that caused it, shown by that page beside the form
 *   (sign-in after a password reset, "reset link sent", the account settings' saved forms);
 * - `accessTokenSecret` / `accessTokenId`: a new access token's secret, in the one answer that
 *   created it and never again (decision 014; keys in `NEW_ACCESS_TOKEN_FLASH`).
 */
export type FlashMessages = {
  success?: string;
  error?: string;
  status?: string;
  accessTokenSecret?: string;
  accessTokenId?: string;
  /** New recovery codes, one per line, on the answer that made them only (decision 044). */
  recoveryCodes?: string;
};

/**
 * The props the server shares with every page. `brandName` is the configured brand
 * (BRAND_NAME, default 'Tessera UI'), so no page hard-codes it. Flash messages are not shared
 * data: see `FlashMessages`.
 */
export type SharedPageData = {
  auth: null | { user: AuthUser };
  isImpersonating: boolean;
  /**
   * Our addition: the store takes test payments only (the sandbox, Paddle's sandbox; decision
   * 040). Every page then shows the test-mode banner.
   */
  testMode: boolean;
  versionPrefix: VersionPrefix;
  copyrightYear: number;
  /**
   * Where the command palette's items are: a JSON document named by its content hash, fetched
   * on the palette's first open and cached for good, rather than 10 KB repeated in every page's
   * HTML (decision 020).
   */
  commandPaletteUrl: string;
  /**
   * The visitor's language from Accept-Language as a BCP 47 tag (e.g. 'en-US'); the locale for
   * prices.
   */
  preferredLanguage: string;
  snippetLang: SnippetLanguage;
  /** Beside `snippetLang`: the component previews' colour scheme. */
  previewColorScheme: PreviewColorScheme;
  /** Beside `snippetLang`: the preview frame's preset width. */
  previewWidth: PreviewWidth;
  /** The store's own colour scheme: `system` follows the device. */
  colorScheme: ColorScheme;
  can: { purchaseAllAccess: boolean };
  products: SharedProduct[];
  /**
   * The personal all-access price for this viewer; null only on a page drawn without the stores
   * (the maintenance page during an outage), which shows no price.
   */
  allAccessPricing: AllAccessPricing | null;
  /** The latest Tailwind CSS version the library targets, e.g. 'v4.1'. */
  tailwindVersion: string;
  brandName: string;
  /** The page's meta description and canonical URL, which the layout puts in the head. */
  seo: PageSeo;
  /**
   * The CSRF token a form posts as `_token` before (or without) JavaScript; a script sends the
   * cookie's copy as a header instead. Absent on the cached, compressed public pages, which
   * have no form of this site (decision 048).
   */
  csrfToken?: string;
};

export type PageSeo = { description: string; canonicalUrl: string };

/** Validation errors by field name; part of every page's props. */
export type PageErrors = Record<string, string>;

/** What every page receives from the server: its own props, the shared data and the errors map. */
export type PageProps<TPageProps extends object = object> = TPageProps &
  SharedPageData & { errors: PageErrors };

export const DEFAULT_BRAND_NAME = 'Tessera UI';
