import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LinkProvider, type LinkComponentProps } from '../link/link';
import { Breadcrumbs } from './breadcrumbs';

describe('Breadcrumbs', () => {
  it('marks the last item as the current page by default', () => {
    render(
      <Breadcrumbs
        items={[
          { label: 'Marketing', href: '/components#product-marketing' },
          { label: 'Heroes', href: '/components/marketing/sections/heroes' },
        ]}
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(nav).getByRole('link', { name: 'Heroes' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Marketing' })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it('honours an item marked current and does not link the steps after it', () => {
    render(
      <Breadcrumbs
        items={[
          { label: 'Packages', href: '/all-access' },
          { label: 'Your details', current: true },
          { label: 'Payment', href: '/checkout/payment' },
        ]}
      />,
    );
    expect(screen.getByText('Your details')).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('link', { name: 'Payment' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it('renders in-app hrefs through the app’s link component', () => {
    function AppLink(props: LinkComponentProps) {
      return <a data-app-link="" {...props} />;
    }
    render(
      <LinkProvider component={AppLink}>
        <Breadcrumbs items={[{ label: 'Packages', href: '/all-access' }, { label: 'Payment' }]} />
      </LinkProvider>,
    );
    expect(screen.getByRole('link', { name: 'Packages' })).toHaveAttribute('data-app-link');
  });
});
