import {
  CLASSROOM_SEATS,
  LICENSE_KINDS,
  TEAM_LICENSE_KINDS,
  TEAM_SEATS,
  type LicenseKind,
} from '@tessera/pages/constants';

/** A stored kind as the pages know it; an unknown value is treated as a personal licence. */
export function licenseKindOf(value: string): LicenseKind {
  return LICENSE_KINDS.find((kind) => kind === value) ?? 'personal';
}

/** Team and Classroom licences make a team when redeemed; the others connect to one account. */
export function isTeamKind(kind: string): boolean {
  return TEAM_LICENSE_KINDS.includes(licenseKindOf(kind));
}

/** Seats of the team a licence makes, the owner's included (decision 008). */
export function seatsFor(kind: string): number {
  // Stryker disable next-line all: Team and Classroom seats are both 25 today, so both branches agree
  return licenseKindOf(kind) === 'classroom' ? CLASSROOM_SEATS : TEAM_SEATS;
}

/** Each licence kind in the buyer's words: the checkout's licence badge. */
export const LICENSE_KIND_LABELS: Readonly<Record<LicenseKind, string>> = {
  personal: 'Personal licence',
  team: 'Team licence',
  classroom: 'Classroom licence',
  restricted: 'Restricted licence',
};
