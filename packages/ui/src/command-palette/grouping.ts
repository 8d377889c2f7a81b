import type { CommandPaletteItem } from './search';

export type Group = {
  category: string;
  options: Array<{ item: CommandPaletteItem; index: number }>;
};

/**
 * Labels runs of ranked results by category. A group is a run of neighbours, never a gathering:
 * gathering a category's results would lift its weaker matches above a better one of another
 * category, and the tier order decides the order.
 */
export function groupByCategory(items: CommandPaletteItem[]): Group[] {
  const groups: Group[] = [];
  items.forEach((item, index) => {
    const last = groups.at(-1);
    if (last?.category === item.category) last.options.push({ item, index });
    else groups.push({ category: item.category, options: [{ item, index }] });
  });
  return groups;
}

/** Labelled lists as groups (the empty query's Recent and Suggested), empty lists left out. */
export function labelledGroups(
  lists: Array<[label: string, items: CommandPaletteItem[]]>,
): Group[] {
  let index = 0;
  return lists
    .filter(([, items]) => items.length > 0)
    .map(([category, items]) => ({
      category,
      options: items.map((item) => ({ item, index: index++ })),
    }));
}
