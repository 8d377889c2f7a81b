// The header's command palette (spec §2 Header): every subcategory, template and documentation
// page of the built catalogue, plus the store's main pages. The client searches it (typo-
// tolerant, packages/ui/src/command-palette/search.ts) and visits the chosen item's url.
import type { CommandPaletteItem } from '@tessera/pages';
import type { Catalogue } from './catalogue.ts';

export const SITE_PAGES: readonly CommandPaletteItem[] = [
  { name: 'Components', keywords: ['catalogue', 'browse'], category: 'Pages', url: '/components' },
  { name: 'Templates', keywords: ['themes', 'sites'], category: 'Pages', url: '/templates' },
  { name: 'Preview', keywords: ['playground', 'responsive'], category: 'Pages', url: '/preview' },
  {
    name: 'Changelog',
    keywords: ['updates', 'releases', 'news'],
    category: 'Pages',
    url: '/changelog',
  },
  { name: 'Support', keywords: ['help', 'contact', 'email'], category: 'Pages', url: '/support' },
  {
    name: 'All-access',
    keywords: ['pricing', 'buy', 'purchase', 'license', 'team'],
    category: 'Pages',
    url: '/all-access',
  },
];

function words(...texts: string[]): string[] {
  return [...new Set(texts.flatMap((text) => text.toLowerCase().split(/[^a-z0-9]+/)))].filter(
    (word) => word.length > 1,
  );
}

export function buildCommandPaletteItems(catalogue: Catalogue): CommandPaletteItem[] {
  const subcategories = catalogue.subcategories().map(({ product, category, subcategory }) => ({
    name: subcategory.name,
    keywords: words(product.name, category.name),
    category: product.name,
    url: subcategory.url,
  }));
  const templates = catalogue.templates.map((template) => ({
    name: template.name,
    keywords: words('template', template.type),
    category: 'Templates',
    url: `/templates/${template.slug}`,
  }));
  const docs = catalogue.docs.pages.map((page) => ({
    name: page.title,
    keywords: words('docs documentation'),
    category: 'Documentation',
    url: `/documentation/${page.slug}`,
  }));
  return [...subcategories, ...templates, ...docs, ...SITE_PAGES];
}

/** The catalogue does not change while the process runs: built once per catalogue. */
export function commandPalette(catalogue: () => Catalogue): () => readonly CommandPaletteItem[] {
  let cached: { for: Catalogue; items: readonly CommandPaletteItem[] } | undefined;
  return () => {
    const current = catalogue();
    if (cached?.for !== current) {
      cached = { for: current, items: Object.freeze(buildCommandPaletteItems(current)) };
    }
    return cached.items;
  };
}
