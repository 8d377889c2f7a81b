import { createInertiaApp } from '@inertiajs/react';
import { hydrateRoot, createRoot } from 'react-dom/client';
import { layout, missingPage, pageModuleKey, title, withLinks, type PageModule } from './app';
import './app.css';
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
    if (el.hasAttribute('data-server-rendered')) hydrateRoot(el, app);
    else createRoot(el).render(app);
    // A page inside another page's frame (the sandbox checkout) is not a visit of its own.
    if (window.self === window.top) trackPageViews();
  },
  // Spec §9: the progress indicator appears after a 250 ms delay.
  progress: { delay: 250, color: 'var(--color-brand-500)', showSpinner: false },
});
