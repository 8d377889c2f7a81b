import type { LicenseRecord } from '@tessera/pages';
import {
  DEACTIVATION_REASONS,
  TEAM_LICENSE_KINDS,
  type DeactivationReason,
} from '@tessera/pages/constants';
import type { License } from './repository/licenses.ts';
import { licenseKindOf } from './service/kinds.ts';

export const licenseUrl = (key: string) => `/licenses/${key}`;

/**
 * `c…@example.com`: whom a licence is connected to, for anyone holding the key but that person
 * (a forwarded or leaked key should not hand out the owner's full address).
 */
function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '…';
  return `${Array.from(email.slice(0, at))[0]}…${email.slice(at)}`;
}

function reasonOf(value: string | null): DeactivationReason {
  return DEACTIVATION_REASONS.find((reason) => reason === value) ?? 'other';
}

/** A licence as the licence page shows it, to `viewerId` (null: a visitor). */
export function licenseRecord(row: License, viewerId: number | null): LicenseRecord {
  const kind = licenseKindOf(row.kind);
  const isActive = row.is_active === 1;
  return {
    key: row.key,
    url: licenseUrl(row.key),
    kind,
    isActive,
    isRedeemable:
      isActive && row.user_id === null && row.team_id === null && row.redeemed_at === null,
    isTeamLicense: TEAM_LICENSE_KINDS.includes(kind),
    deactivationReason: isActive ? null : reasonOf(row.deactivation_reason),
    package: { name: row.product_name },
    team:
      row.team_id !== null && row.team_name !== null
        ? { id: row.team_id, name: row.team_name }
        : null,
    user:
      row.user_id !== null && row.user_email !== null
        ? { email: row.user_id === viewerId ? row.user_email : maskEmail(row.user_email) }
        : null,
  };
}
