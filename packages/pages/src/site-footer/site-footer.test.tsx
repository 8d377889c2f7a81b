import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SiteFooter } from './site-footer';

const directoryUrls = [
  ...[
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
  ].map((slug) => `/components/marketing/sections/${slug}`),
  '/components/marketing/elements/flyout-menus',
  '/components/marketing/elements/banners',
  '/components#product-marketing',
  '/components/application-ui/lists/tables',
  '/components/application-ui/lists/feeds',
  ...['form-layouts', 'select-menus', 'radio-groups', 'checkboxes', 'comboboxes'].map(
    (slug) => `/components/application-ui/forms/${slug}`,
  ),
  ...['navbars', 'pagination', 'sidebar-navigation', 'command-palettes'].map(
    (slug) => `/components/application-ui/navigation/${slug}`,
  ),
  '/components/application-ui/overlays/dialogs',
  '/components/application-ui/elements/dropdowns',
  '/components/application-ui/elements/buttons',
  '/components#product-application-ui',
  ...[
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
  ].map((slug) => `/components/ecommerce/components/${slug}`),
  '/components#product-ecommerce',
  ...[
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
  ].map((slug) => `/templates/${slug}`),
  '/templates',
];

function hrefs() {
  return screen.getAllByRole('link').map((link) => link.getAttribute('href'));
}

describe('SiteFooter', () => {
  it('shows every directory link to signed-out visitors', () => {
    render(<SiteFooter signedIn={false} />);
    expect(hrefs()).toEqual(expect.arrayContaining(directoryUrls));
    expect(hrefs()).toEqual(expect.arrayContaining(['/privacy-policy', '/changelog']));
  });

  it('titles entries after their slugs and ends each list with Browse all', () => {
    render(<SiteFooter signedIn={false} />);
    const marketing = screen.getByRole('navigation', { name: 'Marketing' });
    expect(within(marketing).getByRole('link', { name: 'FAQ Sections' })).toHaveAttribute(
      'href',
      '/components/marketing/sections/faq-sections',
    );
    const items = within(marketing).getAllByRole('link');
    expect(items.at(-1)).toHaveAttribute('href', '/components#product-marketing');
    expect(items.at(-1)).toHaveTextContent('Browse all');
    expect(
      within(screen.getByRole('navigation', { name: 'Application UI' })).getByRole('link', {
        name: 'Sidebar Navigation',
      }),
    ).toBeInTheDocument();
  });

  it('hides the whole directory from signed-in users but keeps the legal links', () => {
    render(<SiteFooter signedIn copyrightYear={2026} />);
    expect(hrefs()).toEqual(['/privacy-policy', '/changelog']);
    expect(screen.getByText('© 2026 Tessera UI. All rights reserved.')).toBeInTheDocument();
  });

  it('defaults the copyright year to 2024', () => {
    render(<SiteFooter signedIn brandName="Mosaic Kit" />);
    expect(screen.getByText('© 2024 Mosaic Kit. All rights reserved.')).toBeInTheDocument();
  });
});
