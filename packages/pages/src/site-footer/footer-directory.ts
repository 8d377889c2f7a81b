import type { CommandPaletteItem } from '../shared/shared-page-data';

export type FooterLink = { label: string; href: string };

export type FooterDirectoryList = {
  id: 'marketing' | 'application-ui' | 'ecommerce' | 'templates';
  title: string;
  links: FooterLink[];
  browseAll: FooterLink;
};

const ACRONYMS: Record<string, string> = { faq: 'FAQ', ui: 'UI' };

/** 'faq-sections' → 'FAQ Sections', 'sidebar-navigation' → 'Sidebar Navigation'. */
export function titleFromSlug(slug: string): string {
  return slug
    .split('-')
    .map((word) => ACRONYMS[word] ?? word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

function links(base: string, slugs: string[]): FooterLink[] {
  return slugs.map((slug) => ({ label: titleFromSlug(slug), href: `${base}/${slug}` }));
}

/** The signed-out footer's link directory: four lists, each ending with its 'Browse all' link. */
export const footerDirectory: FooterDirectoryList[] = [
  {
    id: 'marketing',
    title: 'Marketing',
    links: [
      ...links('/components/marketing/sections', [
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
      ]),
      ...links('/components/marketing/elements', ['flyout-menus', 'banners']),
    ],
    browseAll: { label: 'Browse all', href: '/components#product-marketing' },
  },
  {
    id: 'application-ui',
    title: 'Application UI',
    links: [
      ...links('/components/application-ui/lists', ['tables', 'feeds']),
      ...links('/components/application-ui/forms', [
        'form-layouts',
        'select-menus',
        'radio-groups',
        'checkboxes',
        'comboboxes',
      ]),
      ...links('/components/application-ui/navigation', [
        'navbars',
        'pagination',
        'sidebar-navigation',
        'command-palettes',
      ]),
      ...links('/components/application-ui/overlays', ['dialogs']),
      ...links('/components/application-ui/elements', ['dropdowns', 'buttons']),
    ],
    browseAll: { label: 'Browse all', href: '/components#product-application-ui' },
  },
  {
    id: 'ecommerce',
    title: 'Ecommerce',
    links: links('/components/ecommerce/components', [
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
    ]),
    browseAll: { label: 'Browse all', href: '/components#product-ecommerce' },
  },
  {
    id: 'templates',
    title: 'Templates and UI Kits',
    links: links('/templates', [
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
    ]),
    browseAll: { label: 'Browse all', href: '/templates' },
  },
];

/** The directory as palette entries, until the catalogue supplies the real ones. */
export function footerDirectoryPaletteItems(
  directory: FooterDirectoryList[] = footerDirectory,
): CommandPaletteItem[] {
  return directory.flatMap((list) =>
    list.links.map((link) => ({
      name: link.label,
      keywords: [list.title.toLowerCase()],
      category: list.title,
      url: link.href,
    })),
  );
}
