/**
 * The store's business constants and the words both the server and the pages say (spec §9,
 * §7 success texts). One module, read by the server (Node runs it without a build step, so it
 * imports nothing), the pages and the copy. Change a rule here and every place follows.
 */

/** People a team all-access licence covers, the owner included (spec §1, §9). */
export const TEAM_SEATS = 25;
/** Refunds: in full within this many days of the purchase, requested by e-mail (spec §1). */
export const REFUND_WINDOW_DAYS = 30;
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

/** The design ebook in the Black Friday bundle (spec §2, §9). */
export const DESIGN_EBOOK = { retailAmount: 14_900, pages: 218, videos: 3 } as const;

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

/** Success texts the server flashes and the pages show (spec §7). */
export const EMAIL_UPDATED = 'Email updated successfully.';
export const PASSWORD_UPDATED = 'Password updated successfully.';
export const OTHER_SESSIONS_LOGGED_OUT = 'Other sessions successfully logged out.';
export const RESET_LINK_SENT_MESSAGE =
  'We have e-mailed your password reset link if an account exists for that address.';
export const PASSWORD_RESET_STATUS = 'Your password has been reset.';
/** Spec §8: a team at its seat limit. */
export const TEAM_FULL_MESSAGE = 'The team has reached its seat limit';
