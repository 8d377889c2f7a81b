import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ownerCatalogSections, visitorCatalogSections } from '../fixtures/catalog';
import { CategoryCard, componentCountLabel } from './category-card';
import { LOCKED_DESCRIPTION } from './lock-badge';

const visitorPricing = visitorCatalogSections[0]?.categories[0]?.subcategories[2];
const ownerPricing = ownerCatalogSections[0]?.categories[0]?.subcategories[2];

describe('CategoryCard', () => {
  it('links the name to the subcategory and counts its components', () => {
    if (!visitorPricing) throw new Error('fixture missing');
    render(<CategoryCard subcategory={visitorPricing} headingLevel={4} />);
    expect(screen.getByRole('heading', { level: 4, name: 'Pricing Sections' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pricing Sections' })).toHaveAttribute(
      'href',
      '/components/marketing/sections/pricing',
    );
    expect(screen.getByText('12 components')).toBeInTheDocument();
    expect(screen.getByRole('img')).toHaveAttribute('width', '560');
  });

  it('tells every reader a locked subcategory is PNG previews only', () => {
    if (!visitorPricing || !ownerPricing) throw new Error('fixture missing');
    const { unmount } = render(<CategoryCard subcategory={visitorPricing} />);
    expect(screen.getByText(LOCKED_DESCRIPTION)).toBeInTheDocument();
    unmount();
    render(<CategoryCard subcategory={ownerPricing} />);
    expect(screen.queryByText(LOCKED_DESCRIPTION)).not.toBeInTheDocument();
  });

  it('shows the New badge only on new subcategories', () => {
    if (!visitorPricing) throw new Error('fixture missing');
    const { unmount } = render(<CategoryCard subcategory={{ ...visitorPricing, isNew: true }} />);
    expect(screen.getByText('New')).toBeInTheDocument();
    unmount();
    render(<CategoryCard subcategory={{ ...visitorPricing, isNew: false }} />);
    expect(screen.getByRole('link', { name: 'Pricing Sections' })).toBeInTheDocument();
    expect(screen.queryByText('New')).not.toBeInTheDocument();
  });

  it('says component or components', () => {
    expect(componentCountLabel(1)).toBe('1 component');
    expect(componentCountLabel(0)).toBe('0 components');
    expect(componentCountLabel(12)).toBe('12 components');
  });
});
