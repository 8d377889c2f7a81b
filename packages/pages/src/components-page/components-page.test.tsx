import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { supportContacts, teamAllAccessPricing, visitorCatalogSections } from '../fixtures/catalog';
import { visitorPackageOffers } from '../fixtures/pricing';
import { LOCKED_DESCRIPTION } from '../catalog/lock-badge';
import {
  ComponentsPage,
  progressiveCardClassName,
  type ComponentsPageProps,
} from './components-page';

const props: ComponentsPageProps = {
  sections: visitorCatalogSections,
  canPurchaseAllAccess: true,
  allAccessPricing: { currency: 'USD', amount: 29900, advertised: 29900 },
  teamPricing: teamAllAccessPricing,
  componentCount: 523,
  ...supportContacts,
};

function anchors() {
  return within(screen.getByRole('navigation', { name: 'Catalogue sections' }))
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));
}

describe('ComponentsPage', () => {
  it('lists each product as an anchored section with its categories and cards', () => {
    render(<ComponentsPage {...props} />);
    for (const [name, id] of [
      ['Marketing', 'product-marketing'],
      ['Application UI', 'product-application-ui'],
      ['Ecommerce', 'product-ecommerce'],
    ] as const) {
      expect(screen.getByRole('region', { name })).toHaveAttribute('id', id);
    }
    const appUi = within(screen.getByRole('region', { name: 'Application UI' }));
    expect(appUi.getByRole('group', { name: 'Forms' })).toBeInTheDocument();
    expect(appUi.getByRole('link', { name: 'Comboboxes' })).toHaveAttribute(
      'href',
      '/components/application-ui/forms/comboboxes',
    );
    expect(screen.getAllByText(LOCKED_DESCRIPTION).length).toBeGreaterThan(0);
  });

  it('shows pricing and the FAQ to users who can buy all-access', () => {
    render(<ComponentsPage {...props} />);
    expect(anchors()).toEqual([
      '#product-marketing',
      '#product-application-ui',
      '#product-ecommerce',
      '#pricing',
      '#faqs',
    ]);
    expect(document.getElementById('pricing')).toBeInTheDocument();
    expect(document.getElementById('faqs')).toBeInTheDocument();
  });

  it('hides pricing and the FAQ from users who cannot buy', () => {
    render(<ComponentsPage {...props} canPurchaseAllAccess={false} />);
    expect(anchors()).not.toContain('#pricing');
    expect(anchors()).not.toContain('#faqs');
    expect(document.getElementById('pricing')).not.toBeInTheDocument();
    expect(document.getElementById('faqs')).not.toBeInTheDocument();
  });

  it('answers in the FAQ for the single packages when they are listed for sale, else for all-access', () => {
    const faq = () => screen.getByRole('region', { name: /frequently asked/i });
    const { unmount } = render(<ComponentsPage {...props} packageOffers={visitorPackageOffers} />);
    expect(faq()).toHaveAttribute('data-variant', 'packages');
    expect(faq()).toHaveTextContent('only available for all-access, not for individual packages');
    unmount();
    render(<ComponentsPage {...props} packageOffers={[]} />);
    expect(faq()).toHaveAttribute('data-variant', 'allAccess');
  });

  it('omits pricing from the legacy (/v1) catalogue', () => {
    render(<ComponentsPage {...props} versionPrefix="/v1" />);
    expect(anchors()).not.toContain('#pricing');
    expect(document.getElementById('pricing')).not.toBeInTheDocument();
    expect(document.getElementById('faqs')).toBeInTheDocument();
  });

  it('folds groups of ten or more cards by breakpoint and reveals them on request', async () => {
    const user = userEvent.setup();
    render(<ComponentsPage {...props} />);
    const group = screen.getByRole('group', { name: 'Components' });
    const items = () => within(group).getAllByRole('listitem', { hidden: true });
    expect(items()).toHaveLength(14);
    expect(items().map((item) => item.className)).toEqual([
      ...Array(6).fill(''),
      ...Array(3).fill('hidden lg:block'),
      ...Array(5).fill('hidden xl:block'),
    ]);
    const toggle = within(group).getByRole('button', { name: 'Show all 14 components' });
    expect(toggle).toHaveAttribute('aria-controls', within(group).getByRole('list').id);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveTextContent('Show fewer components');
    expect(items().every((item) => item.className === '')).toBe(true);
  });

  it('never folds a group under ten cards', () => {
    render(<ComponentsPage {...props} />);
    const forms = screen.getByRole('group', { name: 'Forms' });
    expect(within(forms).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows cards by breakpoint: six always, nine on large, all on extra-large', () => {
    expect(progressiveCardClassName(0)).toBeUndefined();
    expect(progressiveCardClassName(5)).toBeUndefined();
    expect(progressiveCardClassName(6)).toBe('hidden lg:block');
    expect(progressiveCardClassName(8)).toBe('hidden lg:block');
    expect(progressiveCardClassName(9)).toBe('hidden xl:block');
  });
});
