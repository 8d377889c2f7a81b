import { describe, expect, it } from 'vitest';
import { groupByCategory } from './grouping';
import { createCommandPaletteSearch, type CommandPaletteItem } from './search';

const item = (name: string, category: string, keywords: string[] = []): CommandPaletteItem => ({
  name,
  category,
  keywords,
  url: `/${name.toLowerCase().replace(/\W+/g, '-')}`,
});

describe('groupByCategory', () => {
  it('never lifts a weaker match of one category above a better one of another', () => {
    const items = [
      item('Tables', 'Application UI'),
      item('Tessera', 'Templates'),
      item('Order summaries', 'Ecommerce', ['totals']),
      item('Text areas', 'Application UI'),
    ];
    // Ranked: Tables, Tessera, Text areas (names, shorter first), then Order summaries (keyword).
    const ranked = createCommandPaletteSearch(items)('t').map((result) => result.item);
    const groups = groupByCategory(ranked);
    expect(groups.flatMap((group) => group.options.map((option) => option.item))).toEqual(ranked);
    expect(groups.flatMap((group) => group.options.map((option) => option.index))).toEqual(
      ranked.map((_, index) => index),
    );
  });

  it('puts neighbours of one category under one label', () => {
    const ranked = [
      item('Heroes', 'Marketing'),
      item('Header', 'Marketing'),
      item('Catalyst', 'Templates'),
      item('Hero images', 'Marketing'),
    ];
    expect(groupByCategory(ranked).map((group) => [group.category, group.options.length])).toEqual([
      ['Marketing', 2],
      ['Templates', 1],
      ['Marketing', 1],
    ]);
  });
});
