import { buttonVariants, cn, CommandPalette, Link } from '@tessera/ui';
import { createElement, useEffect, useState, type ComponentType } from 'react';
import { ChevronDownIcon, MenuIcon, UserCircleIcon } from '../icons/icons';
import type {
  CommandPaletteItem,
  CommandPaletteItems,
  SharedPageData,
  VersionPrefix,
} from '../shared/shared-page-data';
import { DEFAULT_BRAND_NAME } from '../shared/shared-page-data';
import { Logo } from './logo';
import type { AccountMenuProps } from './account-menu';
import type { MobileNavigationProps } from './mobile-navigation';
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
};

// The account menu and the mobile navigation bring Floating UI (focus management, positioning):
// 20 KiB of compressed JavaScript that no first render needs. Each is a chunk of its own, asked
// for once the page is interactive (the account menu, for a signed-in customer) or when the
// visitor reaches for the menu button (the mobile navigation). Until then the header draws the
// same trigger, so nothing moves; no Suspense, so the server's HTML and the first client render
// agree (issue 15, decision 020).
type Lazy<P> = () => Promise<{ default: ComponentType<P> }>;
const loadAccountMenu: Lazy<AccountMenuProps> = () => import('./account-menu');
const loadMobileNavigation: Lazy<MobileNavigationProps> = () =>
  import('./mobile-navigation').then((module) => ({ default: module.MobileNavigation }));

const modules = new Map<Lazy<never>, Promise<ComponentType<never>>>();
function loadModule<P>(load: Lazy<P>): Promise<ComponentType<P>> {
  let pending = modules.get(load as Lazy<never>) as Promise<ComponentType<P>> | undefined;
  if (!pending) {
    pending = load().then((module) => module.default);
    modules.set(load as Lazy<never>, pending as Promise<ComponentType<never>>);
    // A failed chunk (a deploy in between, offline) is asked for again next time.
    pending.catch(() => modules.delete(load as Lazy<never>));
  }
  return pending;
}

/** The component `load` gives, once `wanted` and loaded; null before (and on the server). */
function useLazyComponent<P>(load: Lazy<P>, wanted: boolean): ComponentType<P> | null {
  const [component, setComponent] = useState<{ value: ComponentType<P> } | null>(null);
  useEffect(() => {
    if (!wanted || component) return;
    let current = true;
    loadModule(load).then(
      (value) => {
        if (current) setComponent({ value });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [load, wanted, component]);
  return component?.value ?? null;
}

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
  const AccountMenu = useLazyComponent(loadAccountMenu, user !== null);
  const MobileNavigation = useLazyComponent(loadMobileNavigation, mobileOpen);
  const prepareMobileNavigation = () => void loadModule(loadMobileNavigation).catch(() => {});
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
              AccountMenu ? (
                createElement(AccountMenu, { user, onSignOut })
              ) : (
                <AccountMenuPlaceholder />
              )
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
