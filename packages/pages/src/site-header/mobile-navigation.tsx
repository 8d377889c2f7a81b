import { Button, buttonVariants, Link, SlideOver } from '@tessera/ui';
import { ColorSchemeSwitch } from '../component-view/color-scheme-switch';
import type { AuthUser, ColorScheme, VersionPrefix } from '../shared/shared-page-data';
import { accountNavigation, mainNavigation, promoLink, teamNavigation } from './navigation';
import { ALL_ACCESS_URL } from '../constants';

export type MobileNavigationProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: AuthUser | null;
  canPurchaseAllAccess: boolean;
  versionPrefix: VersionPrefix;
  onSignOut: () => void;
  colorScheme: ColorScheme;
  onColorSchemeChange?: (scheme: ColorScheme) => void;
};

const linkClass =
  '-mx-3 block rounded-control px-3 py-2 text-base/7 font-semibold text-gray-900 hover:bg-gray-50';

export function MobileNavigation({
  open,
  onOpenChange,
  user,
  canPurchaseAllAccess,
  versionPrefix,
  onSignOut,
  colorScheme,
  onColorSchemeChange,
}: MobileNavigationProps) {
  const close = () => onOpenChange(false);
  const teams = user ? teamNavigation(user) : null;
  return (
    <SlideOver open={open} onOpenChange={onOpenChange} title="Menu" side="right">
      <div className="flow-root">
        <div className="-my-6 divide-y divide-gray-500/10">
          <nav aria-label="Mobile" className="space-y-1 py-6">
            {mainNavigation(versionPrefix).map((link) => (
              <Link key={link.href} href={link.href} onClick={close} className={linkClass}>
                {link.label}
              </Link>
            ))}
            <Link
              href={promoLink.href}
              onClick={close}
              className="mt-3 inline-flex items-center gap-x-1 rounded-full bg-brand-50 px-3 py-1 text-sm/6 font-semibold text-brand-700 ring-1 ring-brand-600/15 ring-inset"
            >
              {promoLink.label}
              <span aria-hidden="true">&rarr;</span>
            </Link>
          </nav>
          {user ? (
            <div className="space-y-1 py-6">
              <p className="pb-2 text-sm/6 text-gray-600">
                Signed in as <span className="font-medium text-gray-900">{user.email}</span>
              </p>
              {accountNavigation(user).map((link) => (
                <Link key={link.href} href={link.href} onClick={close} className={linkClass}>
                  {link.label}
                </Link>
              ))}
              {teams ? (
                <div className="space-y-1 pt-4">
                  <p className="pb-1 text-xs/6 font-semibold text-gray-600">{teams.label}</p>
                  {teams.links.map((link) => (
                    <Link key={link.href} href={link.href} onClick={close} className={linkClass}>
                      {link.label}
                    </Link>
                  ))}
                </div>
              ) : null}
              <Button
                variant="secondary"
                className="mt-4 w-full"
                onClick={() => {
                  close();
                  onSignOut();
                }}
              >
                Sign out
              </Button>
            </div>
          ) : (
            <div className="space-y-3 py-6">
              <Link href="/login" onClick={close} className={linkClass}>
                Sign in
              </Link>
              {canPurchaseAllAccess ? (
                <Link
                  href={ALL_ACCESS_URL}
                  onClick={close}
                  className={buttonVariants({ className: 'w-full' })}
                >
                  Get all-access
                </Link>
              ) : null}
            </div>
          )}
          {onColorSchemeChange ? (
            <div className="py-6">
              <ColorSchemeSwitch
                label="Colour scheme"
                value={colorScheme}
                onChange={onColorSchemeChange}
              />
            </div>
          ) : null}
        </div>
      </div>
    </SlideOver>
  );
}
