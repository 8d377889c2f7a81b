import Fuse from 'fuse.js';
import { synonymsFor } from './synonyms.ts';

export type CommandPaletteItem = {
  name: string;
  keywords?: string[];
  category: string;
  url: string;
};

/**
 * The ranking order, best first. Each tier is tried on the name, then on the keywords: a
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

// Fuse's Bitap works on patterns of at most 32 characters and matches longer ones chunk by chunk:
// the prefilter's bound holds for one chunk only, so longer queries go to Fuse unfiltered.
const FUSE_MAX_PATTERN = 32;

type Text = { raw: string; lower: string; acronym: string };
type Entry = { item: CommandPaletteItem; index: number; name: Text; keywords: Text[] };

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

/**
 * The most typos Fuse accepts in a pattern of `length` characters: its score is errors / length
 * (location ignored), and a match needs a score within the threshold.
 */
function maxTypos(length: number): number {
  return Math.floor(FUZZY_THRESHOLD * length + 1e-9);
}

/**
 * Whether Fuse can match `lowerQuery` (at most 32 characters) in one of an entry's fields: some
 * substring of the field is within k edits of the query (k = maxTypos), found by Myers'
 * bit-vector edit distance (one pass, a few word operations per character). Fuse's Bitap finds
 * a match only where such a substring exists, so Fuse scoring only the entries that pass returns
 * the same hits and scores as Fuse over every item: its scores depend on the field and the
 * pattern, never on the rest of the collection.
 */
function createFuzzyPrefilter(lowerQuery: string): (entry: Entry) => boolean {
  const length = lowerQuery.length;
  const typos = maxTypos(length);
  const last = 1 << (length - 1);
  // Slot per UTF-16 code unit: a typed array read per character, no hashing in the inner loop.
  const slotOf = new Uint8Array(65536);
  const peq = [0];
  for (let i = 0; i < length; i += 1) {
    const code = lowerQuery.charCodeAt(i);
    if (slotOf[code] === 0) {
      slotOf[code] = peq.length;
      peq.push(0);
    }
    peq[slotOf[code]!]! |= 1 << i;
  }
  const within = (lower: string) => {
    if (lower.length < length - typos) return false;
    let pv = -1;
    let mv = 0;
    let distance = length;
    for (let i = 0; i < lower.length; i += 1) {
      const eq = peq[slotOf[lower.charCodeAt(i)]!]!;
      const xv = eq | mv;
      const xh = (((eq & pv) + pv) ^ pv) | eq;
      let ph = mv | ~(xh | pv);
      let mh = pv & xh;
      if (ph & last) distance += 1;
      else if (mh & last) distance -= 1;
      if (distance <= typos) return true;
      // The match may start anywhere in the field: no edit is charged for skipping its start.
      ph <<= 1;
      mh <<= 1;
      pv = mh | ~(xv | ph);
      mv = ph & xv;
    }
    return false;
  };
  return (entry) => within(entry.name.lower) || entry.keywords.some((k) => within(k.lower));
}

export type CommandPaletteSearch = (query: string, limit?: number) => CommandPaletteResult[];

/**
 * Builds the search for one items array: lowercased names and acronyms are computed once here,
 * not on every keystroke. The fuzzy tier indexes only the prefiltered candidates of a keystroke.
 */
