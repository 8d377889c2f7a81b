import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { blackFridayOffer, templateSummaries, visitorFeaturedProducts } from '../fixtures/catalog';
import { formatOfferEnd } from './black-friday-banner';
import { HomePage, type HomePageProps } from './home-page';

const full: Omit<HomePageProps, 'canPurchaseAllAccess'> = {
  componentCount: 523,
  featuredProducts: visitorFeaturedProducts,
  templates: templateSummaries,
  allAccessPricing: { currency: 'USD', amount: 29900, advertised: 29900 },
  blackFriday: blackFridayOffer,
};

function hrefs() {
  return screen.getAllByRole('link').map((link) => link.getAttribute('href'));
}

describe('HomePage', () => {
  it('links a visitor to every place Home leads to', () => {
    render(<HomePage canPurchaseAllAccess componentCount={523} />);
    expect(hrefs()).toEqual(
      expect.arrayContaining([
        '/components',
        '/templates',
        '/preview',
        '/documentation',
        '/all-access',
        '/login',
        '/license',
        '/discord',
      ]),
    );
  });

  it('hides the hero and its pricing call-to-action from users who cannot buy', () => {
    render(<HomePage canPurchaseAllAccess={false} componentCount={523} />);
    expect(screen.queryByRole('link', { name: 'Get all-access' })).not.toBeInTheDocument();
    expect(hrefs()).not.toContain('/all-access');
    expect(hrefs()).toEqual(
      expect.arrayContaining(['/components', '/templates', '/documentation']),
    );
  });

  it('keeps the legacy version prefix on catalogue and docs links', () => {
    render(
      <HomePage
        canPurchaseAllAccess={false}
        versionPrefix="/v1"
        componentCount={523}
        featuredProducts={visitorFeaturedProducts}
      />,
    );
    expect(screen.getByRole('link', { name: 'Browse components' })).toHaveAttribute(
      'href',
      '/v1/components',
    );
    expect(hrefs()).toContain('/v1/documentation');
    expect(hrefs()).toContain('/v1/components#product-marketing');
  });

  it('shows the pricing section and the Black Friday banner only to users who can buy', () => {
    const { unmount } = render(<HomePage canPurchaseAllAccess {...full} />);
    expect(document.getElementById('pricing')).toBeInTheDocument();
    const banner = within(screen.getByRole('complementary', { name: 'Black Friday offer' }));
    expect(banner.getByText(/over 30% off until November 27th/)).toBeInTheDocument();
    expect(banner.getByRole('link', { name: 'Get the bundle' })).toHaveAttribute(
      'href',
      blackFridayOffer.checkoutUrl,
    );
    expect(banner.getByText('$448').closest('s')).not.toBeNull();
    unmount();
    render(<HomePage canPurchaseAllAccess={false} {...full} />);
    expect(document.getElementById('pricing')).not.toBeInTheDocument();
    expect(
      screen.queryByRole('complementary', { name: 'Black Friday offer' }),
    ).not.toBeInTheDocument();
  });

  it('shows a tab per product with a few subcategories and a link to the product', async () => {
    const user = userEvent.setup();
    render(<HomePage canPurchaseAllAccess {...full} />);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Marketing',
      'Application UI',
      'Ecommerce',
    ]);
    await user.click(screen.getByRole('tab', { name: 'Ecommerce' }));
    const panel = within(screen.getByRole('tabpanel', { name: 'Ecommerce' }));
    expect(panel.getAllByRole('listitem')).toHaveLength(6);
    expect(
      panel.getByRole('link', { name: /Browse all \d+ Ecommerce components/ }),
    ).toHaveAttribute('href', '/components#product-ecommerce');
  });

  it('lists every template in the carousel with previous and next buttons', () => {
    render(<HomePage canPurchaseAllAccess {...full} />);
    const carousel = within(
      screen.getByRole('region', { name: 'Complete sites, ready to launch' }),
    );
    expect(carousel.getAllByRole('article')).toHaveLength(templateSummaries.length);
    expect(carousel.getByRole('link', { name: 'Catalyst' })).toHaveAttribute(
      'href',
      '/templates/catalyst',
    );
    expect(carousel.getByRole('button', { name: 'Previous templates' })).toBeDisabled();
    expect(carousel.getByRole('button', { name: 'Next templates' })).toHaveAttribute(
      'aria-controls',
    );
  });
});

describe('formatOfferEnd', () => {
  it('writes the last day as the offer’s copy does (November 27th)', () => {
    expect(formatOfferEnd('2025-11-27')).toBe('November 27th');
    expect(formatOfferEnd('2025-12-01')).toBe('December 1st');
    expect(formatOfferEnd('2025-11-22')).toBe('November 22nd');
    expect(formatOfferEnd('2025-11-13')).toBe('November 13th');
    expect(formatOfferEnd('soon')).toBe('November 27th');
  });
});
