import {
  buttonVariants,
  CommandPalette,
  Link,
  Menu,
  MenuGroupLabel,
  MenuItem,
  MenuSeparator,
} from '@tessera/ui';
import { useState } from 'react';
import { MenuIcon, UserCircleIcon } from '../icons/icons';
import type {
  AuthUser,
  CommandPaletteItem,
  SharedPageData,
  VersionPrefix,
} from '../shared/shared-page-data';
import { DEFAULT_BRAND_NAME } from '../shared/shared-page-data';
import { Logo } from './logo';
import { MobileNavigation } from './mobile-navigation';
import { accountNavigation, mainNavigation, promoLink, teamNavigation } from './navigation';
import { ALL_ACCESS_URL } from '../constants';

export type SiteHeaderProps = {
  auth: SharedPageData['auth'];
  canPurchaseAllAccess: boolean;
  versionPrefix?: VersionPrefix;
  commandPaletteItems: CommandPaletteItem[];
  brandName?: string;
  /** The container posts /logout. */
  onSignOut: () => void;
  /** The container visits the chosen item's url. */
  onSearchSelect: (item: CommandPaletteItem) => void;
  /** Opens the mobile slide-in navigation on first render (stories, deep links). */
  defaultMobileNavigationOpen?: boolean;
};

export function SiteHeader({
  auth,
  canPurchaseAllAccess,
  versionPrefix = '',
  commandPaletteItems,
  brandName = DEFAULT_BRAND_NAME,
  onSignOut,
  onSearchSelect,
  defaultMobileNavigationOpen = false,
}: SiteHeaderProps) {
  const [mobileOpen, setMobileOpen] = useState(defaultMobileNavigationOpen);
  const user = auth?.user ?? null;
  return (
    <header className="relative z-10 border-b border-gray-900/10 bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-x-6 px-6 lg:px-8">
        <Link href="/" className="-m-1.5 flex-none rounded-control p-1.5">
          <Logo brandName={brandName} />
        </Link>
        <nav aria-label="Main" className="hidden lg:block">
          <ul role="list" className="flex items-center gap-x-7">
            {mainNavigation(versionPrefix).map((link) => (
              <li key={link.href}>
                <Link
                  href={link.href}
                  className="text-sm/6 font-semibold text-gray-700 hover:text-gray-900"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex min-w-0 flex-1 items-center justify-end gap-x-4">
          <Link
            href={promoLink.href}
            className="hidden items-center gap-x-1 rounded-full bg-brand-50 px-3 py-1 text-xs/5 font-semibold text-brand-700 ring-1 ring-brand-600/15 ring-inset hover:bg-brand-100 lg:inline-flex"
          >
            {promoLink.label}
            <span aria-hidden="true">&rarr;</span>
          </Link>
          <CommandPalette
            items={commandPaletteItems}
            onSelect={onSearchSelect}
            placeholder="Search components and templates…"
            className="sm:w-56"
          />
          <div className="hidden items-center gap-x-4 lg:flex">
            {user ? (
              <AccountMenu user={user} onSignOut={onSignOut} />
            ) : (
              <>
                <Link
                  href="/login"
                  className="text-sm/6 font-semibold text-gray-700 hover:text-gray-900"
                >
                  Sign in
                </Link>
                {canPurchaseAllAccess ? (
                  <Link href={ALL_ACCESS_URL} className={buttonVariants({ size: 'sm' })}>
                    Get all-access
                  </Link>
                ) : null}
              </>
            )}
          </div>
          <button
            type="button"
            aria-label="Open main menu"
            onClick={() => setMobileOpen(true)}
            className="-m-2.5 inline-flex items-center justify-center rounded-control p-2.5 text-gray-700 hover:bg-gray-100 lg:hidden"
          >
            <MenuIcon className="size-6" />
          </button>
        </div>
      </div>
      <MobileNavigation
        open={mobileOpen}
        onOpenChange={setMobileOpen}
        user={user}
        canPurchaseAllAccess={canPurchaseAllAccess}
        versionPrefix={versionPrefix}
        onSignOut={onSignOut}
      />
    </header>
  );
}

function AccountMenu({ user, onSignOut }: { user: AuthUser; onSignOut: () => void }) {
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