export function createCommandPaletteSearch(
  items: readonly CommandPaletteItem[],
): CommandPaletteSearch {
  const entries: Entry[] = items.map((item, index) => ({
    item,
    index,
    name: prepare(item.name),
    // The maintained synonyms ("modal" for Dialogs) count as keywords of the item they name.
    keywords: [...new Set([...(item.keywords ?? []), ...synonymsFor(item.name)])].map(prepare),
  }));
  const fuseOptions = {
    keys: [
      { name: 'name', weight: 2 },
      { name: 'keywords', weight: 1 },
    ],
    includeScore: true,
    includeMatches: true,
    ignoreLocation: true,
    threshold: FUZZY_THRESHOLD,
  };
  // The fuzzy tier runs Fuse on the entries the prefilter lets through (a few dozen among
  // thousands); for long queries, which the prefilter cannot bound, on every item.
  // Fuse sees what the exact tiers see: the name and the keywords with their synonyms.
  const indexed = entries.map((entry) => ({
    name: entry.name.raw,
    keywords: entry.keywords.map((keyword) => keyword.raw),
  }));
  let everything: Fuse<(typeof indexed)[number]> | undefined;
  function fuzzySearch(lowerQuery: string, matched: (index: number) => boolean) {
    if (lowerQuery.length > FUSE_MAX_PATTERN) {
      everything ??= new Fuse(indexed, fuseOptions);
      return everything.search(lowerQuery).filter((hit) => !matched(hit.refIndex));
    }
    const passes = createFuzzyPrefilter(lowerQuery);
    const candidates = entries.filter((entry) => !matched(entry.index) && passes(entry));
    if (candidates.length === 0) return [];
    return new Fuse(
      candidates.map((entry) => indexed[entry.index]!),
      fuseOptions,
    )
      .search(lowerQuery)
      .map((hit) => ({ ...hit, refIndex: candidates[hit.refIndex]!.index }));
  }

  // Each entry's score for the current keystroke (NO_MATCH when no exact tier matched).
  const scores = new Uint8Array(entries.length);

  return function search(rawQuery, limit = Infinity) {
    const query = rawQuery.trim();
    if (query === '' || limit <= 0) return [];
    const lowerQuery = query.toLowerCase();

    // Bucketed by score, each bucket in the caller's order: no comparison sort of thousands of
    // matches for a one-letter query, only a counting sort of the buckets the limit reaches.
    const buckets: Entry[][] = [];
    for (const entry of entries) {
      const entryScore = score(entry, query, lowerQuery);
      if (entryScore === Infinity) {
        scores[entry.index] = NO_MATCH;
      } else {
        scores[entry.index] = entryScore;
        (buckets[entryScore] ??= []).push(entry);
      }
    }
    const results: CommandPaletteResult[] = [];
    for (let bucketScore = 0; bucketScore < buckets.length; bucketScore += 1) {
      if (results.length >= limit) break;
      const bucket = buckets[bucketScore];
      if (!bucket) continue;
      const tier = MATCH_TIERS[Math.floor(bucketScore / 2)]!;
      const viaKeyword = bucketScore % 2 === 1;
      // Within a tier: the shorter name is the closer match; then the order the caller gave.
      for (const entry of byNameLength(bucket)) {
        if (results.length >= limit) break;
        results.push({ item: entry.item, tier, viaKeyword });
      }
    }

    if (results.length < limit && query.length >= FUZZY_MIN_QUERY_LENGTH) {
      const fuzzy = fuzzySearch(lowerQuery, (index) => scores[index] !== NO_MATCH).sort(
        (a, b) => (a.score ?? 1) - (b.score ?? 1) || a.refIndex - b.refIndex,
      );
      for (const hit of fuzzy) {
        if (results.length >= limit) break;
        const viaName = hit.matches?.some((match) => match.key === 'name') ?? false;
        results.push({ item: items[hit.refIndex]!, tier: 'fuzzy', viaKeyword: !viaName });
      }
    }
    return results;
  };
}

const NO_MATCH = 255;

/** A stable counting sort by name length: entries keep the caller's order within a length. */
function byNameLength(bucket: Entry[]): Entry[] {
  if (bucket.length < 2) return bucket;
  const byLength: Entry[][] = [];
  for (const entry of bucket) (byLength[entry.name.raw.length] ??= []).push(entry);
  return byLength.flatMap((group) => group ?? []);
}

const searches = new WeakMap<readonly CommandPaletteItem[], CommandPaletteSearch>();

/**
 * Ranks `items` for `query` in tier order (case-sensitive equal, equal, starts with, word
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
