import Fuse from 'fuse.js';

export type CommandPaletteItem = {
  name: string;
  keywords?: string[];
  category: string;
  url: string;
};

/**
 * The spec's ranking order, best first. Each tier is tried on the name, then on the keywords: a
 * name match beats a keyword match of the same tier, and a keyword match beats any name match of
 * a lower tier (name equal, keyword equal, name starts with, keyword starts with, …). Keywords
 * are compared without case, so they never reach 'case-sensitive-equal'.
 */
export const MATCH_TIERS = [
  'case-sensitive-equal',
  'equal',
  'starts-with',
  'word-starts-with',
  'contains',
  'acronym',
  'fuzzy',
] as const;
export type MatchTier = (typeof MATCH_TIERS)[number];

export type CommandPaletteResult = {
  item: CommandPaletteItem;
  tier: MatchTier;
  /** Whether the best match was on a keyword rather than on the name. */
  viaKeyword: boolean;
};

// Typo tolerance: ~1 edit in 3 characters. Higher thresholds let 'pricing' find 'Radio Groups'.
const FUZZY_THRESHOLD = 0.34;
// Shorter queries with one typo allowed match fragments of unrelated words ("menu" → "payment").
const FUZZY_MIN_QUERY_LENGTH = 5;

type Text = { raw: string; lower: string; acronym: string };
type Entry = { item: CommandPaletteItem; index: number; name: Text; keywords: Text[] };
type Ranked = { entry: Entry; score: number };

const WORD_SEPARATOR = /[^\p{L}\p{N}]+/u;

function prepare(raw: string): Text {
  const lower = raw.toLowerCase();
  const acronym = lower
    .split(WORD_SEPARATOR)
    .filter(Boolean)
    .map((word) => word[0])
    .join('');
  return { raw, lower, acronym };
}

function startsAWord(lower: string, query: string): boolean {
  for (let at = lower.indexOf(query, 1); at !== -1; at = lower.indexOf(query, at + 1)) {
    if (WORD_SEPARATOR.test(lower.charAt(at - 1))) return true;
  }
  return false;
}

/** Index into MATCH_TIERS of the best non-fuzzy tier `text` reaches, or -1. */
function tierOf(text: Text, query: string, lowerQuery: string): number {
  if (text.raw === query) return 0;
  if (text.lower === lowerQuery) return 1;
  if (text.lower.startsWith(lowerQuery)) return 2;
  if (startsAWord(text.lower, lowerQuery)) return 3;
  if (text.lower.includes(lowerQuery)) return 4;
  if (lowerQuery.length > 1 && text.acronym.startsWith(lowerQuery)) return 5;
  return -1;
}

function score(entry: Entry, query: string, lowerQuery: string): number {
  let best = Infinity;
  const nameTier = tierOf(entry.name, query, lowerQuery);
  if (nameTier !== -1) best = nameTier * 2;
  for (const keyword of entry.keywords) {
    // Keywords are lowercase tags, so case says nothing there: an exact keyword counts as 'equal'.
    const keywordTier = tierOf(keyword, query, lowerQuery);
    if (keywordTier !== -1) best = Math.min(best, Math.max(keywordTier, 1) * 2 + 1);
  }
  return best;
}

export type CommandPaletteSearch = (query: string, limit?: number) => CommandPaletteResult[];

/**
 * Builds the search for one items array: lowercased names, acronyms and the Fuse index are
 * computed once here, not on every keystroke.
 */
export function createCommandPaletteSearch(
  items: readonly CommandPaletteItem[],
): CommandPaletteSearch {
  const entries: Entry[] = items.map((item, index) => ({
    item,
    index,
    name: prepare(item.name),
    keywords: (item.keywords ?? []).map(prepare),
  }));
  const fuse = new Fuse(items, {
    keys: [
      { name: 'name', weight: 2 },
      { name: 'keywords', weight: 1 },
    ],
    includeScore: true,
    includeMatches: true,
    ignoreLocation: true,
    threshold: FUZZY_THRESHOLD,
  });

  return function search(rawQuery, limit = Infinity) {
    const query = rawQuery.trim();
    if (query === '' || limit <= 0) return [];
    const lowerQuery = query.toLowerCase();

    const ranked: Ranked[] = [];
    for (const entry of entries) {
      const entryScore = score(entry, query, lowerQuery);
      if (entryScore !== Infinity) ranked.push({ entry, score: entryScore });
    }
    // Within a tier: the shorter name is the closer match; then the order the caller gave.
    ranked.sort(
      (a, b) =>
        a.score - b.score ||
        a.entry.name.raw.length - b.entry.name.raw.length ||
        a.entry.index - b.entry.index,
    );
    const results: CommandPaletteResult[] = ranked.map(({ entry, score }) => ({
      item: entry.item,
      tier: MATCH_TIERS[Math.floor(score / 2)]!,
      viaKeyword: score % 2 === 1,
    }));

    if (results.length < limit && query.length >= FUZZY_MIN_QUERY_LENGTH) {
      const matched = new Set(ranked.map(({ entry }) => entry.index));
      const fuzzy = fuse
        .search(query)
        .filter((hit) => !matched.has(hit.refIndex))
        .sort((a, b) => (a.score ?? 1) - (b.score ?? 1) || a.refIndex - b.refIndex);
      for (const hit of fuzzy) {
        const viaName = hit.matches?.some((match) => match.key === 'name') ?? false;
        results.push({ item: hit.item, tier: 'fuzzy', viaKeyword: !viaName });
      }
    }
    return results.slice(0, limit);
  };
}

const searches = new WeakMap<readonly CommandPaletteItem[], CommandPaletteSearch>();

/**
 * Ranks `items` for `query` in the spec's order (case-sensitive equal, equal, starts with, word
 * starts with, contains, acronym, fuzzy) and returns at most `limit` items, best first.
 * The prepared index is cached per `items` array, so keep the array stable between calls.
 */
export function searchCommandPaletteItems(
  items: readonly CommandPaletteItem[],
  query: string,
  limit?: number,
): CommandPaletteItem[] {
  let search = searches.get(items);
  if (!search) {
    search = createCommandPaletteSearch(items);
    searches.set(items, search);
  }
  return search(query, limit).map((result) => result.item);
}
