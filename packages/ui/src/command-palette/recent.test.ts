import { beforeEach, describe, expect, it } from 'vitest';
import { catalogueSubcategoryItems, commandPaletteItems } from './fixtures';
import { labelledGroups } from './grouping';
import {
  readRecent,
  RECENT_LIMIT,
  RECENT_STORAGE_KEY,
  recentItems,
  rememberRecent,
  SUGGESTED_LIMIT,
  suggestedItems,
} from './recent';
import type { CommandPaletteItem } from './search';

const item = (name: string): CommandPaletteItem => {
  const found = commandPaletteItems.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no fixture item ${name}`);
  return found;
};

beforeEach(() => localStorage.clear());

describe('recently opened palette items', () => {
  it('are kept newest first, once each, at most RECENT_LIMIT', () => {
    const names = ['Tables', 'Catalyst', 'Dialogs', 'Tables', 'Feeds', 'Hero Sections', 'Footers'];
    for (const name of names) rememberRecent(localStorage, item(name));
    expect(recentItems(commandPaletteItems, readRecent(localStorage)).map((i) => i.name)).toEqual([
      'Footers',
      'Hero Sections',
      'Feeds',
      'Tables',
      'Dialogs',
    ]);
    expect(readRecent(localStorage)).toHaveLength(RECENT_LIMIT);
    // Only what is needed to find the item again is stored.
    expect(JSON.parse(localStorage.getItem(RECENT_STORAGE_KEY)!)[0]).toEqual({
      name: 'Footers',
      url: '/components/marketing/sections/footers',
    });
  });

  it('survive storage that is corrupt, of another shape, or unusable', () => {
    for (const stored of ['{not json', '42', '{"name":"Tables"}', 'null']) {
      localStorage.setItem(RECENT_STORAGE_KEY, stored);
      expect(readRecent(localStorage), stored).toEqual([]);
    }
    localStorage.setItem(
      RECENT_STORAGE_KEY,
      JSON.stringify([null, 'Tables', { name: 1, url: '/x' }, item('Tables'), item('Tables')]),
    );
    expect(readRecent(localStorage)).toEqual([
      { name: 'Tables', url: '/components/application-ui/lists/tables' },
    ]);
    rememberRecent(localStorage, item('Feeds'));
    expect(readRecent(localStorage).map((entry) => entry.name)).toEqual(['Feeds', 'Tables']);

    const full = {
      getItem: () => '[]',
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    } as unknown as Storage;
    expect(() => rememberRecent(full, item('Feeds'))).not.toThrow();
    expect(() => rememberRecent(null, item('Feeds'))).not.toThrow();
    expect(readRecent(null)).toEqual([]);
  });

  it('leave out what the palette no longer has (renamed or removed)', () => {
    localStorage.setItem(
      RECENT_STORAGE_KEY,
      JSON.stringify([
        { name: 'Modals', url: '/components/application-ui/overlays/dialogs' },
        { name: 'Catalyst', url: '/templates/catalyst' },
      ]),
    );
    expect(recentItems(commandPaletteItems, readRecent(localStorage))).toEqual([item('Catalyst')]);
  });
});

describe('suggested palette items', () => {
  it('are the first item of each category, in catalogue order', () => {
    expect(suggestedItems(commandPaletteItems).map((i) => i.name)).toEqual([
      'Hero Sections',
      'Tables',
      'Product Overviews',
      'Catalyst',
      'Getting set up',
    ]);
  });

  it('leave out what Recent shows, taking the next of its category', () => {
    expect(
      suggestedItems(commandPaletteItems, [item('Hero Sections'), item('Dialogs')]).map(
        (i) => i.name,
      ),
    ).toEqual(['Feature Sections', 'Tables', 'Product Overviews', 'Catalyst', 'Getting set up']);
  });

  it('against the real subcategories: one per product, at most SUGGESTED_LIMIT, all real', () => {
    const suggested = suggestedItems(catalogueSubcategoryItems);
    const products = new Set(catalogueSubcategoryItems.map((i) => i.category));
    expect(suggested).toHaveLength(Math.min(products.size, SUGGESTED_LIMIT));
    expect(new Set(suggested.map((i) => i.category)).size).toBe(suggested.length);
    for (const entry of suggested) expect(catalogueSubcategoryItems).toContain(entry);
  });

  it('and Recent form numbered groups for the listbox, empty lists left out', () => {
    const groups = labelledGroups([
      ['Recent', [item('Catalyst')]],
      ['Nothing', []],
      ['Suggested', suggestedItems(commandPaletteItems, [item('Catalyst')])],
    ]);
    expect(groups.map((group) => group.category)).toEqual(['Recent', 'Suggested']);
    expect(groups.flatMap((group) => group.options.map((option) => option.index))).toEqual([
      0, 1, 2, 3, 4, 5,
    ]);
  });
});
