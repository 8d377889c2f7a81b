import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { visitorCatalogSections } from '../fixtures/catalog';
import { CategoryCard } from '../catalog/category-card';
import { CatalogueImage } from './catalogue-image';

describe('CatalogueImage', () => {
  it('replaces a missing image with a placeholder of the same size that names it', () => {
    render(
      <CatalogueImage
        src="/catalog/missing.png"
        alt="Screenshot of the Simple centered component"
        name="Simple centered"
        width={1280}
        height={640}
        className="block h-auto w-full"
      />,
    );
    const img = screen.getByRole('img', { name: 'Screenshot of the Simple centered component' });
    expect(img.tagName).toBe('IMG');
    fireEvent.error(img);
    const placeholder = screen.getByRole('img', {
      name: 'Screenshot of the Simple centered component',
    });
    expect(placeholder.tagName).toBe('DIV');
    expect(placeholder).toHaveTextContent('Simple centered');
    expect(placeholder).toHaveStyle({ aspectRatio: '1280 / 640' });
    expect(placeholder).toHaveClass('w-full');
    expect(document.querySelector('img')).toBeNull();
  });

  it('gives a new source its own chance after the old one failed', () => {
    const props = { alt: 'Banner', name: 'Banner', width: 10, height: 5 };
    const { rerender } = render(<CatalogueImage src="/a.png" {...props} />);
    fireEvent.error(screen.getByRole('img'));
    expect(document.querySelector('img')).toBeNull();
    rerender(<CatalogueImage src="/b.png" {...props} />);
    expect(screen.getByRole('img')).toHaveAttribute('src', '/b.png');
  });

  it('keeps <source> elements in a <picture> while the image loads', () => {
    render(
      <CatalogueImage
        src="/light.png"
        alt="Preview"
        name="Preview"
        width={10}
        height={5}
        sources={<source media="(prefers-color-scheme: dark)" srcSet="/dark.png" />}
      />,
    );
    expect(document.querySelector('picture source')).toHaveAttribute('srcset', '/dark.png');
    fireEvent.error(screen.getByRole('img'));
    expect(document.querySelector('picture')).toBeNull();
    expect(screen.getByRole('img', { name: 'Preview' })).toHaveTextContent('Preview');
  });

  it('is what a category card shows when its image is missing', () => {
    const subcategory = visitorCatalogSections[0]?.categories[0]?.subcategories[0];
    if (!subcategory) throw new Error('fixture missing');
    render(<CategoryCard subcategory={subcategory} />);
    fireEvent.error(screen.getByRole('img'));
    expect(
      screen.getByRole('img', { name: `Examples of ${subcategory.name} components` }),
    ).toHaveTextContent(subcategory.name);
  });
});
