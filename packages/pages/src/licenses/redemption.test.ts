import { describe, expect, it } from 'vitest';
import { fixtureLicenses, filledRedeemLicenseValues } from '../fixtures/licenses';
import { otherErrors, redemptionFields, redemptionPayload, redemptionState } from './redemption';

describe('redemptionState', () => {
  it('names an inactive licence by its deactivation reason, generic when there is none', () => {
    expect(redemptionState(fixtureLicenses.upgraded, false)).toBe('inactive-upgrade');
    expect(redemptionState(fixtureLicenses.refunded, true)).toBe('inactive-refund');
    expect(redemptionState(fixtureLicenses.deactivated, false)).toBe('inactive-other');
    expect(
      redemptionState({ ...fixtureLicenses.deactivated, deactivationReason: null }, false),
    ).toBe('inactive-other');
  });

  it('says an inactive licence is inactive even if it was never connected', () => {
    expect(
      redemptionState({ ...fixtureLicenses.refunded, isRedeemable: true, user: null }, true),
    ).toBe('inactive-refund');
  });

  it('tells an already connected licence from a redeemable one, by who is looking', () => {
    expect(redemptionState(fixtureLicenses.team, false)).toBe('already-redeemed');
    expect(redemptionState(fixtureLicenses.personal, true)).toBe('already-redeemed');
    // The viewer's own licence is theirs, not "already redeemed"; only while it is active.
    expect(redemptionState(fixtureLicenses.personal, true, true)).toBe('yours');
    expect(redemptionState(fixtureLicenses.team, true, true)).toBe('yours');
    expect(redemptionState(fixtureLicenses.refunded, true, true)).toBe('inactive-refund');
    expect(redemptionState(fixtureLicenses.personalRedeemable, false)).toBe('redeem-signed-out');
    expect(redemptionState(fixtureLicenses.teamRedeemable, true)).toBe('redeem-signed-in');
  });
});

describe('redemptionFields and redemptionPayload', () => {
  it('sends a bare PATCH to connect a personal licence to the signed-in account', () => {
    expect(redemptionFields(fixtureLicenses.personalRedeemable, true)).toEqual([]);
    expect(
      redemptionPayload(filledRedeemLicenseValues, fixtureLicenses.personalRedeemable, true),
    ).toEqual({});
  });

  it('sends the team name alone to create a team when signed in', () => {
    expect(
      redemptionPayload(filledRedeemLicenseValues, fixtureLicenses.teamRedeemable, true),
    ).toEqual({ team_name: filledRedeemLicenseValues.team_name });
  });

  it('sends the new account, and the team name for a team licence, when signed out', () => {
    const { email, password, team_name } = filledRedeemLicenseValues;
    expect(
      redemptionPayload(filledRedeemLicenseValues, fixtureLicenses.personalRedeemable, false),
    ).toEqual({ email, password });
    expect(
      redemptionPayload(filledRedeemLicenseValues, fixtureLicenses.teamRedeemable, false),
    ).toEqual({ email, password, team_name });
  });
});

describe('otherErrors', () => {
  it('keeps the messages of fields the form does not show, in order', () => {
    expect(
      otherErrors(
        { email: 'taken', license: 'already redeemed', team_name: 'required', key: 'gone' },
        ['email', 'team_name'],
      ),
    ).toEqual(['already redeemed', 'gone']);
    expect(otherErrors({ email: '' }, [])).toEqual([]);
  });
});
