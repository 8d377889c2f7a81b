import { realpathSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createElement, type ComponentType, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { Page } from '../src/http/inertia/page.ts';
import type { SsrRenderer, SsrResult } from '../src/http/ssr/types.ts';

// The storefront's own @inertiajs/react (and the @inertiajs/core beside it in pnpm's store):
// the conformance tests render with the real client library, not an imitation.
const INERTIA_REACT_DIR = realpathSync(
  path.resolve(import.meta.dirname, '../../storefront/node_modules/@inertiajs/react'),
);

interface InertiaReact {
  createInertiaApp(options: {
    page: Page;
    render: (element: ReactElement) => string;
    title?: (title: string) => string;
    resolve: (name: string) => ComponentType<Record<string, unknown>>;
    setup: (options: { App: ComponentType<object>; props: object }) => ReactElement;
  }): Promise<SsrResult>;
  Head: ComponentType<{ title?: string }>;
}

interface InertiaCore {
  buildSSRBody(id: string, page: Page, html: string): string;
}

async function importInertiaReact(): Promise<InertiaReact> {
  return (await import(
    pathToFileURL(path.join(INERTIA_REACT_DIR, 'dist/index.js')).href
  )) as InertiaReact;
}

export async function importInertiaCore(): Promise<InertiaCore> {
  return (await import(
    pathToFileURL(path.join(INERTIA_REACT_DIR, '../core/dist/index.js')).href
  )) as InertiaCore;
}

/**
 * A real SSR renderer built like the storefront's `src/ssr.tsx`: `createInertiaApp` with
 * `renderToString`. Every component renders its name and `props.message`; "Broken" throws.
 */
export async function createReactSsr(): Promise<SsrRenderer & { calls: number }> {
  const { createInertiaApp, Head } = await importInertiaReact();
  const renderer = {
    calls: 0,
    render(page: Page) {
      renderer.calls += 1;
      return createInertiaApp({
        page,
        render: renderToString,
        title: (title) => `${title} - Test Store`,
        resolve: (name) => (props) => {
          if (name === 'Broken') throw new Error('Broken component exploded');
          return createElement(
            'main',
            null,
            createElement(Head, { title: name }),
            createElement('h1', null, name),
            typeof props.message === 'string' ? createElement('p', null, props.message) : null,
          );
        },
        setup: ({ App, props }) => createElement(App, props),
      });
    },
  };
  return renderer;
}
