import { describe, expect, it } from 'vitest';
import { fixtureTeams, fixtureUser } from '../fixtures';
import { accountNavigation, mainNavigation, teamNavigation, upgradeNavigation } from './navigation';

describe('mainNavigation', () => {
  it('keeps the version prefix on components and docs only', () => {
    expect(mainNavigation('/v1').map((link) => link.href)).toEqual([
      '/v1/components',
      '/templates',
      '/templates/catalyst',
      '/v1/documentation',
    ]);
  });
});

describe('accountNavigation', () => {
  it('offers upgrade links only when the user may upgrade', () => {
    expect(accountNavigation(fixtureUser()).map((link) => link.href)).toEqual([
      '/changelog',
      '/support',
      '/license',
      '/your-updates',
      '/account-settings',
    ]);
    const upgradable = fixtureUser({
      can: { accessV1: false, canUpgradeToStandardAllAccess: true, upgradeToTeamLicense: true },
    });
    expect(accountNavigation(upgradable).slice(-2)).toEqual([
      { label: 'Upgrade to standard licence', href: '/upgrade' },
      { label: 'Upgrade to team licence', href: '/upgrade-team' },
    ]);
  });
});

describe('accountNavigation for operators', () => {
  it('links the back office for an operator only', () => {
    expect(accountNavigation(fixtureUser({ backOffice: true })).at(-1)).toEqual({
      label: 'Back office',
      href: '/admin',
    });
    expect(accountNavigation(fixtureUser()).map((link) => link.href)).not.toContain('/admin');
  });
});

describe('teamNavigation', () => {
  it("labels one team 'My Team' and several 'My Teams'", () => {
    expect(teamNavigation(fixtureUser())).toBeNull();
    expect(teamNavigation(fixtureUser({ teams: [fixtureTeams.northwind] }))).toEqual({
      label: 'My Team',
      links: [{ label: 'Northwind Studio', href: '/teams/12' }],
    });
    expect(
      teamNavigation(fixtureUser({ teams: [fixtureTeams.northwind, fixtureTeams.acme] }))?.label,
    ).toBe('My Teams');
  });
});

describe('upgradeNavigation', () => {
  it('offers each upgrade only on its own flag', () => {
    const can = {
      accessV1: false,
      canUpgradeToStandardAllAccess: false,
      upgradeToTeamLicense: false,
    };
    expect(upgradeNavigation(can)).toEqual([]);
    expect(upgradeNavigation({ ...can, canUpgradeToStandardAllAccess: true })).toEqual([
      { label: 'Upgrade to standard licence', href: '/upgrade' },
    ]);
    expect(upgradeNavigation({ ...can, upgradeToTeamLicense: true })).toEqual([
      { label: 'Upgrade to team licence', href: '/upgrade-team' },
    ]);
  });
});
