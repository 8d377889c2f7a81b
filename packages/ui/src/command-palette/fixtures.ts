import type { CommandPaletteItem } from './search';

function section(
  category: string,
  base: string,
  entries: Array<[name: string, slug: string, keywords?: string[]]>,
): CommandPaletteItem[] {
  return entries.map(([name, slug, keywords]) => ({
    name,
    category,
    url: `${base}/${slug}`,
    ...(keywords ? { keywords } : {}),
  }));
}

/** A realistic slice of the storefront's shared `commandPalette` items, in catalogue order. */
export const commandPaletteItems: CommandPaletteItem[] = [
  ...section('Marketing', '/components/marketing/sections', [
    ['Hero Sections', 'heroes', ['landing', 'header']],
    ['Feature Sections', 'feature-sections'],
    ['Pricing Sections', 'pricing', ['plans', 'tiers']],
    ['Header Sections', 'header'],
    ['Newsletter Sections', 'newsletter-sections', ['subscribe', 'email']],
    ['Testimonials', 'testimonials', ['quotes', 'reviews']],
    ['Team Sections', 'team-sections', ['people']],
    ['Content Sections', 'content-sections'],
    ['Logo Clouds', 'logo-clouds', ['brands']],
    ['FAQs', 'faq-sections', ['questions']],
    ['Footers', 'footers'],
  ]),
  ...section('Marketing', '/components/marketing/elements', [
    ['Flyout Menus', 'flyout-menus', ['popover']],
    ['Banners', 'banners', ['announcement']],
  ]),
  ...section('Application UI', '/components/application-ui', [
    ['Tables', 'lists/tables', ['data grid']],
    ['Feeds', 'lists/feeds', ['activity', 'timeline']],
    ['Form Layouts', 'forms/form-layouts'],
    ['Select Menus', 'forms/select-menus', ['listbox', 'dropdown']],
    ['Radio Groups', 'forms/radio-groups'],
    ['Checkboxes', 'forms/checkboxes'],
    ['Comboboxes', 'forms/comboboxes', ['autocomplete']],
    ['Navbars', 'navigation/navbars'],
    ['Pagination', 'navigation/pagination'],
    ['Sidebar Navigation', 'navigation/sidebar-navigation'],
    ['Command Palettes', 'navigation/command-palettes', ['search', 'spotlight']],
    ['Dialogs', 'overlays/dialogs', ['modal', 'popup']],
    ['Dropdowns', 'elements/dropdowns', ['menu']],
    ['Buttons', 'elements/buttons'],
  ]),
  ...section('Ecommerce', '/components/ecommerce/components', [
    ['Product Overviews', 'product-overviews'],
    ['Product Lists', 'product-lists'],
    ['Category Previews', 'category-previews'],
    ['Shopping Carts', 'shopping-carts', ['basket', 'bag']],
    ['Category Filters', 'category-filters'],
    ['Product Quickviews', 'product-quickviews'],
    ['Product Features', 'product-features'],
    ['Store Navigation', 'store-navigation'],
    ['Promo Sections', 'promo-sections'],
    ['Checkout Forms', 'checkout-forms', ['payment']],
    ['Reviews', 'reviews', ['ratings']],
    ['Order Summaries', 'order-summaries'],
    ['Order History', 'order-history'],
    ['Incentives', 'incentives'],
  ]),
  ...section('Templates', '/templates', [
    ['Catalyst', 'catalyst', ['ui kit', 'application']],
    ['Spotlight', 'spotlight', ['portfolio', 'personal']],
    ['Salient', 'salient', ['saas', 'landing page']],
    ['Protocol', 'protocol', ['api reference']],
    ['Commit', 'commit', ['changelog']],
    ['Primer', 'primer', ['info product']],
    ['Studio', 'studio', ['agency']],
    ['Transmit', 'transmit', ['podcast']],
    ['Pocket', 'pocket', ['app marketing']],
    ['Syntax', 'syntax', ['documentation']],
    ['Keynote', 'keynote', ['conference']],
  ]),
  ...section('Documentation', '/docs', [
    ['Getting set up', 'getting-set-up', ['install', 'requirements']],
    ['Using React', 'react', ['jsx']],
    ['Using Vue', 'vue', ['sfc']],
    ['Using HTML', 'html'],
    ['Dark mode', 'dark-mode'],
    ['Accessibility', 'accessibility', ['a11y', 'aria']],
  ]),
];
