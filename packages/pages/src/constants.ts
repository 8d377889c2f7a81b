/**
 * The store's business constants and the words both the server and the pages say: seats,
 * windows, limits, timings, canonical URLs, notices and success texts. This is their one home:
 * the server (Node runs this file without a build step, so it imports nothing), the pages and the
 * storefront read them from here, and `constants-home.test.ts` fails when a page keeps a copy of
 * its own. Change a rule here and every place follows.
 *
 * Two timings live in `@tessera/ui` instead, because the design system cannot import this
 * package: the copy button's 'Copied!' (COPIED_INDICATOR_MS, 1500 ms) and the menus' type-ahead
 * buffer (TYPEAHEAD_RESET_MS, 350 ms). Pages take them from there.
 */

/** People a team all-access licence covers, the owner included. Larger teams buy several. */
export const TEAM_SEATS = 25;
/** People a Classroom licence covers, the teacher included: a class fits in a team's seats. */
export const CLASSROOM_SEATS = 25;
/** Refunds: in full within this many days of the purchase, requested by e-mail. */
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
/**
 * Sign-in's second step (decision 044): after the right password, the code (or recovery code)
 * must follow within this many minutes, else the sign-in starts again.
 */
export const SECOND_STEP_MINUTES = 10;
/** How many single-use recovery codes an account with a second factor holds. */
export const RECOVERY_CODE_COUNT = 10;
/** The account page's confirmations for the second factor. */
export const TOTP_ENABLED = 'Two-factor authentication is on.';
export const TOTP_DISABLED = 'Two-factor authentication is off.';
/** Shown to an administrator without a second factor: the back office waits for one. */
export const SECOND_FACTOR_REQUIRED_FOR_ADMINS =
  'Administrators must turn on two-factor authentication (an authenticator app or a passkey) before using the back office.';
/**
 * Passkeys (decision 052): a ceremony's challenge is good for this many minutes and one use;
 * a passkey's name is at most PASSKEY_NAME_MAX characters.
 */
export const PASSKEY_CHALLENGE_MINUTES = 5;
export const PASSKEY_NAME_MAX = 100;
export const PASSKEY_ADDED = 'Passkey added.';
export const PASSKEY_RENAMED = 'Passkey renamed.';
export const PASSKEY_REMOVED = 'Passkey removed.';
/** Said wherever a passkey is offered, in the page itself (visible when scripts do not run). */
export const PASSKEYS_NEED_JAVASCRIPT =
  'Passkeys need JavaScript, which is off or blocked in this browser. Use a code from your authenticator app instead.';
/** Flash keys of the answer that shows new recovery codes once (never stored in a session). */
export const RECOVERY_CODES_FLASH = 'recoveryCodes';
/** The back office lists a customer's sign-ins of this many days; older ones are pruned. */
export const SIGN_IN_HISTORY_DAYS = 90;
/** The reason a back-office refund sends the provider unless the operator writes another. */
export const DEFAULT_REFUND_REASON = 'Requested by the customer';
/** Restricted licence: students, or individuals earning at most this much a year. */
export const RESTRICTED_INCOME_CAP_USD = 30_000;
/** The cap as the copy writes it: '$30,000 USD'. */
export const RESTRICTED_INCOME_CAP_TEXT = `$${RESTRICTED_INCOME_CAP_USD.toLocaleString('en-US')} USD`;
/** The store's currency: every price is integer minor units of it. */
export const STORE_CURRENCY = 'USD';

/**
 * Licence kinds: personal, Team (all-access only), Classroom and Restricted. Team and Classroom
 * licences make a team when redeemed.
 */
export const LICENSE_KINDS = ['personal', 'team', 'classroom', 'restricted'] as const;
export type LicenseKind = (typeof LICENSE_KINDS)[number];
export const TEAM_LICENSE_KINDS: readonly LicenseKind[] = ['team', 'classroom'];
/** Why a licence is inactive: used to upgrade, refunded, or deactivated for another reason. */
export const DEACTIVATION_REASONS = ['upgrade', 'refund', 'other'] as const;
export type DeactivationReason = (typeof DEACTIVATION_REASONS)[number];
/** A team member is an owner (may manage the team) or a member. */
export const TEAM_ROLES = ['owner', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** The code languages of every snippet; PUT /snippet-language takes one. */
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
/**
 * The store's own colour schemes (System / Light / Dark), persisted with PUT /color-scheme like
 * the previews' scheme. `system`, the default, follows prefers-color-scheme; the server draws
 * the choice on `<html>` so the first paint is right without JavaScript.
 */
export const COLOR_SCHEMES = ['system', 'light', 'dark'] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];
/**
 * The preview frame's preset widths, in CSS pixels: a phone, then Tailwind's breakpoints (sm,
 * md, lg, xl), and `full`, the width the page gives the frame (null here). Persisted with
 * PUT /preview-width like the code language; dragging the handle leaves every preset unpressed.
 */
