import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { documentationToc, gettingSetUpDoc, installationDoc } from '../fixtures/content';
import {
  DocumentationPage,
  documentationHref,
  documentationPageTitle,
  findTocPath,
  type TocEntry,
} from './documentation-page';

const nested: TocEntry[] = [
  {
    slug: 'a',
    title: 'A',
    children: [{ slug: 'b', title: 'B', children: [{ slug: 'c', title: 'C', children: [] }] }],
  },
  { slug: 'd', title: 'D', children: [] },
];

function countEntries(entries: TocEntry[]): number {
  return entries.reduce((count, entry) => count + 1 + countEntries(entry.children), 0);
}

describe('findTocPath', () => {
  it('returns the entries from the top down to the page', () => {
    expect(findTocPath(nested, 'c').map((entry) => entry.slug)).toEqual(['a', 'b', 'c']);
    expect(findTocPath(nested, 'd').map((entry) => entry.slug)).toEqual(['d']);
  });

  it('returns nothing for a page outside the tree', () => {
    expect(findTocPath(nested, 'missing')).toEqual([]);
  });
});

describe('documentationHref', () => {
  it('prefixes the legacy version', () => {
    expect(documentationHref('', 'fonts')).toBe('/documentation/fonts');
    expect(documentationHref('/v1', 'fonts')).toBe('/v1/documentation/fonts');
  });
});

describe('documentationPageTitle', () => {
  it('names the section after the page', () => {
    expect(documentationPageTitle('Installation')).toBe('Installation - Documentation');
  });
});

describe('DocumentationPage', () => {
  it('marks only the current page in the contents', () => {
    render(<DocumentationPage {...installationDoc} toc={documentationToc} />);
    const nav = within(screen.getByRole('navigation', { name: 'Documentation' }));
    const links = nav.getAllByRole('link');
    const current = links.filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current).toHaveLength(1);
    expect(current[0]).toHaveTextContent('Installation');
    expect(current[0]).toHaveAttribute('href', '/documentation/installation');
    expect(links).toHaveLength(countEntries(documentationToc));
  });

  it('links every entry under the version prefix', () => {
    render(<DocumentationPage {...installationDoc} toc={documentationToc} versionPrefix="/v1" />);
    const nav = within(screen.getByRole('navigation', { name: 'Documentation' }));
    for (const link of nav.getAllByRole('link')) {
      expect(link.getAttribute('href')).toMatch(/^\/v1\/documentation\/[a-z-]+$/);
    }
  });

  it('shows the section, title, description and HTML content', () => {
    render(<DocumentationPage {...installationDoc} toc={documentationToc} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Installation');
    expect(screen.getByText('Getting set up', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText(installationDoc.description ?? '')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Add Tailwind CSS' })).toBeInTheDocument();
  });

  it('leaves out the section name on a top-level page', () => {
    render(<DocumentationPage {...gettingSetUpDoc} toc={documentationToc} />);
    expect(screen.queryByText('Getting set up', { selector: 'p' })).not.toBeInTheDocument();
  });

  it('collapses the contents behind a button on small screens', async () => {
    render(<DocumentationPage {...installationDoc} toc={documentationToc} />);
    const toggle = screen.getByRole('button', { name: 'Contents' });
    const list = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(list).toHaveClass('hidden', 'lg:block');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(list).not.toHaveClass('hidden');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the contents when another page is shown', async () => {
    const { rerender } = render(<DocumentationPage {...installationDoc} toc={documentationToc} />);
    await userEvent.click(screen.getByRole('button', { name: 'Contents' }));
    rerender(<DocumentationPage {...gettingSetUpDoc} toc={documentationToc} />);
    expect(screen.getByRole('button', { name: 'Contents' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});
