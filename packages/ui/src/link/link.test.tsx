import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Link, LinkProvider, type LinkComponentProps } from './link';

function AppLink(props: LinkComponentProps) {
  return <a data-app-link="" {...props} />;
}

describe('Link', () => {
  it('renders in-app links through the provided component', () => {
    render(
      <LinkProvider component={AppLink}>
        <Link href="/components">Components</Link>
      </LinkProvider>,
    );
    expect(screen.getByRole('link', { name: 'Components' })).toHaveAttribute('data-app-link');
  });

  it('keeps external and mailto links as plain anchors', () => {
    render(
      <LinkProvider component={AppLink}>
        <Link href="https://example.com/issues">Issues</Link>
        <Link href="mailto:support@example.com">Support</Link>
      </LinkProvider>,
    );
    expect(screen.getByRole('link', { name: 'Issues' })).not.toHaveAttribute('data-app-link');
    expect(screen.getByRole('link', { name: 'Support' })).not.toHaveAttribute('data-app-link');
  });
});
