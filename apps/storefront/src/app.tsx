import type { Page } from '@inertiajs/core';
import { Link as InertiaLink } from '@inertiajs/react';
import { LinkProvider, type LinkComponentProps } from '@tessera/ui';
import type { ReactNode } from 'react';
import { FrameLayout } from './layout/frame-layout';
import { StoreLayout } from './layout/store-layout';
import { formatPageTitle } from './lib/page-title';

export type PageModule = { default: React.ComponentType };

/**
 * An Inertia component name is the page's name (Checkout, TeamSettings); each maps to a container
 * in ./pages.
 */
export function pageModuleKey(name: string): string {
  return `./pages/${name}.tsx`;
}

export function missingPage(name: string): never {
  throw new Error(
    `Unknown Inertia page component "${name}": add apps/storefront/src/pages/${name}.tsx`,
  );
}

export function title(pageTitle: string, page: Page): string {
  const brand = typeof page.props.brandName === 'string' ? page.props.brandName : 'Tessera UI';
  return formatPageTitle(pageTitle, brand);
}

/** Pages rendered inside another page's iframe: they get no site chrome. */
const FRAME_PAGES: ReadonlySet<string> = new Set(['SandboxCheckout']);

export function layout(name: string) {
  return FRAME_PAGES.has(name) ? FrameLayout : StoreLayout;
}

function AppLink({ href, className, children, ...props }: LinkComponentProps) {
  return (
    <InertiaLink href={href} className={className} {...(props as Record<string, unknown>)}>
      {children}
    </InertiaLink>
  );
}

export function withLinks(app: ReactNode) {
  return <LinkProvider component={AppLink}>{app}</LinkProvider>;
}
