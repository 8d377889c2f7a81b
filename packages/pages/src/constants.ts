/**
 * The store's business constants and the words both the server and the pages say (spec §9,
 * §7 success texts). One module, read by the server (Node runs it without a build step, so it
 * imports nothing), the pages and the copy. Change a rule here and every place follows.
 */

/** People a team all-access licence covers, the owner included (spec §1, §9). */
export const TEAM_SEATS = 25;
/** People a Classroom licence covers, the teacher included: a class fits in a team's seats. */
export const CLASSROOM_SEATS = 25;
/** Refunds: in full within this many days of the purchase, requested by e-mail (spec §1). */
export const REFUND_WINDOW_DAYS = 30;
/**
 * A component wears "New" for this many days after the changelog release that added it; a
 * subcategory while any of its current components does (docs/decisions/017-previews-and-new.md).
 */
export const NEW_BADGE_DAYS = 90;
/**
 * The back office's "recent sign-in" (decision 011): impersonation starts without asking for the
 * password again only this many minutes after the operator last entered it.
 */
export const IMPERSONATION_REAUTH_MINUTES = 15;
/** The reason a back-office refund sends the provider unless the operator writes another. */
export const DEFAULT_REFUND_REASON = 'Requested by the customer';
/** Restricted licence: students, or individuals earning at most this much a year (spec §1). */
export const RESTRICTED_INCOME_CAP_USD = 30_000;
/** The store's currency: every price is integer minor units of it. */
export const STORE_CURRENCY = 'USD';

