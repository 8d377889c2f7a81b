import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { teamAllAccessPricing } from '../fixtures/catalog';
import { DISCOUNT_NOTE, PricingSection, pricingHeadline } from './pricing-section';

const full = { currency: 'USD', amount: 29900, advertised: 29900 };
const discounted = { currency: 'USD', amount: 17900, advertised: 29900 };

describe('PricingSection', () => {
  it('is the #pricing section with Personal and Teams cards', () => {
    render(<PricingSection personal={full} team={teamAllAccessPricing} componentCount={523} />);
    const section = screen.getByRole('region', { name: 'Buy once, use forever.' });
    expect(section).toHaveAttribute('id', 'pricing');
    const personal = within(screen.getByRole('group', { name: 'Personal' }));
    expect(personal.getByText('$299')).toBeInTheDocument();
    expect(personal.getByText('one-time payment, plus local taxes')).toBeInTheDocument();
    expect(personal.getByRole('link', { name: 'Get all-access' })).toHaveAttribute(
      'href',
      '/checkout/all-access',
    );
    expect(
      within(screen.getByRole('group', { name: 'Teams' })).getByRole('link', {
        name: 'Get all-access for your team',
      }),
    ).toHaveAttribute('href', '/checkout/all-access?license=team');
    const teams = within(screen.getByRole('group', { name: 'Teams' }));
    expect(teams.getByText('$979')).toBeInTheDocument();
    expect(teams.getByText('Everything in Personal, for up to 25 people')).toBeInTheDocument();
  });

  it('states the catalogue’s real size, claiming "Over 500" only once it is true', () => {
    const { rerender } = render(<PricingSection personal={full} componentCount={198} />);
    const personal = () => within(screen.getByRole('group', { name: 'Personal' }));
    expect(personal().getByText('198 components in React, Vue and HTML')).toBeInTheDocument();
    rerender(<PricingSection personal={full} componentCount={523} />);
    expect(personal().getByText('Over 500 components in React, Vue and HTML')).toBeInTheDocument();
  });

  it('strikes the advertised price through when the customer’s price is lower', () => {
    render(<PricingSection personal={discounted} componentCount={523} />);
    const personal = within(screen.getByRole('group', { name: 'Personal' }));
    expect(personal.getByText('$179')).toBeInTheDocument();
    expect(personal.getByText('$299').closest('s')).not.toBeNull();
    expect(personal.getByText(DISCOUNT_NOTE)).toBeInTheDocument();
  });

  it('formats prices for the visitor’s locale', () => {
    render(
      <PricingSection
        personal={{ currency: 'EUR', amount: 27900, advertised: 27900 }}
        componentCount={523}
        locale="de-DE"
      />,
    );
    expect(screen.getByText('279 €')).toBeInTheDocument();
  });

  it('headlines a discount as an upgrade', () => {
    expect(pricingHeadline(full)).toBe('Buy once, use forever.');
    expect(pricingHeadline(discounted)).toBe('Upgrade for more components.');
  });
});
