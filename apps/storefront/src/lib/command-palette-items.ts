import type { CommandPaletteItem } from '@tessera/pages';

const loaders = new Map<string, () => Promise<readonly CommandPaletteItem[]>>();

/**
 * The loader of the palette's items at `url` (the shared `commandPaletteUrl`, named by its
 * content hash and cached by the browser for good): one stable function per URL, so the palette
 * fetches each document at most once, on its first open.
 */
export function commandPaletteItemsAt(url: string): () => Promise<readonly CommandPaletteItem[]> {
  let load = loaders.get(url);
  if (!load) {
    load = async () => {
      const response = await fetch(url, { headers: { Accept: 'application/json' } });
      if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
      const items: unknown = await response.json();
      if (!Array.isArray(items)) throw new TypeError(`GET ${url} did not answer a list`);
      return items as CommandPaletteItem[];
    };
    loaders.set(url, load);
  }
  return load;
}
