import type { Page } from './page.ts';

const ROOT_ID = 'app';

/**
 * JSON that is safe inside `<script type="application/json">`: nothing in it can close the
 * script element or start a comment, and the JS line separators cannot break parsing.
 */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * The body `@inertiajs/core`'s `buildSSRBody` emits, minus `data-server-rendered` and the
 * markup: the client then mounts with `createRoot` instead of hydrating.
 */
export function clientRenderedBody(page: Page, id = ROOT_ID): string {
  return `<script data-page="${id}" type="application/json">${jsonForScript(page)}</script><div id="${id}"></div>`;
}

/**
 * The `<html>` start tag with the store's colour scheme drawn on it, so the first paint is right
 * without JavaScript: `system` (or nothing known) leaves the theme's `light dark` to follow the
 * device; an explicit choice forces it (packages/ui's theme.css reads the attribute).
 */
export function htmlStartTag(colorScheme: unknown): string {
  return colorScheme === 'light' || colorScheme === 'dark'
    ? `<html lang="en" data-color-scheme="${colorScheme}">`
    : '<html lang="en">';
}

export interface DocumentParts {
  /** Head tags from SSR; empty when the page is client-rendered. */
  head: string[];
  body: string;
  /** Asset tags (the font preload, CSS, the client entry). */
  assets: string;
  /** Used as `<title>` when SSR gave none. */
  fallbackTitle: string;
  /** The page's shared `colorScheme`, drawn on `<html>`. */
  colorScheme?: unknown;
}

/** Copied from apps/storefront/public by Vite, served with the build (revalidated, no hash). */
export const FAVICON_URL = '/build/favicon.svg';

export function renderDocument({
  head,
  body,
  assets,
  fallbackTitle,
  colorScheme,
}: DocumentParts): string {
  const hasTitle = head.some((tag) => /^\s*<title[\s>]/i.test(tag));
  return [
    '<!DOCTYPE html>',
    htmlStartTag(colorScheme),
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    // The mosaic mark (apps/storefront/public): without it every first visit asks for
    // /favicon.ico, gets a 404 and logs it in the browser's console.
    `<link rel="icon" type="image/svg+xml" href="${FAVICON_URL}">`,
    ...(hasTitle ? [] : [`<title>${escapeHtml(fallbackTitle)}</title>`]),
    ...head,
    assets,
    '</head>',
    '<body>',
    body,
    '</body>',
    '</html>',
  ]
    .filter((line) => line !== '')
    .join('\n')
    .concat('\n');
}
