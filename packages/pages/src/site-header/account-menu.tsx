import { Menu, MenuGroupLabel, MenuItem, MenuSeparator } from '@tessera/ui';
import { UserCircleIcon } from '../icons/icons';
import type { AuthUser } from '../shared/shared-page-data';
import { accountNavigation, teamNavigation } from './navigation';

// Its own chunk: the menu brings Floating UI, which a signed-out visitor never needs (see
// site-header.tsx).
export type AccountMenuProps = { user: AuthUser; onSignOut: () => void };

export default function AccountMenu({ user, onSignOut }: AccountMenuProps) {
  const teams = teamNavigation(user);
  return (
    <Menu
      align="end"
      triggerClassName="text-gray-700"
      label={
        <>
          <UserCircleIcon className="text-gray-500" />
          Account
        </>
      }
    >
      <MenuGroupLabel className="pb-2 font-normal">
        Signed in as
        <span className="block truncate text-sm font-semibold text-gray-900">{user.email}</span>
      </MenuGroupLabel>
      <MenuSeparator />
      {accountNavigation(user).map((link) => (
        <MenuItem key={link.href} href={link.href}>
          {link.label}
        </MenuItem>
      ))}
      {teams ? (
        <>
          <MenuSeparator />
          <MenuGroupLabel>{teams.label}</MenuGroupLabel>
          {teams.links.map((link) => (
            <MenuItem key={link.href} href={link.href}>
              {link.label}
            </MenuItem>
          ))}
        </>
      ) : null}
      <MenuSeparator />
      <MenuItem onSelect={onSignOut}>Sign out</MenuItem>
    </Menu>
  );
}
