import { Alert } from '@tessera/ui';
import { Suspense } from 'react';
import type * as React from 'react';
import { HydrateWhen } from '../shared/hydrate-when';
import { ImpersonationBanner } from '../impersonation-banner/impersonation-banner';
import type {
  ColorScheme,
  CommandPaletteItem,
  CommandPaletteItems,
  FlashMessages,
  SharedPageData,
} from '../shared/shared-page-data';
import { SiteFooter } from '../site-footer/site-footer';
import { TestModeBanner } from '../test-mode-banner/test-mode-banner';
import { SiteHeader } from '../site-header/site-header';

export type AppLayoutProps = {
  shared: SharedPageData;
  /** The page's flash (the Inertia page object's `flash`): its notices show above the page. */
  flash?: FlashMessages;
  onSignOut: () => void;
  onStopImpersonating: () => void;
  onSearchSelect: (item: CommandPaletteItem) => void;
  /** The container applies and persists the store's colour scheme (the header's switch). */
  onColorSchemeChange?: (scheme: ColorScheme) => void;
  /** The palette's items, or the container's loader of `shared.commandPaletteUrl`. */
  commandPaletteItems: CommandPaletteItems;
  stoppingImpersonation?: boolean;
  defaultMobileNavigationOpen?: boolean;
  children: React.ReactNode;
};

export function AppLayout({
  shared,
  flash = {},
  onSignOut,
  onStopImpersonating,
  onSearchSelect,
  onColorSchemeChange,
  commandPaletteItems,
  stoppingImpersonation,
  defaultMobileNavigationOpen,
  children,
}: AppLayoutProps) {
  const signedIn = shared.auth !== null;
  return (
    <div data-slot="app-layout" className="flex min-h-screen flex-col bg-white">
      {/* A plain anchor: an in-page jump must not become an app visit. */}
      <a
        href="#main"
        className="sr-only z-50 rounded-control bg-white text-sm font-semibold text-gray-900 shadow-lg ring-1 ring-gray-900/10 focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      {shared.testMode ? <TestModeBanner /> : null}
      {shared.isImpersonating && shared.auth ? (
        <ImpersonationBanner
          email={shared.auth.user.email}
          onStopImpersonating={onStopImpersonating}
          stopping={stoppingImpersonation}
        />
      ) : null}
      <SiteHeader
        auth={shared.auth}
        canPurchaseAllAccess={shared.can.purchaseAllAccess}
        versionPrefix={shared.versionPrefix}
        commandPaletteItems={commandPaletteItems}
        brandName={shared.brandName}
        onSignOut={onSignOut}
        onSearchSelect={onSearchSelect}
        defaultMobileNavigationOpen={defaultMobileNavigationOpen}
        colorScheme={shared.colorScheme}
        onColorSchemeChange={onColorSchemeChange}
      />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <FlashNotices flash={flash} />
        {/* The header hydrates first; the page after it, in a pass of its own (decision 064). */}
        <Suspense fallback={null}>{children}</Suspense>
      </main>
      <HydrateWhen when="visible">
        <SiteFooter
          signedIn={signedIn}
          copyrightYear={shared.copyrightYear}
          brandName={shared.brandName}
        />
      </HydrateWhen>
    </div>
  );
}

/** `success` and `error`; a `status` belongs to the page whose form caused it. */
function FlashNotices({ flash }: { flash: FlashMessages }) {
  if (!flash.success && !flash.error) return null;
  return (
    <div className="mx-auto max-w-7xl space-y-3 px-6 pt-6 lg:px-8">
      {flash.success ? <Alert variant="success">{flash.success}</Alert> : null}
      {flash.error ? <Alert variant="error">{flash.error}</Alert> : null}
    </div>
  );
}
