/**
 * The site directory of spec §2 (the signed-out footer's four lists), the only catalogue
 * we have until the catalogue module exists. It feeds the command palette.
 */

export interface CommandPaletteItem {
  name: string;
  keywords: string[];
  category: string;
  url: string;
}

interface ProductDirectory {
  product: string;
  slug: string;
  groups: Record<string, string[]>;
}

export const COMPONENT_DIRECTORY: readonly ProductDirectory[] = [
  {
    product: 'Marketing',
    slug: 'marketing',
    groups: {
      sections: [
        'heroes',
        'feature-sections',
        'pricing',
        'header',
        'newsletter-sections',
        'testimonials',
        'team-sections',
        'content-sections',
        'logo-clouds',
        'faq-sections',
        'footers',
      ],
      elements: ['flyout-menus', 'banners'],
    },
  },
  {
    product: 'Application UI',
    slug: 'application-ui',
    groups: {
      lists: ['tables', 'feeds'],
      forms: ['form-layouts', 'select-menus', 'radio-groups', 'checkboxes', 'comboboxes'],
      navigation: ['navbars', 'pagination', 'sidebar-navigation', 'command-palettes'],
      overlays: ['dialogs'],
      elements: ['dropdowns', 'buttons'],
    },
  },
  {
    product: 'Ecommerce',
    slug: 'ecommerce',
    groups: {
      components: [
        'product-overviews',
        'product-lists',
        'category-previews',
        'shopping-carts',
        'category-filters',
        'product-quickviews',
        'product-features',
        'store-navigation',
        'promo-sections',
        'checkout-forms',
        'reviews',
        'order-summaries',
        'order-history',
        'incentives',
      ],
    },
  },
];

export const TEMPLATE_SLUGS: readonly string[] = [
  'catalyst',
  'spotlight',
  'salient',
  'protocol',
  'commit',
  'primer',
  'studio',
  'transmit',
  'pocket',
  'syntax',
  'keynote',
];

export const SITE_PAGES: readonly CommandPaletteItem[] = [
  { name: 'Components', keywords: ['catalogue', 'browse'], category: 'Pages', url: '/components' },
  { name: 'Templates', keywords: ['themes', 'sites'], category: 'Pages', url: '/templates' },
  {
    name: 'Documentation',
    keywords: ['docs', 'help', 'guide'],
    category: 'Pages',
    url: '/documentation',
  },
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

const ACRONYMS = new Set(['faq', 'ui']);

/** `feature-sections` → `Feature Sections`, `faq-sections` → `FAQ Sections`. */
export function titleFromSlug(slug: string): string {
  return slug
    .split('-')
    .map((word) =>
      ACRONYMS.has(word) ? word.toUpperCase() : word[0]!.toUpperCase() + word.slice(1),
    )
    .join(' ');
}

export function buildCommandPaletteItems(): CommandPaletteItem[] {
  const components = COMPONENT_DIRECTORY.flatMap(({ product, slug, groups }) =>
    Object.entries(groups).flatMap(([group, subcategories]) =>
      subcategories.map((subcategory) => ({
        name: titleFromSlug(subcategory),
        keywords: [...new Set([product.toLowerCase(), group, ...subcategory.split('-')])],
        category: product,
        url: `/components/${slug}/${group}/${subcategory}`,
      })),
    ),
  );
  const templates = TEMPLATE_SLUGS.map((slug) => ({
    name: titleFromSlug(slug),
    keywords: ['template', 'site', slug],
    category: 'Templates',
    url: `/templates/${slug}`,
  }));
  return [...components, ...templates, ...SITE_PAGES];
}

let cached: readonly CommandPaletteItem[] | undefined;

/** Static for the life of the process: built once. */
export function commandPaletteItems(): readonly CommandPaletteItem[] {
  cached ??= Object.freeze(buildCommandPaletteItems());
  return cached;
}
