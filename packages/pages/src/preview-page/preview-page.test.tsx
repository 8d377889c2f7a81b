import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { playgroundComponents, visitorHeroComponents } from '../fixtures/catalog';
import { PreviewPage, previewPageTitle } from './preview-page';

describe('PreviewPage', () => {
  it('shows each component’s product, category and subcategory', () => {
    render(<PreviewPage components={playgroundComponents} signedIn />);
    expect(previewPageTitle).toBe('Preview');
    expect(screen.getByRole('heading', { level: 1, name: 'Preview' })).toBeInTheDocument();
    const trail = within(
      screen.getByRole('navigation', { name: 'Where Split with image is in the catalogue' }),
    );
    expect(trail.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Marketing',
      'Page Sections',
      'Heroes',
    ]);
  });

  it('shows live previews only, never code', () => {
    render(<PreviewPage components={playgroundComponents} signedIn />);
    expect(screen.getAllByTitle(/ preview$/)).toHaveLength(2);
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy' })).not.toBeInTheDocument();
  });

  it('still asks for the code when a component is locked', () => {
    const locked = playgroundComponents.map((component) => ({
      ...component,
      ...visitorHeroComponents.simpleCentered,
      uuid: `${component.uuid}-locked`,
    }));
    render(<PreviewPage components={locked} signedIn={false} />);
    expect(screen.getAllByRole('link', { name: 'Get the code' })).toHaveLength(2);
  });

  it('says when there is nothing to preview', () => {
    render(<PreviewPage components={[]} signedIn />);
    expect(screen.getByText('There is nothing to preview yet.')).toBeInTheDocument();
  });
});
