import type { Page } from '@inertiajs/core';
import { createInertiaApp } from '@inertiajs/react';
import { renderToString } from 'react-dom/server';
import { layout, missingPage, pageModuleKey, title, withLinks, type PageModule } from './app';

const pages = import.meta.glob<PageModule>('./pages/*.tsx', { eager: true });

/** Called in-process by the Express server for every first visit. */
export function render(page: Page) {
  return createInertiaApp({
    page,
    render: renderToString,
    title,
    layout,
    resolve: (name) => pages[pageModuleKey(name)]?.default ?? missingPage(name),
    setup: ({ App, props }) => withLinks(<App {...props} />),
  });
}
