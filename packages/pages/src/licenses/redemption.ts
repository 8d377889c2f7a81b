import type { DeactivationReason, LicenseKind, TeamRole } from '../constants';
import type { LicenseRecord } from './types';

/** How each licence kind is named on the licence, redemption and team pages. */
export const LICENSE_KIND_LABELS: Record<LicenseKind, string> = {
  personal: 'Personal',
  team: 'Team',
  classroom: 'Classroom',
  restricted: 'Restricted',
};

export const TEAM_ROLE_LABELS: Record<TeamRole, string> = { owner: 'Owner', member: 'Member' };

/** Why an inactive licence is inactive, in a few words. */
export const DEACTIVATION_LABELS: Record<DeactivationReason, string> = {
  upgrade: 'Used to upgrade',
  refund: 'Refunded',
  other: 'Deactivated',
};

/**
 * The states of `/licenses/{key}`: three inactive ones by reason, the viewer's own licence
 * (connected to their account or team), one for a licence already connected to someone else's
 * team or account, and the two ways to redeem one.
 */
export type RedemptionState =
  | 'inactive-upgrade'
  | 'inactive-refund'
  | 'inactive-other'
  | 'yours'
  | 'already-redeemed'
  | 'redeem-signed-out'
  | 'redeem-signed-in';

export function redemptionState(
  license: LicenseRecord,
  signedIn: boolean,
  heldByViewer = false,
): RedemptionState {
  if (!license.isActive) return `inactive-${license.deactivationReason ?? 'other'}`;
  if (signedIn && heldByViewer) return 'yours';
  if (!license.isRedeemable) return 'already-redeemed';
  return signedIn ? 'redeem-signed-in' : 'redeem-signed-out';
}

/**
 * `PATCH /licenses/{key}`: the account fields when signed out, the team name for a team licence.
 */
export type RedeemLicenseFormValues = { email: string; password: string; team_name: string };
export type RedeemLicenseField = keyof RedeemLicenseFormValues;

/**
 * The fields a redemption sends; none at all connects a personal licence to the signed-in account.
 */
export function redemptionFields(license: LicenseRecord, signedIn: boolean): RedeemLicenseField[] {
  const account: RedeemLicenseField[] = signedIn ? [] : ['email', 'password'];
  return license.isTeamLicense ? [...account, 'team_name'] : account;
}

/** The body of the `PATCH`, with exactly the fields this state asks for. */
export function redemptionPayload(
  values: RedeemLicenseFormValues,
  license: LicenseRecord,
  signedIn: boolean,
): Partial<RedeemLicenseFormValues> {
  return Object.fromEntries(
    redemptionFields(license, signedIn).map((field) => [field, values[field]]),
  );
}

/**
 * Errors a page shows above its form: those under no visible field (e.g. a refused key or token,
 * a rate limit). Field errors stay under their fields.
 */
export function otherErrors(
  errors: Partial<Record<string, string>>,
  fieldNames: readonly string[],
): string[] {
  return Object.entries(errors)
    .filter(([field, message]) => message && !fieldNames.includes(field))
    .map(([, message]) => message as string);
}
