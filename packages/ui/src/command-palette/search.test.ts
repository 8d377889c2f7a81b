import Fuse from 'fuse.js';
import { describe, expect, it } from 'vitest';
import { commandPaletteItems } from './fixtures';
import {
  createCommandPaletteSearch,
  searchCommandPaletteItems,
  type CommandPaletteItem,
} from './search';
import { synonymsFor } from './synonyms';

function item(name: string, keywords?: string[]): CommandPaletteItem {
  return { name, category: 'Test', url: `/${name}`, ...(keywords ? { keywords } : {}) };
}

function names(items: CommandPaletteItem[], query: string, limit?: number): string[] {
  return searchCommandPaletteItems(items, query, limit).map((result) => result.name);
}

function tiers(items: CommandPaletteItem[], query: string) {
  return createCommandPaletteSearch(items)(query).map(
    ({ item, tier, viaKeyword }) => `${item.name}:${tier}${viaKeyword ? ':keyword' : ''}`,
  );
}

describe('searchCommandPaletteItems', () => {
  it('returns nothing for an empty or blank query', () => {
    expect(names(commandPaletteItems, '')).toEqual([]);
    expect(names(commandPaletteItems, '   ')).toEqual([]);
  });

  it('ranks a case-sensitive equal name above a case-insensitive one', () => {
    const items = [item('forms'), item('Forms')];
    expect(tiers(items, 'Forms')).toEqual(['Forms:case-sensitive-equal', 'forms:equal']);
    expect(tiers(items, 'forms')).toEqual(['forms:case-sensitive-equal', 'Forms:equal']);
  });

  it('orders every tier: equal, starts with, word starts with, contains, acronym, fuzzy', () => {
    const items = [
      item('Cartz Kit'), // one typo away
      item('Cash Alerts Register Table Suite'), // acronym c-a-r-t-s
      item('Shopping Carts'), // word starts with
      item('Minicarts'), // contains
      item('Carts and Bags'), // starts with
      item('carts'), // equal (case-insensitive)
      item('Carts'), // case-sensitive equal
    ];
    expect(tiers(items, 'Carts')).toEqual([
      'Carts:case-sensitive-equal',
      'carts:equal',
      'Carts and Bags:starts-with',
      'Shopping Carts:word-starts-with',
      'Minicarts:contains',
      'Cash Alerts Register Table Suite:acronym',
      'Cartz Kit:fuzzy',
    ]);
  });

  it('matches a word start after any separator, not only a space', () => {
    expect(tiers([item('Sign-in Forms'), item('Checkout/Forms')], 'forms')).toEqual([
      'Sign-in Forms:word-starts-with',
      'Checkout/Forms:word-starts-with',
    ]);
    expect(tiers([item('Platforms')], 'forms')).toEqual(['Platforms:contains']);
  });

  it('matches acronyms on the initials of the words of the name', () => {
    expect(names(commandPaletteItems, 'pq')).toEqual(['Product Quickviews']);
    expect(names(commandPaletteItems, 'cp')).toEqual(['Command Palettes', 'Category Previews']);
    expect(tiers([item('Sidebar Navigation')], 'sn')).toEqual(['Sidebar Navigation:acronym']);
  });

  it('does not treat a single letter as an acronym', () => {
    expect(names([item('Sidebar Navigation')], 'n')).toEqual(['Sidebar Navigation']);
    expect(tiers([item('Order History')], 'h')).toEqual(['Order History:word-starts-with']);
    expect(names([item('Pagination')], 'z')).toEqual([]);
  });

  it('ranks a keyword match below a name match of the same tier, above lower name tiers', () => {
    const items = [
      item('Modal Windows'), // name starts with 'modal'
      item('Dialogs', ['modal']), // keyword equal
      item('Modal', ['popup']), // name equal
      item('Sheets', ['modal sheet']), // keyword starts with
    ];
    expect(tiers(items, 'modal')).toEqual([
      'Modal:equal',
      'Dialogs:equal:keyword',
      'Modal Windows:starts-with',
      'Sheets:starts-with:keyword',
    ]);
  });

  it('uses the best tier over the name and all keywords', () => {
    const items = [item('Feeds', ['activity stream', 'timeline']), item('Timelines')];
    expect(tiers(items, 'timeline')).toEqual(['Feeds:equal:keyword', 'Timelines:starts-with']);
  });

  it('keeps a stable order within a tier: shorter name first, then the given order', () => {
    const items = [item('Product Overviews'), item('Product Lists'), item('Product Features')];
    expect(names(items, 'product')).toEqual([
      'Product Lists',
      'Product Features',
      'Product Overviews',
    ]);
    const sameLength = [item('Order Alpha'), item('Order Bravo'), item('Order Gamma')];
    expect(names(sameLength, 'order')).toEqual(['Order Alpha', 'Order Bravo', 'Order Gamma']);
  });

  it('finds names despite small typos', () => {
    expect(names(commandPaletteItems, 'dialgs')[0]).toBe('Dialogs');
    expect(names(commandPaletteItems, 'pricng')[0]).toBe('Pricing Sections');
    expect(names(commandPaletteItems, 'chekout')[0]).toBe('Checkout Forms');
    expect(names(commandPaletteItems, 'testimonails')[0]).toBe('Testimonials');
    expect(names(commandPaletteItems, 'navbrs')[0]).toBe('Navbars');
  });

  it('finds keywords despite small typos', () => {
    expect(tiers(commandPaletteItems, 'podcsat')[0]).toBe('Transmit:fuzzy:keyword');
  });

  it('never lets a fuzzy match outrank an exact tier', () => {
    const items = [
      item('Carts'),
      item('Charts'),
      item('Cool Alerts Rich Data Sets'),
      item('Cards'),
    ];
    expect(tiers(items, 'cards')).toEqual([
      'Cards:equal',
      'Cool Alerts Rich Data Sets:acronym',
      'Carts:fuzzy',
    ]);
  });

  it('keeps fuzzy noise out of unrelated words', () => {
    expect(names(commandPaletteItems, 'pricing')).toEqual(['Pricing Sections']);
    expect(names(commandPaletteItems, 'qwerty')).toEqual([]);
    expect(names(commandPaletteItems, 'xyz')).toEqual([]);
  });

  it('does not fuzzy-match queries shorter than five characters', () => {
    // With one typo allowed, 'menu' would match 'announcement' and 'payment'.
    expect(names(commandPaletteItems, 'menu')).toEqual([
      'Dropdowns',
      'Flyout Menus',
      'Select Menus',
    ]);
    expect(names([item('Tables')], 'tbls')).toEqual([]);
    expect(names([item('Tables')], 'tabel')).toEqual(['Tables']);
  });

  it('ignores surrounding whitespace in the query', () => {
    expect(names(commandPaletteItems, '  Reviews ')[0]).toBe('Reviews');
  });

  it('returns at most `limit` results, best first', () => {
    const all = names(commandPaletteItems, 'product');
    expect(all.length).toBeGreaterThan(3);
    expect(names(commandPaletteItems, 'product', 3)).toEqual(all.slice(0, 3));
    expect(names(commandPaletteItems, 'product', 0)).toEqual([]);
  });

  it('returns the caller’s item objects', () => {
    const [first] = searchCommandPaletteItems(commandPaletteItems, 'Dialogs');
    expect(first).toBe(commandPaletteItems.find((entry) => entry.name === 'Dialogs'));
  });

  // How fast this is belongs to `pnpm bench` (command palette search), not to a test.
  it('ranks a few hundred items as it ranks a handful: every copy once, in the caller’s order', () => {
    const copies = 25;
    const many = Array.from({ length: commandPaletteItems.length * copies }, (_, index) => ({
      ...commandPaletteItems[index % commandPaletteItems.length]!,
      url: `/item/${index}`,
    }));
    for (const query of ['p', 'pro', 'product', 'pricng', 'dialgs', 'Reviews']) {
      const few = names(commandPaletteItems, query);
      const results = searchCommandPaletteItems(many, query);
      expect(
        results.map(({ url }) => url),
        query,
      ).toEqual([...new Set(results.map(({ url }) => url))]);
      expect(results, query).toHaveLength(few.length * copies);
      expect([...new Set(results.map(({ name }) => name))], query).toEqual(few);
      for (const name of few) {
        const order = results.filter((result) => result.name === name).map(({ url }) => url);
        expect(order, `${query}: ${name}`).toEqual(
          [...order].sort((a, b) => Number(a.slice(6)) - Number(b.slice(6))),
        );
      }
      expect(searchCommandPaletteItems(many, query, 50), query).toEqual(results.slice(0, 50));
    }
  });

  // The fuzzy tier runs Fuse only on the items a bit-parallel edit-distance check lets through;
  // the hits must be exactly those of Fuse over every item (keywords with their synonyms), with
  // the same options.
  it('finds every fuzzy hit Fuse finds over all the items, in Fuse’s order', () => {
    const withSynonyms = commandPaletteItems.map((entry) => ({
      ...entry,
      keywords: [...new Set([...(entry.keywords ?? []), ...synonymsFor(entry.name)])],
    }));
    const fuse = new Fuse(withSynonyms, {
      keys: [
        { name: 'name', weight: 2 },
        { name: 'keywords', weight: 1 },
      ],
      includeScore: true,
      ignoreLocation: true,
      threshold: 0.34,
    });
    const queries = [
      'dialgs',
      'pricng',
      'chekout',
      'testimonails',
      'navbrs',
      'podcsat',
      'tabel',
      'heros sectins',
      'ordr histroy',
      'Shoping Carts',
      'ÉCOMMERCE',
      'sign-in forms',
      'xxxxxxxx',
      'aaaaa',
      'abcdefghijklmnopqrstuvwxyz0123456', // 33 characters: Fuse splits it, no prefilter
    ];
    for (const query of queries) {
      const results = createCommandPaletteSearch(commandPaletteItems)(query);
      const exact = new Set(
        results.filter((result) => result.tier !== 'fuzzy').map((result) => result.item.url),
      );
      const expected = fuse
        .search(query)
        .filter((hit) => !exact.has(hit.item.url))
        .sort((a, b) => (a.score ?? 1) - (b.score ?? 1) || a.refIndex - b.refIndex)
        .map((hit) => hit.item.url);
      expect(
        results.filter((result) => result.tier === 'fuzzy').map((result) => result.item.url),
        query,
      ).toEqual(expected);
    }
  });

  it('finds a typo at the start, the end, or in the middle of a long name, and a swapped pair', () => {
    const items = [item('Application Shells'), item('Ecommerce Page Examples'), item('Other')];
    expect(names(items, 'pplication shells')).toEqual(['Application Shells']);
    expect(names(items, 'Applicationn Shell')).toEqual(['Application Shells']);
    expect(names(items, 'ecommerce pgae examples')).toEqual(['Ecommerce Page Examples']);
    expect(names(items, 'Ecommerce Page Exampels')).toEqual(['Ecommerce Page Examples']);
  });
});
