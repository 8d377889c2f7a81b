import { buttonVariants, cn, CommandPalette, Link, loadOnce, useLoaded } from '@tessera/ui';
import { createElement, useState } from 'react';
import { ColorSchemeSwitch } from '../component-view/color-scheme-switch';
import { ChevronDownIcon, MenuIcon, UserCircleIcon } from '../icons/icons';
import type {
  ColorScheme,
  CommandPaletteItem,
  CommandPaletteItems,
  SharedPageData,
  VersionPrefix,
} from '../shared/shared-page-data';
import { DEFAULT_BRAND_NAME } from '../shared/shared-page-data';
import { Logo } from './logo';
import { mainNavigation, promoLink } from './navigation';
import { ALL_ACCESS_URL } from '../constants';

export type SiteHeaderProps = {
  auth: SharedPageData['auth'];
  canPurchaseAllAccess: boolean;
  versionPrefix?: VersionPrefix;
  /** The items, or a loader called on the palette's first open. */
  commandPaletteItems: CommandPaletteItems;
  brandName?: string;
  /** The container posts /logout. */
  onSignOut: () => void;
  /** The container visits the chosen item's url. */
  onSearchSelect: (item: CommandPaletteItem) => void;
  /** Opens the mobile slide-in navigation on first render (stories, deep links). */
  defaultMobileNavigationOpen?: boolean;
  /** The store's colour scheme as the server drew it; `system` follows the device. */
  colorScheme?: ColorScheme;
  /**
   * The container applies the choice at once and persists it (PUT /color-scheme); without it
   * the header shows no colour scheme switch.
   */
  onColorSchemeChange?: (scheme: ColorScheme) => void;
};

// The account menu and the mobile navigation bring Floating UI (focus management, positioning):
// 20 KiB of compressed JavaScript that no first render needs. Each is a chunk of its own, asked
// for once the page is interactive (the account menu, for a signed-in customer) or when the
// visitor reaches for the menu button (the mobile navigation). Until then the header draws the
// same trigger, so nothing moves; no Suspense, so the server's HTML and the first client render
// agree (issue 15, decision 020).
const loadAccountMenu = () => import('./account-menu').then((module) => module.default);
const loadMobileNavigation = () =>
  import('./mobile-navigation').then((module) => module.MobileNavigation);

export function SiteHeader({
  auth,
  canPurchaseAllAccess,
  versionPrefix = '',
  commandPaletteItems,
  brandName = DEFAULT_BRAND_NAME,
  onSignOut,
  onSearchSelect,
  defaultMobileNavigationOpen = false,
  colorScheme = 'system',
  onColorSchemeChange,
}: SiteHeaderProps) {
  const [mobileOpen, setMobileOpen] = useState(defaultMobileNavigationOpen);
  const user = auth?.user ?? null;
  const AccountMenu = useLoaded(loadAccountMenu, user !== null);
  const MobileNavigation = useLoaded(loadMobileNavigation, mobileOpen);
  const prepareMobileNavigation = () => void loadOnce(loadMobileNavigation).catch(() => {});
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
            className={cn(
              'hidden items-center gap-x-1 rounded-full bg-brand-50 px-3 py-1 text-xs/5 font-semibold text-brand-700 ring-1 ring-brand-600/15 ring-inset hover:bg-brand-100 lg:inline-flex',
              // The colour scheme switch takes its place below xl, where the row is full.
              onColorSchemeChange && 'lg:hidden xl:inline-flex',
            )}
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
          {onColorSchemeChange ? (
            <ColorSchemeSwitch
              compact
              label="Colour scheme"
              value={colorScheme}
              onChange={onColorSchemeChange}
              className="hidden flex-none sm:flex"
            />
          ) : null}
          <div className="hidden items-center gap-x-4 lg:flex">
            {user ? (
              AccountMenu ? (
                createElement(AccountMenu, { user, onSignOut })
              ) : (
                <AccountMenuPlaceholder />
              )
            ) : (
              <>
                <Link
                  href="/login"
                  className="text-sm/6 font-semibold whitespace-nowrap text-gray-700 hover:text-gray-900"
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
            onPointerEnter={prepareMobileNavigation}
            onFocus={prepareMobileNavigation}
            className="-m-2.5 inline-flex items-center justify-center rounded-control p-2.5 text-gray-700 hover:bg-gray-100 lg:hidden"
          >
            <MenuIcon className="size-6" />
          </button>
        </div>
      </div>
      {MobileNavigation
        ? createElement(MobileNavigation, {
            open: mobileOpen,
            onOpenChange: setMobileOpen,
            user,
            canPurchaseAllAccess,
            versionPrefix,
            onSignOut,
            colorScheme,
            onColorSchemeChange,
          })
        : null}
    </header>
  );
}

/**
 * The account menu's trigger as it looks before its chunk arrives (moments after the page
 * becomes interactive): the same button, so the header does not shift when the menu replaces it.
 */
function AccountMenuPlaceholder() {
  return (
    <button
      type="button"
      data-slot="menu-trigger-placeholder"
      aria-haspopup="menu"
      aria-expanded={false}
      className={cn(
        buttonVariants({ variant: 'ghost' }),
        'gap-1 px-3 [&_svg]:size-5',
        'text-gray-700',
      )}
    >
      <UserCircleIcon className="text-gray-500" />
      Account
      <ChevronDownIcon className="-mr-1 text-gray-500" />
    </button>
  );
}
