import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fixtureTeams, fixtureUser } from '../fixtures';
import type { AuthUser } from '../shared/shared-page-data';
import { SiteHeader } from './site-header';

function renderHeader(user: AuthUser, mobileOpen = false) {
  render(
    <SiteHeader
      auth={{ user }}
      canPurchaseAllAccess={false}
      commandPaletteItems={[]}
      onSignOut={vi.fn()}
      onSearchSelect={vi.fn()}
      defaultMobileNavigationOpen={mobileOpen}
    />,
  );
}

async function openAccountMenu() {
  // The menu's chunk arrives after the first render; until then its trigger is a placeholder.
  // Its first import can take more than waitFor's default second on a loaded machine.
  await waitFor(
    () =>
      expect(screen.getByRole('button', { name: 'Account' })).toHaveAttribute(
        'data-slot',
        'menu-trigger',
      ),
    { timeout: 10_000 },
  );
  await userEvent.click(screen.getByRole('button', { name: 'Account' }));
  return within(await screen.findByRole('menu'));
}

describe('SiteHeader team links', () => {
  it("lists one team under 'My Team', linking to its settings", async () => {
    renderHeader(fixtureUser({ teams: [fixtureTeams.northwind] }));
    const menu = await openAccountMenu();
    expect(menu.getByText('My Team')).toBeInTheDocument();
    expect(menu.queryByText('My Teams')).not.toBeInTheDocument();
    expect(menu.getByRole('menuitem', { name: 'Northwind Studio' })).toHaveAttribute(
      'href',
      '/teams/12',
    );
  });

  it("lists several teams under 'My Teams', each linking to its settings", async () => {
    renderHeader(fixtureUser({ teams: [fixtureTeams.northwind, fixtureTeams.acme] }));
    const menu = await openAccountMenu();
    expect(menu.getByText('My Teams')).toBeInTheDocument();
    expect(
      [fixtureTeams.northwind, fixtureTeams.acme].map((team) =>
        menu.getByRole('menuitem', { name: team.name }).getAttribute('href'),
      ),
    ).toEqual(['/teams/12', '/teams/31']);
  });

  it('shows no team group without teams, and the upgrade links by the can flags', async () => {
    renderHeader(
      fixtureUser({
        can: { accessV1: false, canUpgradeToStandardAllAccess: false, upgradeToTeamLicense: true },
      }),
    );
    const menu = await openAccountMenu();
    expect(menu.queryByText(/^My Team/)).not.toBeInTheDocument();
    expect(menu.getByRole('menuitem', { name: 'Upgrade to team licence' })).toHaveAttribute(
      'href',
      '/upgrade-team',
    );
    expect(
      menu.queryByRole('menuitem', { name: 'Upgrade to standard licence' }),
    ).not.toBeInTheDocument();
  });

  it('gives the mobile navigation the same team links', async () => {
    renderHeader(fixtureUser({ teams: [fixtureTeams.northwind, fixtureTeams.acme] }), true);
    // The mobile navigation's chunk loads once it is wanted (here: open from the start).
    const panel = within(await screen.findByRole('dialog'));
    expect(panel.getByText('My Teams')).toBeInTheDocument();
    expect(panel.getByRole('link', { name: 'Acme Design Systems' })).toHaveAttribute(
      'href',
      '/teams/31',
    );
  });
});
