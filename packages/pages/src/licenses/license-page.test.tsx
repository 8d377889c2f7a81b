import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  emptyLicensePageProps,
  fixtureLicenses,
  licensePageProps,
  licenseSupportEmail,
} from '../fixtures/licenses';
import { fixtureUser } from '../fixtures/shared-page-data';
import { LicensePage } from './license-page';
import type { LicenseRecord } from './types';

function card(license: LicenseRecord) {
  return within(screen.getByText(license.key, { selector: 'code' }).closest('li') as HTMLElement);
}

describe('LicensePage', () => {
  it('lists every licence with its key, package, kind and state', () => {
    render(<LicensePage {...licensePageProps} />);
    const list = within(screen.getByRole('region', { name: 'Your licences' }));
    expect(list.getAllByRole('listitem')).toHaveLength(licensePageProps.licenses.length);
    for (const license of licensePageProps.licenses) {
      const item = card(license);
      expect(item.getByRole('heading', { level: 3 })).toHaveTextContent(license.package.name);
      expect(item.getByText(license.isActive ? 'Active' : 'Inactive')).toBeInTheDocument();
      expect(item.getByRole('button', { name: 'Copy key' })).toBeInTheDocument();
    }
  });

  it('says what to do next in each state', () => {
    render(
      <LicensePage
        {...licensePageProps}
        licenses={[
          fixtureLicenses.personal,
          fixtureLicenses.team,
          fixtureLicenses.teamRedeemable,
          fixtureLicenses.upgraded,
          fixtureLicenses.refunded,
          fixtureLicenses.deactivated,
        ]}
      />,
    );
    expect(card(fixtureLicenses.personal).getByText(/Connected to/)).toHaveTextContent(
      'Connected to jordan.lee@example.com.',
    );
    expect(card(fixtureLicenses.team).getByRole('link', { name: /Team settings/ })).toHaveAttribute(
      'href',
      '/teams/12',
    );
    expect(
      card(fixtureLicenses.teamRedeemable).getByRole('link', {
        name: /Redeem and create the team/,
      }),
    ).toHaveAttribute('href', fixtureLicenses.teamRedeemable.url);
    expect(card(fixtureLicenses.upgraded).getByText(/used to upgrade/)).toBeInTheDocument();
    expect(card(fixtureLicenses.upgraded).queryByRole('link')).not.toBeInTheDocument();
    for (const inactive of [fixtureLicenses.refunded, fixtureLicenses.deactivated]) {
      expect(card(inactive).getByRole('link', { name: licenseSupportEmail })).toHaveAttribute(
        'href',
        `mailto:${licenseSupportEmail}`,
      );
    }
    expect(card(fixtureLicenses.refunded).getByText(/refunded/)).toBeInTheDocument();
  });

  it('lists the teams with their role and a link to their settings', () => {
    render(<LicensePage {...licensePageProps} />);
    const teams = within(screen.getByRole('region', { name: 'Your teams' }));
    const rows = teams.getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Northwind StudioOwner');
    expect(rows[1]).toHaveTextContent('Acme Design SystemsMember');
    expect(within(rows[1]!).getByRole('link')).toHaveAttribute('href', '/teams/31');
  });

  it('offers only the upgrades the user may make', () => {
    const { rerender } = render(<LicensePage {...licensePageProps} can={fixtureUser().can} />);
    expect(screen.queryByRole('link', { name: /^Upgrade/ })).not.toBeInTheDocument();
    rerender(
      <LicensePage
        {...licensePageProps}
        can={{ accessV1: false, canUpgradeToStandardAllAccess: false, upgradeToTeamLicense: true }}
      />,
    );
    expect(
      screen.getAllByRole('link', { name: /^Upgrade/ }).map((a) => a.getAttribute('href')),
    ).toEqual(['/upgrade-team']);
  });

  it('shows the way to a first licence when there is none', () => {
    render(<LicensePage {...emptyLicensePageProps} />);
    expect(screen.getByText('You don’t have a licence yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Get all-access/ })).toHaveAttribute(
      'href',
      '/all-access',
    );
    expect(screen.getByText(/You’re not on a team/)).toBeInTheDocument();
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });
});
