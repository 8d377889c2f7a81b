import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  ownerHeroesSubcategory,
  ownerHeroesWithArchived,
  ownerHeroesWithoutArchive,
  visitorHeroesSubcategory,
} from '../fixtures/catalog';
import {
  archivedExamplesUrl,
  ComponentCategoryPage,
  componentCategoryPageTitle,
  type ComponentCategoryPageProps,
} from './component-category-page';

function renderPage(overrides: Partial<ComponentCategoryPageProps> = {}) {
  return render(
    <ComponentCategoryPage
      subcategory={visitorHeroesSubcategory}
      signedIn={false}
      snippetLang="html"
      onLanguageChange={vi.fn()}
      {...overrides}
    />,
  );
}

describe('ComponentCategoryPage', () => {
  it('titles the page for search to signed-out visitors, with the introduction', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Tailwind CSS Heroes');
    expect(screen.getByText(visitorHeroesSubcategory.introduction)).toBeInTheDocument();
  });

  it('titles the page with the name alone for signed-in users', () => {
    renderPage({ subcategory: ownerHeroesSubcategory, signedIn: true });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Heroes$/);
    expect(screen.queryByText(ownerHeroesSubcategory.introduction)).not.toBeInTheDocument();
    expect(componentCategoryPageTitle(ownerHeroesSubcategory, true)).toBe('Heroes');
    expect(componentCategoryPageTitle(ownerHeroesSubcategory, false)).toBe('Tailwind CSS Heroes');
  });

  it('leads back through the product and the category', () => {
    renderPage();
    const breadcrumb = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(breadcrumb.getByRole('link', { name: 'Marketing' })).toHaveAttribute(
      'href',
      '/components#product-marketing',
    );
    expect(breadcrumb.getByRole('link', { name: 'Page Sections' })).toHaveAttribute(
      'href',
      '/components#product-marketing',
    );
  });

  it('lists every component in order', () => {
    renderPage({ subcategory: ownerHeroesSubcategory, signedIn: true });
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual(['Simple centered', 'Split with screenshot', 'With app screenshot']);
  });

  it('offers the archived examples when there are some', () => {
    renderPage();
    expect(screen.getByRole('link', { name: /Show archived examples/ })).toHaveAttribute(
      'href',
      '/components/marketing/sections/heroes?include=archived',
    );
    expect(archivedExamplesUrl('/components/x')).toBe('/components/x?include=archived');
  });

  it('offers a way back while showing the archived examples', () => {
    renderPage({ subcategory: ownerHeroesWithArchived, signedIn: true });
    expect(screen.queryByRole('link', { name: /Show archived examples/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Hide archived examples' })).toHaveAttribute(
      'href',
      '/components/marketing/sections/heroes',
    );
    expect(screen.getByText('Archived')).toBeInTheDocument();
  });

  it('has no archive link when nothing is archived', () => {
    renderPage({ subcategory: ownerHeroesWithoutArchive, signedIn: true });
    expect(screen.queryByRole('link', { name: /archived examples/ })).not.toBeInTheDocument();
  });

  it('sends the calls to action to the given pricing section', () => {
    renderPage({ pricingUrl: '#pricing' });
    for (const link of screen.getAllByRole('link', { name: 'Get the code' })) {
      expect(link).toHaveAttribute('href', '#pricing');
    }
  });
});
