import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { blackFridayOffer, templateSummaries } from '../fixtures/catalog';
import {
  discountedAllAccessOffers,
  includedProducts,
  personalOwnerAllAccessOffers,
  teamOwnerAllAccessOffers,
  upgradableAllAccessOffers,
  visitorAllAccessOffers,
  visitorOtherOffers,
  visitorPackageOffers,
} from '../fixtures/pricing';
import { DISCOUNT_NOTE } from '../pricing-section/pricing-section';
import {
  AllAccessPage,
  personalPlanAction,
  tailwindVersionLabel,
  teamPlanAction,
  type AllAccessPageProps,
} from './all-access-page';

const props: AllAccessPageProps = {
  offers: visitorAllAccessOffers,
  otherOffers: [...visitorOtherOffers, ...visitorPackageOffers],
  blackFriday: null,
  includedProducts,
  templates: templateSummaries,
  componentCount: 523,
  tailwindVersion: '4.3',
};

const card = (name: 'Personal' | 'Teams') => within(screen.getByRole('group', { name }));

describe('AllAccessPage', () => {
  it('headlines the full price, with the pricing anchor', () => {
    render(<AllAccessPage {...props} />);
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent('Buy once, use forever.');
    expect(screen.getByRole('region', { name: 'Buy once, use forever.' })).toHaveAttribute(
      'id',
      'pricing',
    );
    expect(screen.queryByText(DISCOUNT_NOTE)).not.toBeInTheDocument();
  });

  it('headlines an upgrade and strikes the advertised price when the customer pays less', () => {
    render(<AllAccessPage {...props} offers={discountedAllAccessOffers} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Upgrade for more components.',
    );
    expect(card('Personal').getByText('$299').closest('s')).not.toBeNull();
    expect(card('Personal').getByText(DISCOUNT_NOTE)).toBeInTheDocument();
    expect(card('Teams').getByText('$979').closest('s')).not.toBeNull();
  });

  it('says the catalogue’s real size in the features line', () => {
    const { rerender } = render(<AllAccessPage {...props} componentCount={480} />);
    expect(card('Personal').getByText('480 components in React, Vue and HTML')).toBeInTheDocument();
    expect(screen.getByText('480 components')).toBeInTheDocument();
    rerender(<AllAccessPage {...props} componentCount={523} />);
    expect(
      card('Personal').getByText('Over 500 components in React, Vue and HTML'),
    ).toBeInTheDocument();
  });

  it('lists what is included: each package with its count, each template with its page', () => {
    render(<AllAccessPage {...props} />);
    const included = within(screen.getByRole('region', { name: 'Everything we make' }));
    for (const product of includedProducts) {
      expect(included.getByRole('heading', { name: product.name, level: 3 })).toBeInTheDocument();
    }
    const templates = within(
      screen.getByRole('list', { name: `${templateSummaries.length} site templates and UI kits` }),
    );
    expect(templates.getAllByRole('listitem')).toHaveLength(templateSummaries.length);
    const first = templateSummaries[0]!;
    expect(templates.getByRole('link', { name: first.name })).toHaveAttribute('href', first.url);
    expect(templates.getByText(first.summary)).toBeInTheDocument();
  });

  it('sells the reduced licences and each package, each with its price and checkout', () => {
    render(<AllAccessPage {...props} />);
    const others = within(screen.getByRole('region', { name: 'Other licences' }));
    const restricted = within(
      others.getByRole('listitem', { name: 'All-access, Restricted licence' }),
    );
    expect(restricted.getByText('$149')).toBeInTheDocument();
    expect(restricted.getByRole('link', { name: 'Buy' })).toHaveAttribute(
      'href',
      '/checkout/all-access?license=restricted',
    );
    expect(others.getAllByRole('link', { name: 'Buy' })).toHaveLength(5);
  });

  it('shows no other licences when nothing else is for sale to the customer', () => {
    render(<AllAccessPage {...props} otherOffers={[]} />);
    expect(screen.queryByRole('region', { name: 'Other licences' })).not.toBeInTheDocument();
  });

  it('names the latest Tailwind CSS version it is written for', () => {
    render(<AllAccessPage {...props} tailwindVersion="4.3" />);
    expect(
      screen.getByRole('heading', { name: 'Written for Tailwind CSS v4.3' }),
    ).toBeInTheDocument();
    expect(tailwindVersionLabel('v4.1')).toBe('v4.1');
  });

  it('shows the Black Friday banner only while there is an offer', () => {
    const { rerender } = render(<AllAccessPage {...props} />);
    expect(screen.queryByRole('complementary', { name: 'Black Friday offer' })).toBeNull();
    rerender(<AllAccessPage {...props} blackFriday={blackFridayOffer} />);
    const banner = within(screen.getByRole('complementary', { name: 'Black Friday offer' }));
    expect(banner.getByRole('link', { name: 'Get the bundle' })).toHaveAttribute(
      'href',
      blackFridayOffer.checkoutUrl,
    );
  });
});

describe('the all-access buttons', () => {
  it('Personal: upgrade first, else buy, else owned', () => {
    expect(personalPlanAction(upgradableAllAccessOffers.personal)).toEqual({
      href: '/upgrade',
      label: 'Upgrade to standard licence',
    });
    expect(personalPlanAction(visitorAllAccessOffers.personal)).toEqual({
      href: '/checkout/all-access',
      label: 'Get all-access',
    });
    expect(personalPlanAction(personalOwnerAllAccessOffers.personal)).toEqual({ owned: true });
  });

  it('Team: buy, else owned', () => {
    expect(teamPlanAction(visitorAllAccessOffers.team)).toEqual({
      href: '/checkout/all-access?license=team',
      label: 'Get all-access for your team',
    });
    expect(teamPlanAction(teamOwnerAllAccessOffers.team)).toEqual({ owned: true });
  });

  it('an owned licence is a disabled button, not a link', () => {
    render(<AllAccessPage {...props} offers={teamOwnerAllAccessOffers} />);
    for (const name of ['Personal', 'Teams'] as const) {
      expect(card(name).getByRole('button', { name: 'You already own this' })).toBeDisabled();
      expect(card(name).queryByRole('link')).toBeNull();
    }
  });
});
