import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalystTemplate, ownedCatalystTemplate } from '../fixtures/catalog';
import { TemplatePage, templatePageTitle } from './template-page';

describe('TemplatePage', () => {
  it('sells the template: price and a checkout link', () => {
    render(<TemplatePage template={catalystTemplate} />);
    expect(templatePageTitle(catalystTemplate)).toBe('Catalyst - Application UI kit');
    expect(screen.getByRole('heading', { level: 1, name: 'Catalyst' })).toBeInTheDocument();
    expect(screen.getByText('Application UI kit')).toBeInTheDocument();
    expect(screen.getByText('$149')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy Catalyst' })).toHaveAttribute(
      'href',
      '/checkout/catalyst',
    );
    expect(screen.queryByRole('link', { name: 'Download' })).not.toBeInTheDocument();
  });

  it('sends to all-access when the template has no price of its own', () => {
    render(<TemplatePage template={{ ...catalystTemplate, price: null, checkoutUrl: null }} />);
    expect(screen.queryByText('$149')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Buy Catalyst' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get all-access' })).toHaveAttribute(
      'href',
      '/all-access',
    );
  });

  it('lets an owner download it instead', () => {
    render(<TemplatePage template={ownedCatalystTemplate} />);
    const download = screen.getByRole('link', { name: 'Download' });
    expect(download).toHaveAttribute('href', '/templates/catalyst/download');
    expect(download).toHaveAttribute('download');
    expect(screen.queryByRole('link', { name: 'Buy Catalyst' })).not.toBeInTheDocument();
  });

  it('links to the live demo in a new tab', () => {
    render(<TemplatePage template={catalystTemplate} />);
    const preview = screen.getByRole('link', { name: 'Live preview (opens in a new tab)' });
    expect(preview).toHaveAttribute('href', catalystTemplate.previewUrl);
    expect(preview).toHaveAttribute('target', '_blank');
    expect(preview).toHaveAttribute('rel', 'noreferrer');
  });

  it('shows the description, technologies, screenshots and FAQ', () => {
    render(<TemplatePage template={catalystTemplate} />);
    const about = within(screen.getByRole('region', { name: 'About Catalyst' }));
    expect(
      about.getByText(/starter kit for building your own component systems/),
    ).toBeInTheDocument();
    const technologies = within(screen.getByRole('complementary', { name: 'Technologies' }));
    expect(technologies.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'React19',
      'Next.js15',
      'Tailwind CSSv4.1',
      'TypeScript',
    ]);
    const screenshots = within(screen.getByRole('region', { name: 'Screenshots' }));
    const images = screenshots.getAllByRole('img');
    expect(images).toHaveLength(2);
    expect(images[0]).toHaveAttribute('width', '1600');
    expect(images[0]).toHaveAttribute('height', '1280');
    expect(screen.getByRole('img', { name: 'Catalyst home page' })).toHaveAttribute(
      'width',
      '1600',
    );
    const faq = within(screen.getByRole('region', { name: 'Frequently asked questions' }));
    expect(faq.getByText('Do I need to know Tailwind CSS to use Catalyst?')).toBeInTheDocument();
  });

  it('leads back to the template in the listing', () => {
    render(<TemplatePage template={catalystTemplate} />);
    expect(screen.getByRole('link', { name: 'All templates' })).toHaveAttribute(
      'href',
      '/templates#catalyst',
    );
  });
});
