import { CLASSROOM_SEATS, TEAM_SEATS } from '@tessera/pages/constants';
import { describe, expect, it } from 'vitest';
import { ALL_ACCESS, entitlementsFrom, NO_ENTITLEMENTS } from './entitlements.ts';
import { isTeamKind, licenseKindOf, seatsFor } from './kinds.ts';

describe('licence kinds', () => {
  it('reads every kind the store sells as itself, anything else as a personal licence', () => {
    for (const kind of ['personal', 'team', 'classroom', 'restricted'])
      expect(licenseKindOf(kind)).toBe(kind);
    expect(licenseKindOf('lifetime')).toBe('personal');
    expect(licenseKindOf('')).toBe('personal');
  });

  it('makes a team of Team and Classroom licences only', () => {
    expect(isTeamKind('team')).toBe(true);
    expect(isTeamKind('classroom')).toBe(true);
    expect(isTeamKind('personal')).toBe(false);
    expect(isTeamKind('restricted')).toBe(false);
    expect(isTeamKind('lifetime')).toBe(false);
  });

  it("gives a classroom a classroom's seats and every other team a team's", () => {
    expect(seatsFor('classroom')).toBe(CLASSROOM_SEATS);
    expect(seatsFor('team')).toBe(TEAM_SEATS);
    expect(seatsFor('lifetime')).toBe(TEAM_SEATS);
  });
});

describe('entitlements', () => {
  it('lets a viewer use exactly the packages of their licences', () => {
    const viewer = entitlementsFrom(['marketing', 'application-ui', 'marketing']);
    expect([...viewer.packages].sort()).toEqual(['application-ui', 'marketing']);
    expect(viewer.allAccess).toBe(false);
    expect(viewer.has('marketing')).toBe(true);
    expect(viewer.has('ecommerce')).toBe(false);
    expect(viewer.has(ALL_ACCESS)).toBe(false);
  });

  it('lets all-access use everything', () => {
    const viewer = entitlementsFrom([ALL_ACCESS]);
    expect(ALL_ACCESS).toBe('all-access');
    expect(viewer.allAccess).toBe(true);
    expect(viewer.has('ecommerce')).toBe(true);
    expect(viewer.has('any-template')).toBe(true);
  });

  it('gives nothing without a licence', () => {
    const none = entitlementsFrom([]);
    expect(none.allAccess).toBe(false);
    expect(none.has('marketing')).toBe(false);
    expect(NO_ENTITLEMENTS.has('marketing')).toBe(false);
    expect(NO_ENTITLEMENTS.allAccess).toBe(false);
    expect([...NO_ENTITLEMENTS.packages]).toEqual([]);
  });
});
