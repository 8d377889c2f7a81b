import { describe, expect, it } from 'vitest';
import { catalogueSubcategoryItems } from './fixtures';
import { createCommandPaletteSearch, searchCommandPaletteItems } from './search';
import { PALETTE_SYNONYMS, synonymsFor } from './synonyms';

const search = createCommandPaletteSearch(catalogueSubcategoryItems);

describe('the palette synonyms', () => {
  it('name only subcategories the catalogue has', () => {
    const names = new Set(catalogueSubcategoryItems.map((item) => item.name));
    for (const { finds } of PALETTE_SYNONYMS) {
      for (const target of finds) expect(names, target).toContain(target);
    }
  });

  for (const { words, finds } of PALETTE_SYNONYMS) {
    for (const word of words) {
      it(`"${word}" finds ${finds.join(', ')} first`, () => {
        const results = search(word);
        const found = results.map((result) => result.item.name);
        // Every intended subcategory is found, and all of them rank before anything else.
        const intended = new Set(finds);
        const firstOther = found.findIndex((name) => !intended.has(name));
        const lastIntended = Math.max(...finds.map((name) => found.indexOf(name)));
        for (const name of finds) expect(found, word).toContain(name);
        if (firstOther !== -1) expect(lastIntended, word).toBeLessThan(firstOther);
      });
    }
  }

  it('is case-blind and reaches the synonym from its first letters, as a keyword', () => {
    expect(searchCommandPaletteItems(catalogueSubcategoryItems, 'MODAL', 1)[0]?.name).toBe(
      'Dialogs',
    );
    expect(search('toa').map(({ item, viaKeyword }) => [item.name, viaKeyword])).toContainEqual([
      'Notifications',
      true,
    ]);
  });

  it('is tolerant of a typo in a synonym of five letters or more', () => {
    expect(search('snakbar').map((result) => result.item.name)).toContain('Notifications');
  });

  it('ranks an exact synonym above a name that only starts with it, as any exact keyword', () => {
    const items = [
      { name: 'Dialogs', category: 'Application UI', url: '/dialogs' },
      { name: 'Modal Windows', category: 'Test', url: '/modal-windows' },
    ];
    expect(searchCommandPaletteItems(items, 'modal')).toEqual([items[0], items[1]]);
    expect(synonymsFor('dialogs')).toEqual([
      'modal',
      'modals',
      'lightbox',
      'popup',
      'pop-up',
      'popover',
    ]);
  });
});
