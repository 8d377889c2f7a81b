import { LICENSE_URL, UPGRADE_TEAM_URL, UPGRADE_URL, YOUR_UPDATES_URL } from '../constants';
import type { AuthUser, VersionPrefix } from '../shared/shared-page-data';

export type NavigationLink = { label: string; href: string };

export function mainNavigation(versionPrefix: VersionPrefix): NavigationLink[] {
  return [
    { label: 'Components', href: `${versionPrefix}/components` },
    { label: 'Templates', href: '/templates' },
    { label: 'UI Kit', href: '/templates/catalyst' },
    { label: 'Docs', href: `${versionPrefix}/documentation` },
  ];
}

export const promoLink: NavigationLink = {
  label: 'New: Catalyst UI kit',
  href: '/templates/catalyst',
};

/** The signed-in-only links of the Account menu, upgrade links by permission. */
export function accountNavigation(user: AuthUser): NavigationLink[] {
  return [
    { label: 'Changelog', href: '/changelog' },
    { label: 'Support', href: '/support' },
    { label: 'Licence', href: LICENSE_URL },
    { label: 'Your updates', href: YOUR_UPDATES_URL },
    { label: 'Account settings', href: '/account-settings' },
    ...upgradeNavigation(user.can),
    ...(user.backOffice ? [{ label: 'Back office', href: '/admin' }] : []),
  ];
}

/** The upgrade links the user's `can` flags allow (account menu, licence page). */
export function upgradeNavigation(can: AuthUser['can']): NavigationLink[] {
  return [
    ...(can.canUpgradeToStandardAllAccess
      ? [{ label: 'Upgrade to standard licence', href: UPGRADE_URL }]
      : []),
    ...(can.upgradeToTeamLicense
      ? [{ label: 'Upgrade to team licence', href: UPGRADE_TEAM_URL }]
      : []),
  ];
}

/** 'My Team' for one team, 'My Teams' for several; null when there are none. */
export function teamNavigation(
  user: AuthUser,
): { label: 'My Team' | 'My Teams'; links: NavigationLink[] } | null {
  if (user.teams.length === 0) return null;
  return {
    label: user.teams.length === 1 ? 'My Team' : 'My Teams',
    links: user.teams.map((team) => ({ label: team.name, href: `/teams/${team.id}` })),
  };
}
