// The index's server-side search (shadcn "dynamic search"): `?q=&type=&limit=&offset=`. The
// answer carries `pagination`, which tells the CLI the items are already filtered and paged.
import { z } from 'zod';
import { ITEM_TYPE, type IndexItem } from './items.ts';

/** The most items one page may hold: the whole catalogue fits, a runaway request does not. */
export const MAX_PAGE = 1000;

export const searchQuery = z.object({
  q: z.string().max(200).optional(),
  type: z.string().max(500).optional(),
  // Larger limits are served as MAX_PAGE (the CLI asks offset+limit when it merges registries).
  limit: z.coerce.number().int().min(1).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional().default(0),
});
export type SearchQuery = z.infer<typeof searchQuery>;

export interface Pagination {
  total: number;
  offset: number;
  limit: number;
  hasMore: boolean;
}

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** Lower is better; null when the item does not match every word of the query. */
function rank(item: IndexItem, terms: string[], phrase: string): number | null {
  const name = item.name;
  const title = item.title.toLowerCase();
  const haystack = `${name} ${title} ${item.description.toLowerCase()} ${item.categories.join(' ')}`;
  if (!terms.every((term) => haystack.includes(term))) return null;
  if (name === phrase) return 0;
  if (name.startsWith(phrase)) return 1;
  if (name.includes(phrase)) return 2;
  if (title.includes(terms.join(' '))) return 3;
  if (terms.every((term) => name.includes(term) || title.includes(term))) return 4;
  return 5;
}

/** Filters, ranks (stable: catalogue order within a rank) and pages the index. */
export function searchIndex(
  items: readonly IndexItem[],
  query: SearchQuery,
): { items: IndexItem[]; pagination: Pagination } {
  let matching: readonly IndexItem[] = items;
  const types = query.type
    ?.split(',')
    .map((type) => type.trim())
    .filter(Boolean)
    .map((type) => (type.startsWith('registry:') ? type : `registry:${type}`));
  if (types?.length && !types.includes(ITEM_TYPE)) matching = [];
  const terms = words(query.q ?? '');
  if (terms.length > 0) {
    const phrase = terms.join('-');
    matching = matching
      .map((item, index) => ({ item, index, rank: rank(item, terms, phrase) }))
      .filter((row): row is { item: IndexItem; index: number; rank: number } => row.rank !== null)
      .sort((a, b) => a.rank - b.rank || a.index - b.index)
      .map((row) => row.item);
  }
  const total = matching.length;
  const limit = Math.min(query.limit ?? Math.max(total, 1), MAX_PAGE);
  const offset = query.offset;
  return {
    items: matching.slice(offset, offset + limit),
    pagination: { total, offset, limit, hasMore: offset + limit < total },
  };
}