export const PREVIEW_WIDTHS = ['phone', 'sm', 'md', 'lg', 'xl', 'full'] as const;
export type PreviewWidth = (typeof PREVIEW_WIDTHS)[number];
export const PREVIEW_WIDTH_PIXELS: Readonly<Record<PreviewWidth, number | null>> = {
  phone: 375,
  sm: 640,
  md: 768,
  lg: 1024,
  xl: 1280,
  full: null,
};

/** The design ebook in the Black Friday bundle: $149 USD on its own, 218 pages, three videos. */
export const DESIGN_EBOOK = { retailAmount: 14_900, pages: 218, videos: 3 } as const;

/**
 * Digital goods that are not components: files a purchase entitles its buyer to download, each
 * from the operator's folder (the server's DIGITAL_GOODS_DIR). `files` are the only names the
 * download route serves; anything else is not an address of ours.
 */
export const DIGITAL_GOODS = {
  'design-ebook': {
    name: 'Design ebook',
    files: [
      { name: 'design-ebook.pdf', label: `The ebook (PDF, ${DESIGN_EBOOK.pages} pages)` },
      { name: 'design-ebook-videos.zip', label: `The ${DESIGN_EBOOK.videos} videos (ZIP)` },
    ],
  },
} as const satisfies Record<
  string,
  { name: string; files: readonly { name: string; label: string }[] }
>;
export type DigitalGoodsSlug = keyof typeof DIGITAL_GOODS;
export const DIGITAL_GOODS_SLUGS = Object.keys(DIGITAL_GOODS) as DigitalGoodsSlug[];

/** `/digital-goods/design-ebook/design-ebook.pdf`: the one address of a file of digital goods. */
export const digitalGoodsUrl = (goods: DigitalGoodsSlug, file: string) =>
  `/digital-goods/${goods}/${file}`;

/** Product slugs the code relies on (the rest come from the catalogue). */
export const ALL_ACCESS_SLUG = 'all-access';
/** The Black Friday bundle: all-access plus the design ebook, sold only inside its window. */
export const BLACK_FRIDAY_SLUG = 'black-friday';

/** What a product's purchase hands over besides its licence: the bundle's design ebook. */
export const PRODUCT_DIGITAL_GOODS: Readonly<Record<string, readonly DigitalGoodsSlug[]>> = {
  [BLACK_FRIDAY_SLUG]: ['design-ebook'],
};

/**
 * The Black Friday offer's window ("over 30% off until November 27th"), from
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

/**
 * Licence kinds sold at a reduced price to buyers who say they are eligible: the checkout shows
 * the kind's notice and keeps the payment frame locked until the buyer ticks the confirmation.
 */
export const REDUCED_LICENSE_KINDS: readonly LicenseKind[] = ['restricted', 'classroom'];
/** Who may buy a Restricted licence: students for educational use, or a low income. */
export const RESTRICTED_LICENSE_NOTICE = `This licence is for students, for educational use only, or for individuals earning at most ${RESTRICTED_INCOME_CAP_TEXT} a year.`;
/** The Classroom licence's rule, shown at the checkout and to the team that holds one. */
export const CLASSROOM_LICENSE_NOTICE =
  'Students must be removed from the team when they finish their studies.';
/** What the buyer of a reduced licence ticks before paying. */
export const LICENSE_CONFIRMATIONS: Readonly<Partial<Record<LicenseKind, string>>> = {
  restricted: `I confirm I am a student using it for educational purposes only, or I earn at most ${RESTRICTED_INCOME_CAP_TEXT} a year.`,
  classroom:
    'I confirm this licence is for teaching students, for educational use only, and that I will remove students from the team when they finish their studies.',
};

/** Why a checkout cannot be priced (the pricing module's refusals), in the buyer's words. */
export const QUOTE_REFUSALS = {
  'unknown-product': 'There is no such product.',
  'not-for-sale': 'This product is not for sale with that licence.',
  'already-owned': 'You already own this.',
  'offer-ended': 'This offer has ended.',
  'invalid-upgrade': 'That licence cannot be upgraded to this product.',
  'sign-in-required': 'Sign in to upgrade a licence.',
} as const;
export type QuoteRefusalReason = keyof typeof QUOTE_REFUSALS;

