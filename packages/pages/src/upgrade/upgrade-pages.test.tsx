import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { teamUpgradeOptions, upgradeOptions } from '../fixtures/pricing';
import { AlreadyOnPackagePage } from './already-on-package-page';
import { ChooseUpgradePage, chooseUpgradeHeadline, upgradeOptionName } from './choose-upgrade-page';

describe('AlreadyOnPackagePage', () => {
  it('says the customer has everything, with a way back home', () => {
    render(<AlreadyOnPackagePage teamUpgrade={null} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('You’ve got everything!');
    expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('complementary', { name: 'Team upgrade' })).toBeNull();
  });

  it('offers the reduced-price team upgrade when there is one', () => {
    render(
      <AlreadyOnPackagePage
        teamUpgrade={{
          url: '/upgrade-team',
          price: { currency: 'USD', amount: 68000, advertised: 97900 },
        }}
      />,
    );
    const note = within(screen.getByRole('complementary', { name: 'Team upgrade' }));
    expect(note.getByText('$680')).toBeInTheDocument();
    expect(note.getByText('$979').closest('s')).not.toBeNull();
    expect(note.getByRole('link', { name: /Upgrade to the team licence/ })).toHaveAttribute(
      'href',
      '/upgrade-team',
    );
  });
});

describe('ChooseUpgradePage', () => {
  it('lists each licence by e-mail or team name, priced, each with its checkout', () => {
    render(<ChooseUpgradePage target="personal" options={upgradeOptions} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Upgrade to the complete package',
    );
    const rows = screen.getAllByRole('listitem');
    expect(rows).toHaveLength(upgradeOptions.length);
    upgradeOptions.forEach((option, index) => {
      const row = within(rows[index]!);
      const name = upgradeOptionName(option);
      expect(row.getByText(name, { selector: 'p' })).toBeInTheDocument();
      expect(row.getByText(option.packages.join(', '))).toBeInTheDocument();
      expect(row.getByRole('link', { name: `Upgrade ${name}` })).toHaveAttribute(
        'href',
        option.url,
      );
    });
    expect(within(rows[0]!).getByText('$75')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('$299').closest('s')).not.toBeNull();
    expect(upgradeOptionName(upgradeOptions[1]!)).toBe(upgradeOptions[1]!.team!.name);
  });

  it('is about the team licence on /upgrade-team', () => {
    render(<ChooseUpgradePage target="team" options={teamUpgradeOptions} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      chooseUpgradeHeadline('team'),
    );
    expect(screen.getByText(/up to 25 people/)).toBeInTheDocument();
  });
});
