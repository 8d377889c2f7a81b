import { describe, expect, it } from 'vitest';
import { licenseRecord, licenseUrl } from './presenter.ts';
import type { License } from './repository/licenses.ts';

// The licence page's record of one licence, for whoever holds its key: what may be redeemed,
// and how much of the owner's address a stranger holding a forwarded key gets to see.
const base: License = {
  id: 7,
  key: '7K3QD-ABCDE-FGHJK-MNPQR-STVWX-Y',
  kind: 'personal',
  is_active: 1,
  deactivation_reason: null,
  user_id: null,
  team_id: null,
  created_at: 0,
  redeemed_at: null,
  product_name: 'Marketing',
  team_name: null,
  user_email: null,
};

const record = (row: Partial<License>, viewer: number | null = null) =>
  licenseRecord({ ...base, ...row }, viewer);

describe('licenseRecord', () => {
  it('an active licence nobody holds is redeemable, at its own page', () => {
    expect(record({})).toEqual({
      key: base.key,
      url: `/licenses/${base.key}`,
      kind: 'personal',
      isActive: true,
      isRedeemable: true,
      isTeamLicense: false,
      deactivationReason: null,
      package: { name: 'Marketing' },
      team: null,
      user: null,
    });
    expect(licenseUrl('K')).toBe('/licenses/K');
  });

  it('is not redeemable once connected, made into a team, redeemed or deactivated', () => {
    expect(record({ user_id: 3, user_email: 'a@example.com' }).isRedeemable).toBe(false);
    expect(record({ team_id: 4, team_name: 'Crew' }).isRedeemable).toBe(false);
    expect(record({ redeemed_at: 1 }).isRedeemable).toBe(false);
    expect(record({ is_active: 0 }).isRedeemable).toBe(false);
  });

  it('says why an inactive licence is, an unknown reason read as other; an active one has none', () => {
    expect(record({ is_active: 0, deactivation_reason: 'refund' }).deactivationReason).toBe(
      'refund',
    );
    expect(record({ is_active: 0, deactivation_reason: 'upgrade' }).deactivationReason).toBe(
      'upgrade',
    );
    expect(record({ is_active: 0, deactivation_reason: 'stolen' }).deactivationReason).toBe(
      'other',
    );
    expect(record({ is_active: 0, deactivation_reason: null }).deactivationReason).toBe('other');
    expect(record({ is_active: 0 }).isActive).toBe(false);
    expect(record({ deactivation_reason: 'refund' }).deactivationReason).toBeNull();
  });

  it('team and classroom licences are team licences; an unknown kind reads as personal', () => {
    expect(record({ kind: 'team' })).toMatchObject({ kind: 'team', isTeamLicense: true });
    expect(record({ kind: 'classroom' })).toMatchObject({ kind: 'classroom', isTeamLicense: true });
    expect(record({ kind: 'restricted' })).toMatchObject({ isTeamLicense: false });
    expect(record({ kind: 'enterprise' })).toMatchObject({
      kind: 'personal',
      isTeamLicense: false,
    });
  });

  it('names the team only when the licence has one with a name', () => {
    expect(record({ team_id: 4, team_name: 'Crew' }).team).toEqual({ id: 4, name: 'Crew' });
    expect(record({ team_id: 4, team_name: null }).team).toBeNull();
    expect(record({ team_id: null, team_name: 'Crew' }).team).toBeNull();
  });

  it('shows the owner their own address, and anyone else only its first letter and domain', () => {
    const owned = { user_id: 3, user_email: 'casey@example.com' };
    expect(record(owned, 3).user).toEqual({ email: 'casey@example.com' });
    expect(record(owned, 4).user).toEqual({ email: 'c…@example.com' });
    expect(record(owned, null).user).toEqual({ email: 'c…@example.com' });
    // The first character whole, even outside the BMP; the last @ splits (a quoted local part).
    expect(record({ user_id: 3, user_email: '😀x@example.com' }).user).toEqual({
      email: '😀…@example.com',
    });
    expect(record({ user_id: 3, user_email: '"a@b"@example.com' }).user).toEqual({
      email: '"…@example.com',
    });
    expect(record({ user_id: 3, user_email: 'c@example.com' }).user).toEqual({
      email: 'c…@example.com',
    });
    // Nothing that could be an address part is shown when there is no local part.
    expect(record({ user_id: 3, user_email: '@example.com' }).user).toEqual({ email: '…' });
    expect(record({ user_id: 3, user_email: 'no-at-sign' }).user).toEqual({ email: '…' });
    expect(record({ user_id: 3, user_email: null }).user).toBeNull();
    expect(record({ user_id: null, user_email: 'casey@example.com' }).user).toBeNull();
  });
});
