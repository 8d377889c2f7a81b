import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { supportContacts } from '../fixtures/catalog';
import { Faq, faqGroups } from './faq';

describe('Faq', () => {
  it('is the #faqs section with its four groups', () => {
    render(<Faq variant="allAccess" {...supportContacts} />);
    const section = screen.getByRole('region', { name: 'Frequently asked questions' });
    expect(section).toHaveAttribute('id', 'faqs');
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['General', 'Compatibility', 'Licensing', 'Support']);
  });

  it('answers with the store’s rules: seats, income cap, refunds, frameworks, browsers', () => {
    render(<Faq variant="allAccess" {...supportContacts} />);
    const text = document.body.textContent ?? '';
    expect(text).toContain('up to 25 people');
    expect(text).toContain('at most $30,000 USD a year');
    expect(text).toContain('within 30 days of buying and we’ll refund you in full');
    expect(text).toContain('React, Vue and plain HTML');
    expect(text).toContain('Tailwind CSS v4');
    // No promise of a v3 edition the store does not have.
    expect(text).toContain('there is no Tailwind CSS v3 version');
    expect(text).not.toMatch(/v3 version of every component/);
    expect(text).toContain('Internet Explorer 11 is not supported');
    expect(text).toMatch(/for life and for free/);
    expect(text).toMatch(/no limit on the number of sites/);
    expect(screen.getByRole('link', { name: 'community chat' })).toHaveAttribute(
      'href',
      '/discord',
    );
    expect(screen.getByRole('link', { name: 'issue tracker' })).toHaveAttribute(
      'href',
      supportContacts.issueTrackerUrl,
    );
    expect(screen.getAllByRole('link', { name: supportContacts.supportEmail })[0]).toHaveAttribute(
      'href',
      `mailto:${supportContacts.supportEmail}`,
    );
  });

  it('says a team licence is only for all-access when packages are sold', () => {
    const packages = JSON.stringify(
      faqGroups('packages', supportContacts).map((group) =>
        group.entries.map((entry) => entry.question),
      ),
    );
    expect(packages).toContain('What’s the difference between a package and all-access?');
    const { unmount } = render(<Faq variant="packages" {...supportContacts} />);
    expect(screen.getAllByText(/only available for all-access/).length).toBeGreaterThan(0);
    unmount();
    render(<Faq variant="allAccess" {...supportContacts} />);
    expect(screen.queryByText(/only available for all-access/)).not.toBeInTheDocument();
    expect(screen.getByText('What do I get with all-access?')).toBeInTheDocument();
  });

  it('opens and closes an answer as a native disclosure', async () => {
    const user = userEvent.setup();
    render(<Faq variant="allAccess" {...supportContacts} />);
    const summary = screen.getByText('Is this a subscription?').closest('summary');
    if (!summary) throw new Error('no summary');
    expect(summary.parentElement).not.toHaveAttribute('open');
    await user.click(summary);
    expect(summary.parentElement).toHaveAttribute('open');
  });

  it('names the issue tracker without a link when there is none', () => {
    render(<Faq variant="allAccess" supportEmail={supportContacts.supportEmail} />);
    expect(screen.queryByRole('link', { name: 'issue tracker' })).not.toBeInTheDocument();
    expect(screen.getByText(/Open an issue on our issue tracker/)).toBeInTheDocument();
  });
});
