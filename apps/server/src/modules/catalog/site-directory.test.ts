import { describe, expect, it } from 'vitest';
import { buildCommandPaletteItems, titleFromSlug } from './site-directory.ts';

describe('site directory', () => {
  const items = buildCommandPaletteItems();

  it('lists every subcategory and template of the spec §2 footer, and the main pages', () => {
    const urls = items.map((item) => item.url);
    expect(urls.filter((url) => url.startsWith('/components/marketing/'))).toHaveLength(13);
    expect(urls.filter((url) => url.startsWith('/components/application-ui/'))).toHaveLength(14);
    expect(urls.filter((url) => url.startsWith('/components/ecommerce/'))).toHaveLength(14);
    expect(urls.filter((url) => url.startsWith('/templates/'))).toHaveLength(11);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/components/application-ui/navigation/command-palettes',
        '/components/ecommerce/components/order-history',
        '/templates/keynote',
        '/components',
        '/templates',
        '/documentation',
        '/changelog',
        '/support',
        '/all-access',
      ]),
    );
    expect(new Set(urls).size).toBe(urls.length);
  });

  it('gives each item a name, keywords and a category', () => {
    expect(items).toContainEqual({
      name: 'Sidebar Navigation',
      keywords: ['application ui', 'navigation', 'sidebar'],
      category: 'Application UI',
      url: '/components/application-ui/navigation/sidebar-navigation',
    });
    expect(items).toContainEqual({
      name: 'Catalyst',
      keywords: ['template', 'site', 'catalyst'],
      category: 'Templates',
      url: '/templates/catalyst',
    });
  });

  it('titles slugs the way the footer does', () => {
    expect(titleFromSlug('faq-sections')).toBe('FAQ Sections');
    expect(titleFromSlug('application-ui')).toBe('Application UI');
  });
});
