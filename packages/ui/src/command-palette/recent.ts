// What the palette offers before anything is typed: the items the visitor last opened from it
// (kept in this browser's localStorage, nowhere else) and a few suggestions taken from the
// items themselves, in the order the store lists them.
import type { CommandPaletteItem } from './search';

export const RECENT_STORAGE_KEY = 'tessera:command-palette:recent';
/** How many recently opened items are kept and shown. */
export const RECENT_LIMIT = 5;
/** How many suggestions are shown. */
export const SUGGESTED_LIMIT = 6;

/** What is stored of an opened item: enough to find it again among the current items. */
type StoredItem = { name: string; url: string };

/** This browser's localStorage, or null where there is none or it may not be used. */
export function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // A sandboxed frame or blocked site data throws on the very access.
    return null;
  }
}

const sameItem = (a: StoredItem, b: StoredItem) => a.url === b.url && a.name === b.name;

/**
 * The stored list, newest first. Whatever is not a list of `{ name, url }` strings (another
 * version's shape, a hand edit, a half write) is dropped, entry by entry; storage that cannot be
 * read gives an empty list.
 */
export function readRecent(storage: Storage | null): StoredItem[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage?.getItem(RECENT_STORAGE_KEY) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const entries: StoredItem[] = [];
  for (const entry of parsed as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { name, url } = entry as Record<string, unknown>;
    if (typeof name !== 'string' || typeof url !== 'string') continue;
    if (!entries.some((kept) => sameItem(kept, { name, url }))) entries.push({ name, url });
    if (entries.length === RECENT_LIMIT) break;
  }
  return entries;
}

/** Puts `item` first in the stored list (once), keeping RECENT_LIMIT; a full or blocked storage is left as it is. */
export function rememberRecent(storage: Storage | null, item: CommandPaletteItem): void {
  if (!storage) return;
  const opened = { name: item.name, url: item.url };
  const next = [opened, ...readRecent(storage).filter((entry) => !sameItem(entry, opened))];
  try {
    storage.setItem(RECENT_STORAGE_KEY, JSON.stringify(next.slice(0, RECENT_LIMIT)));
  } catch {
    // Quota exceeded or storage disabled: the palette works without its history.
  }
}

/**
 * The stored items that are still among `items` (a subcategory renamed or removed since is
 * dropped), newest first, as the current items.
 */
export function recentItems(
  items: readonly CommandPaletteItem[],
  stored: readonly StoredItem[],
): CommandPaletteItem[] {
  return stored.flatMap((entry) => {
    const found = items.find((item) => sameItem(item, entry));
    return found ? [found] : [];
  });
}

/**
 * The first item of each category, in the order the items come (the catalogue's order: each
 * product's first subcategory, the first template, the first documentation page, the store's
 * first page), leaving out those already shown as recent, at most SUGGESTED_LIMIT.
 */
export function suggestedItems(
  items: readonly CommandPaletteItem[],
  shown: readonly CommandPaletteItem[] = [],
): CommandPaletteItem[] {
  const seen = new Set<string>();
  const suggested: CommandPaletteItem[] = [];
  for (const item of items) {
    if (seen.has(item.category)) continue;
    if (shown.some((recent) => sameItem(recent, item))) continue;
    seen.add(item.category);
    suggested.push(item);
    if (suggested.length === SUGGESTED_LIMIT) break;
  }
  return suggested;
}

/** The two labelled lists shown on an empty query: recent first, then suggested. */
export const RECENT_LABEL = 'Recent';
export const SUGGESTED_LABEL = 'Suggested';
