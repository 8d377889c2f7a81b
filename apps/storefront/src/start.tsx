// The store's client: Inertia and React, started by `main.tsx` once the first paint is done.
import { createInertiaApp } from '@inertiajs/react';
import { PROGRESS_DELAY_MS, RECENTLY_SUCCESSFUL_MS } from '@tessera/pages/constants';
import { deferHydration } from '@tessera/pages/hydrate-when';
import { hydrateRoot, createRoot } from 'react-dom/client';
import { layout, missingPage, pageModuleKey, title, withLinks, type PageModule } from './app';
import { trackPageViews } from './lib/page-views';

const pages = import.meta.glob<PageModule>('./pages/*.tsx');

void createInertiaApp({
  title,
  layout,
  resolve: async (name) => {
    const load = pages[pageModuleKey(name)];
    return load ? (await load()).default : missingPage(name);
  },
  setup({ el, App, props }) {
    if (!el) return;
    const app = withLinks(<App {...props} />);
    // The server renders the first visit; hydrate it, or render when SSR fell back.
    // Sections under a `HydrateWhen` wait for view or idle during this hydration (decision 064).
    if (el.hasAttribute('data-server-rendered')) {
      deferHydration();
      // For `pnpm bench hydration`: what comes before this is loading and evaluating the code.
      performance.mark('hydration-start');
      hydrateRoot(el, app);
    } else createRoot(el).render(app);
    // A page inside another page's frame (the sandbox checkout) is not a visit of its own.
    if (window.self === window.top) trackPageViews();
  },
  // Only visits slower than the delay show the progress bar, so quick ones never flash it.
  progress: { delay: PROGRESS_DELAY_MS, color: 'var(--color-brand-500)', showSpinner: false },
  // How long a form's success message stays (`recentlySuccessful`) after a save.
  defaults: { form: { recentlySuccessfulDuration: RECENTLY_SUCCESSFUL_MS } },
});