/** Licence kinds (spec §1). Team and Classroom licences make a team when redeemed. */
export const LICENSE_KINDS = ['personal', 'team', 'classroom', 'restricted'] as const;
export type LicenseKind = (typeof LICENSE_KINDS)[number];
export const TEAM_LICENSE_KINDS: readonly LicenseKind[] = ['team', 'classroom'];
/** Why a licence is inactive (spec §3 Licence.deactivationReason). */
export const DEACTIVATION_REASONS = ['upgrade', 'refund', 'other'] as const;
export type DeactivationReason = (typeof DEACTIVATION_REASONS)[number];
/** Team roles (spec §3 Member.role). */
export const TEAM_ROLES = ['owner', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** The code languages of every snippet (spec §3 snippetLang); PUT /snippet-language takes one. */
export const SNIPPET_LANGUAGES = ['html', 'react', 'vue'] as const;
export type SnippetLanguage = (typeof SNIPPET_LANGUAGES)[number];
/** How each language is named in the store (code tabs, download links). */
export const SNIPPET_LANGUAGE_LABELS: Readonly<Record<SnippetLanguage, string>> = {
  html: 'HTML',
  react: 'React',
  vue: 'Vue',
};
/**
 * The component previews' colour schemes (Light / Dark / System), persisted with
 * PUT /preview-color-scheme like the code language. `system` follows prefers-color-scheme.
 */
export const PREVIEW_COLOR_SCHEMES = ['light', 'dark', 'system'] as const;
export type PreviewColorScheme = (typeof PREVIEW_COLOR_SCHEMES)[number];

/** The design ebook in the Black Friday bundle (spec §2, §9). */
export const DESIGN_EBOOK = { retailAmount: 14_900, pages: 218, videos: 3 } as const;

/** Product slugs the code relies on (the rest come from the catalogue). */
export const ALL_ACCESS_SLUG = 'all-access';
/** The Black Friday bundle: all-access plus the design ebook, sold only inside its window. */
export const BLACK_FRIDAY_SLUG = 'black-friday';

/**
 * The Black Friday offer's window (spec §2, §9: "over 30% off until November 27th"), from
 * `startsAt` (inclusive) to `endsAt` (exclusive). Both are midnight Anywhere on Earth (UTC−12),
 * so the offer is still on for every buyer until their own November 27th is over. The
 * server's BLACK_FRIDAY_STARTS_AT and BLACK_FRIDAY_ENDS_AT override them; the last day the
 * pages name is the day before `endsAt` in the offset it is written in
 * (docs/decisions/007-pricing-and-offers.md).
 */
export const BLACK_FRIDAY_WINDOW = {
  startsAt: '2026-11-23T00:00:00-12:00',
  endsAt: '2026-11-28T00:00:00-12:00',
} as const;
/** What the offer's copy promises: the bundle's price is more than this far below retail. */
export const BLACK_FRIDAY_MIN_DISCOUNT_PERCENT = 30;

/**
 * Owner pricing: a customer who paid for packages pays the list price less what they paid,
 * never less than this share of the list price (rounded up to a whole unit of the currency).
 */
export const OWNER_PRICE_FLOOR_PERCENT = 25;

/** Licence kinds sold at a reduced price to buyers who confirm they are eligible (spec §1). */
export const REDUCED_LICENSE_KINDS: readonly LicenseKind[] = ['restricted', 'classroom'];
/** Spec §1: who may buy a Restricted licence; the checkout's notice. */
export const RESTRICTED_LICENSE_NOTICE = `The Restricted license is for students (educational use only) and for individuals earning at most $${RESTRICTED_INCOME_CAP_USD.toLocaleString('en-US')} USD a year.`;
/** Spec §1: the Classroom licence's rule; the checkout's notice. */
export const CLASSROOM_LICENSE_NOTICE =
  'The Classroom license is for teaching: students must be removed from the team when they finish their studies.';
/** What the buyer of a reduced licence ticks before paying (the checkout refuses without it). */
export const LICENSE_CONFIRMATIONS: Readonly<Partial<Record<LicenseKind, string>>> = {
  restricted: `I confirm that I am a student and will use it for educational purposes only, or that I earn at most $${RESTRICTED_INCOME_CAP_USD.toLocaleString('en-US')} USD a year.`,
  classroom:
    'I confirm that this license is for teaching a class, and that I will remove students from the team when they finish their studies.',
};

/** Why a checkout cannot be priced (the pricing module's refusals), in the buyer's words. */
export const QUOTE_REFUSALS = {
  'unknown-product': 'There is no such product.',
  'not-for-sale': 'This product is not for sale with that license.',
  'already-owned': 'You already own this.',
  'offer-ended': 'This offer has ended.',
  'invalid-upgrade': 'That license cannot be upgraded to this product.',
  'sign-in-required': 'Sign in to upgrade a license.',
} as const;
export type QuoteRefusalReason = keyof typeof QUOTE_REFUSALS;

/** Thank-you page polling of `GET /paddle-purchases/{hash}` (spec §4, §9). */
export const PURCHASE_POLL_ATTEMPTS = 30;
export const PURCHASE_POLL_INTERVAL_MS = 2000;
/** The payment frame's height before it reports its own (spec §9). */
export const CHECKOUT_FRAME_INITIAL_HEIGHT = 416;
/** 'Copied' after copying an invite link or code (spec §9). */
export const COPIED_INDICATOR_MS = 1500;
/** The invite-link reset's generating indicator (spec §4, §9). */
export const INVITE_RESET_INDICATOR_MS = 500;

/** Where every 'Get all-access' and price without its own checkout leads. */
export const ALL_ACCESS_URL = '/all-access';
/** The pricing section on the all-access page ('Get the code', 'Upgrade to get these …'). */
export const PRICING_URL = '/all-access#pricing';
export const UPGRADE_URL = '/upgrade';
export const UPGRADE_TEAM_URL = '/upgrade-team';
export const LICENSE_URL = '/license';

/**
 * The one checkout address of a product and licence kind, linked from every price in the store:
 * `/checkout/all-access`, `/checkout/all-access?license=team`, `/checkout/black-friday`,
 * `/checkout/{template}`, `/checkout/all-access?upgrade={licence id}`. The personal kind is
 * the default and is left out.
 */
export function checkoutUrl(
  productSlug: string,
  kind: LicenseKind = 'personal',
  options: { upgradeLicenseId?: number | null } = {},
): string {
  const query: string[] = [];
  if (kind !== 'personal') query.push(`license=${kind}`);
  if (options.upgradeLicenseId !== undefined && options.upgradeLicenseId !== null) {
    query.push(`upgrade=${options.upgradeLicenseId}`);
  }
  const path = `/checkout/${encodeURIComponent(productSlug)}`;
  return query.length > 0 ? `${path}?${query.join('&')}` : path;
}

/** Success texts the server flashes and the pages show (spec §7). */
export const EMAIL_UPDATED = 'Email updated successfully.';
export const PASSWORD_UPDATED = 'Password updated successfully.';
export const OTHER_SESSIONS_LOGGED_OUT = 'Other sessions successfully logged out.';
export const RESET_LINK_SENT_MESSAGE =
  'We have e-mailed your password reset link if an account exists for that address.';
export const PASSWORD_RESET_STATUS = 'Your password has been reset.';
/** Spec §8: a team at its seat limit. */
export const TEAM_FULL_MESSAGE = 'The team has reached its seat limit';

/**
 * Personal access tokens (decision 014): read-only access to owned code for the shadcn CLI and
 * other tools. A name is a label, not a paragraph; an account holds at most this many live
 * (neither revoked nor expired) tokens at once.
 */
export const ACCESS_TOKEN_NAME_MAX_LENGTH = 100;
export const ACCESS_TOKEN_LIMIT = 20;
/** The expiries a new token may have, in days; `never` keeps it until revoked. */
export const ACCESS_TOKEN_EXPIRIES = ['30', '90', '365', 'never'] as const;
export type AccessTokenExpiry = (typeof ACCESS_TOKEN_EXPIRIES)[number];
export const ACCESS_TOKEN_EXPIRY_LABELS: Record<AccessTokenExpiry, string> = {
  '30': '30 days',
  '90': '90 days',
  '365': '1 year',
  never: 'No expiry',
};
export const ACCESS_TOKEN_DEFAULT_EXPIRY: AccessTokenExpiry = '90';
export type AccessTokenState = 'active' | 'expired' | 'revoked';
export const ACCESS_TOKEN_REVOKED = 'Access token revoked.';
export const ACCESS_TOKEN_NAME_REQUIRED = 'The token name field is required.';
export const ACCESS_TOKEN_NAME_TOO_LONG = `The token name may not be longer than ${ACCESS_TOKEN_NAME_MAX_LENGTH} characters.`;
export const ACCESS_TOKEN_NAME_CONTROL = 'The token name may not contain control characters.';
export const ACCESS_TOKEN_EXPIRY_INVALID = 'Choose when the token expires.';
export const ACCESS_TOKEN_LIMIT_REACHED = `You have ${ACCESS_TOKEN_LIMIT} active tokens, the most an account may hold. Revoke one you no longer use to create another.`;
/**
 * Where a new token's secret travels to the page, once: keys of the answer's `page.flash`, which
 * the Inertia client never writes into its history (decision 014).
 */
export const NEW_ACCESS_TOKEN_FLASH = { secret: 'accessTokenSecret', id: 'accessTokenId' } as const;