/**
 * The thank-you page asks `GET /paddle-purchases/{hash}` at once and then this often, at most
 * this many times; after the last it says the activation link comes by e-mail.
 */
export const PURCHASE_POLL_ATTEMPTS = 30;
/**
 * A purchase's status hash answers with the licence key, signed out, only this long after the
 * payment (far longer than the thank-you page's minute of polling) and only while the licence
 * is not yet redeemed or connected; afterwards it answers the status without the key.
 */
export const PURCHASE_KEY_WINDOW_MINUTES = 30;
export const PURCHASE_POLL_INTERVAL_MS = 2000;
/** The payment frame's height before it reports its own. */
export const CHECKOUT_FRAME_INITIAL_HEIGHT = 416;
/**
 * The invite-link reset's generating indicator stays this long after the new link arrived, so the
 * link has changed on the page before the indicator goes.
 */
export const INVITE_RESET_INDICATOR_MS = 500;
/** A form's `recentlySuccessful` flag (the success message) clears this long after a save. */
export const RECENTLY_SUCCESSFUL_MS = 2000;
/** Inertia's progress bar appears only for visits slower than this, so quick ones never flash. */
export const PROGRESS_DELAY_MS = 250;
/** A component preview frame is never dragged narrower than this. */
export const PREVIEW_MIN_WIDTH = 360;
/** Below this width a preview is "small": the 375 px screenshot and small height apply. */
export const PREVIEW_BREAKPOINT = 704;

/**
 * The catalogue's size the copy claims ("over 500 components"). A claim we may make only while it
 * is true: where the server sends the real count, the copy rounds that down instead.
 */
export const COMPONENTS_CLAIMED = 500;
/** Template images are shown at this size; a template's banner at TEMPLATE_BANNER_SIZE. */
export const TEMPLATE_IMAGE_SIZE = { width: 560, height: 380 } as const;
export const TEMPLATE_BANNER_SIZE = { width: 1600, height: 1280 } as const;
/** The footer's copyright year when the server sends none. */
export const DEFAULT_COPYRIGHT_YEAR = 2024;

/** Where every 'Get all-access' and price without its own checkout leads. */
export const ALL_ACCESS_URL = '/all-access';
/** The pricing section on the all-access page ('Get the code', 'Upgrade to get these …'). */
export const PRICING_URL = '/all-access#pricing';
export const UPGRADE_URL = '/upgrade';
export const UPGRADE_TEAM_URL = '/upgrade-team';
export const LICENSE_URL = '/license';
/** Technical help: the private community chat, which this path redirects to. */
export const COMMUNITY_CHAT_PATH = '/discord';

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

/** Success texts the server flashes and the pages show. */
export const EMAIL_UPDATED = 'Email updated successfully.';
export const PASSWORD_UPDATED = 'Password updated successfully.';
export const OTHER_SESSIONS_LOGGED_OUT = 'Other sessions successfully logged out.';
export const RESET_LINK_SENT_MESSAGE =
  'We have e-mailed your password reset link if an account exists for that address.';
export const PASSWORD_RESET_STATUS = 'Your password has been reset.';
/**
 * What the reset form promises, and what the server does: a reset ends every session of the
 * account (this browser's too, so a second sign-in step is never skipped) and the login page
 * follows with PASSWORD_RESET_STATUS.
 */
export const RESET_PASSWORD_NOTICE =
  'Pick a password you don’t use anywhere else. Saving it signs your account out everywhere; then sign in with the new password.';
/** A team at its seat limit; the page asks the visitor to have the owner contact support. */
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

/** "Your data, yourself" (decision 060): the account page's export and deletion. */
export const ACCOUNT_DELETED =
  'Your account has been deleted. Receipts and the records the law asks us to keep stay, without your name.';
export const OPERATOR_ACCOUNT_NOT_DELETED =
  'An operator account is closed by another operator in the back office, not from here.';
export const ACCOUNT_DATA_PATH = '/account-settings/data';
export const ACCOUNT_DELETE_PATH = '/account-settings/delete';

/**
 * "Your updates" (decision 065): the components a customer took (copied from their page or
 * installed with the registry) that changed since, and the small call that records a copy.
 */
export const YOUR_UPDATES_URL = '/your-updates';
export const COMPONENT_COPIES_PATH = '/your-updates/copies';
export const YOUR_UPDATES_ALL_CURRENT = 'Everything you have copied or installed is up to date.';
export const YOUR_UPDATES_NOTHING_TAKEN =
  'Nothing copied or installed yet. When you copy a component’s code or install it with the registry, it is listed here once it changes.';
