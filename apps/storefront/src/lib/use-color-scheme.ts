import type { ColorScheme } from '@tessera/pages';
import { useEffect } from 'react';
import { useRememberedChoice } from './use-remembered-choice';

/** What the server draws on `<html>` (apps/server's document.ts); theme.css reads it. */
function drawColorScheme(root: HTMLElement, scheme: ColorScheme) {
  if (scheme === 'system') delete root.dataset.colorScheme;
  else root.dataset.colorScheme = scheme;
}

/**
 * The store's own colour scheme (PUT /color-scheme). The server draws it on `<html>` for the
 * first paint; after that the page keeps `<html>` in step: a choice at once, before the server
 * has it, and a scheme that changes on a visit (signing in to an account with its own choice).
 */
export function useColorScheme(shared: ColorScheme): [ColorScheme, (next: ColorScheme) => void] {
  const [scheme, choose] = useRememberedChoice(shared, {
    url: '/color-scheme',
    field: 'color_scheme',
    prop: 'colorScheme',
  });
  useEffect(() => drawColorScheme(document.documentElement, scheme), [scheme]);
  return [scheme, choose];
}
