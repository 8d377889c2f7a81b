// `pnpm bench palette`: the command palette's search per keystroke at 100 / 1,000 / 10,000 items
// (issue 15 budget: p95 ≤ 2 ms at 1,000 and ≤ 10 ms at 10,000). Runs in this process on the
// catalogue's real items (packages/catalog/dist), no server needed. Never pass/fail.
import { resolve } from 'node:path';
import { loadCatalogue } from '../../apps/server/src/modules/catalog/repository.ts';
import { buildCommandPaletteItems } from '../../apps/server/src/modules/catalog/service/command-palette.ts';
import {
  createCommandPaletteSearch,
  type CommandPaletteItem,
} from '../../packages/ui/src/command-palette/search.ts';

/** What a visitor types into the command palette, one search per keystroke (typos included). */
export const PALETTE_TYPING = [
  'p',
  'pr',
  'pri',
  'pric',
  'pricng',
  'd',
  'di',
  'dialgs',
  'modal windows',
  'h',
  'he',
  'her',
  'hero',
  'heros',
  'heros sectins',
  'c',
  'ca',
  'cat',
  'catalyst',
  'xyzzy plugh',
];

/** The palette shows at most this many results (command-palette.tsx RESULT_LIMIT). */
const RESULT_LIMIT = 50;
const BUDGET_P95_MS: Record<number, number> = { 1000: 2, 10000: 10 };

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;
const ms = (value: number) => Number(value.toFixed(3));

/**
 * `count` items from the catalogue's: the first `count` when there are enough, else copies with
 * a distinct url and a number in the name (as a bigger catalogue's "Hero Sections 12" would be),
 * so the exact tiers do not fill the 50 results and every keystroke reaches the fuzzy tier.
 */
export function scaledItems(base: readonly CommandPaletteItem[], count: number) {
  if (count <= base.length) return base.slice(0, count);
  return Array.from({ length: count }, (_, index) => {
    const item = base[index % base.length]!;
    const copy = Math.floor(index / base.length);
    return copy === 0
      ? item
      : { ...item, name: `${item.name} ${copy + 1}`, url: `${item.url}-${copy + 1}` };
  });
}

/** The palette's search over `items`: building its index once, then each keystroke. */
export function paletteSearchTimes(items: readonly CommandPaletteItem[]) {
  const builds: number[] = [];
  let search = createCommandPaletteSearch(items);
  for (let i = 0; i < 7; i += 1) {
    const started = performance.now();
    search = createCommandPaletteSearch(items);
    builds.push(performance.now() - started);
  }
  // Warm-up: the JIT, as after a few keystrokes in the browser.
  for (const query of PALETTE_TYPING) search(query, RESULT_LIMIT);
  const keystrokes: number[] = [];
  const rounds = items.length >= 10000 ? 10 : 30;
  for (let round = 0; round < rounds; round += 1) {
    for (const query of PALETTE_TYPING) {
      const started = performance.now();
      search(query, RESULT_LIMIT);
      keystrokes.push(performance.now() - started);
    }
  }
  const p95 = percentile(keystrokes, 0.95);
  const budget = BUDGET_P95_MS[items.length];
  return {
    items: items.length,
    'index build, median ms': ms(percentile(builds, 0.5)),
    'keystroke, median ms': ms(percentile(keystrokes, 0.5)),
    'keystroke, p95 ms': ms(p95),
    'p95 budget ms': budget ?? '—',
    'within budget': budget === undefined ? '—' : p95 <= budget ? 'yes' : 'NO',
    'keystroke, slowest ms': ms(Math.max(...keystrokes)),
  };
}

export function catalogueItems(): CommandPaletteItem[] {
  const dir =
    process.env.CATALOG_DIST ?? resolve(import.meta.dirname, '../../packages/catalog/dist');
  return buildCommandPaletteItems(loadCatalogue(dir));
}

export function benchPalette(items: readonly CommandPaletteItem[] = catalogueItems()) {
  console.log(
    `\nCommand palette search, per keystroke (in this process; ${items.length} catalogue items, ` +
      `scaled; typing ${PALETTE_TYPING.map((q) => `"${q}"`).join(', ')}; ` +
      `${RESULT_LIMIT} results shown):`,
  );
  console.table(
    Object.fromEntries(
      [100, 1000, 10000].map((count) => [
        `${count} items`,
        paletteSearchTimes(scaledItems(items, count)),
      ]),
    ),
  );
}

if (import.meta.main) benchPalette();
