import { Head, router, usePage } from '@inertiajs/react';
import { AppLayout, type SharedPageData } from '@tessera/pages';
import { useEffect, type ReactNode } from 'react';
import { commandPaletteItemsAt } from '../lib/command-palette-items';
import { useColorScheme } from '../lib/use-color-scheme';

/** The persistent layout: site chrome from the shared page data, actions mapped to visits. */
export function StoreLayout({ children }: { children: ReactNode }) {
  const { props, flash } = usePage<SharedPageData & Record<string, unknown>>();
  // Lets browser tests (and anyone debugging) know the page is interactive.
  useEffect(() => document.documentElement.setAttribute('data-page-hydrated', ''), []);
  const [colorScheme, chooseColorScheme] = useColorScheme(props.colorScheme);
  return (
    <>
      {props.seo ? (
        <Head>
          <meta head-key="description" name="description" content={props.seo.description} />
          <link head-key="canonical" rel="canonical" href={props.seo.canonicalUrl} />
        </Head>
      ) : null}
      <AppLayout
        shared={{ ...props, colorScheme }}
        flash={flash}
        onSignOut={() => router.post('/logout', { redirect_url: window.location.pathname })}
        onStopImpersonating={() => router.delete('/impersonate')}
        onSearchSelect={(item) => router.visit(item.url)}
        onColorSchemeChange={chooseColorScheme}
        commandPaletteItems={commandPaletteItemsAt(props.commandPaletteUrl)}
      >
        {children}
      </AppLayout>
    </>
  );
}
