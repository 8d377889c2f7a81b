import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { templateSummaries } from '../fixtures/catalog';
import { TemplatesPage, templatesPageTitle } from './templates-page';

describe('TemplatesPage', () => {
  it('lists every template under its own anchor', () => {
    render(<TemplatesPage templates={templateSummaries} />);
    expect(templatesPageTitle).toBe('Templates');
    const articles = screen.getAllByRole('article');
    expect(articles).toHaveLength(templateSummaries.length);
    for (const template of templateSummaries) {
      const item = document.getElementById(template.anchor);
      expect(item).not.toBeNull();
      const card = within(item as HTMLElement);
      expect(card.getByRole('heading', { level: 2, name: template.name })).toBeInTheDocument();
      expect(card.getByRole('link', { name: template.name })).toHaveAttribute('href', template.url);
      expect(card.getByText(template.type)).toBeInTheDocument();
      expect(card.getByText(template.summary)).toBeInTheDocument();
    }
  });

  it('shows each image at 560 by 380', () => {
    render(<TemplatesPage templates={templateSummaries.slice(0, 1)} />);
    const image = screen.getByRole('img', { name: 'Screenshot of Catalyst' });
    expect(image).toHaveAttribute('width', '560');
    expect(image).toHaveAttribute('height', '380');
  });
});
