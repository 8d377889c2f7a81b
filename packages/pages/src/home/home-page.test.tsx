import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HomePage } from './home-page';

function hrefs() {
  return screen.getAllByRole('link').map((link) => link.getAttribute('href'));
}

describe('HomePage', () => {
  it('links a visitor to every destination the spec names', () => {
    render(<HomePage canPurchaseAllAccess />);
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
    render(<HomePage canPurchaseAllAccess={false} />);
    expect(screen.queryByRole('link', { name: 'Get all-access' })).not.toBeInTheDocument();
    expect(hrefs()).not.toContain('/all-access');
    expect(hrefs()).toEqual(
      expect.arrayContaining(['/components', '/templates', '/documentation']),
    );
  });

  it('keeps the legacy version prefix on catalogue and docs links', () => {
    render(<HomePage canPurchaseAllAccess={false} versionPrefix="/v1" />);
    expect(screen.getByRole('link', { name: 'Browse components' })).toHaveAttribute(
      'href',
      '/v1/components',
    );
    expect(hrefs()).toContain('/v1/documentation');
  });
});
