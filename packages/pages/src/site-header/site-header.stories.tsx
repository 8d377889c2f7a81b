import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import {
  fixtureCommandPaletteItems,
  ownerSharedData,
  ownerWithOneTeamSharedData,
  ownerWithTeamsSharedData,
  upgradableSharedData,
  visitorSharedData,
} from '../fixtures';
import { SiteHeader } from './site-header';

const meta = {
  title: 'Pages/Chrome/SiteHeader',
  component: SiteHeader,
  parameters: { layout: 'fullscreen' },
  args: {
    auth: visitorSharedData.auth,
    canPurchaseAllAccess: visitorSharedData.can.purchaseAllAccess,
    versionPrefix: visitorSharedData.versionPrefix,
    commandPaletteItems: fixtureCommandPaletteItems,
    brandName: visitorSharedData.brandName,
    onSignOut: fn(),
    onSearchSelect: fn(),
    colorScheme: visitorSharedData.colorScheme,
    onColorSchemeChange: fn(),
  },
} satisfies Meta<typeof SiteHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

async function openAccountMenu(canvasElement: HTMLElement) {
  // The menu's chunk arrives after the first render; until then its trigger is a placeholder.
  const button = () => within(canvasElement).getByRole('button', { name: 'Account' });
  await waitFor(() => expect(button()).toHaveAttribute('data-slot', 'menu-trigger'));
  await userEvent.click(button());
  return within(await screen.findByRole('menu'));
}

export const SignedOut = {
  args: {},
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const main = within(canvas.getByRole('navigation', { name: 'Main' }));
    await expect(main.getByRole('link', { name: 'Components' })).toHaveAttribute(
      'href',
      '/components',
    );
    await expect(main.getByRole('link', { name: 'UI Kit' })).toHaveAttribute(
      'href',
      '/templates/catalyst',
    );
    await expect(canvas.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    await expect(canvas.getByRole('link', { name: 'Get all-access' })).toHaveAttribute(
      'href',
      '/all-access',
    );
    await expect(canvas.queryByRole('button', { name: 'Account' })).not.toBeInTheDocument();
  },
} satisfies Story;

export const SignedOutCannotPurchase = {
  args: { ...SignedOut.args, canPurchaseAllAccess: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    await expect(canvas.queryByRole('link', { name: 'Get all-access' })).not.toBeInTheDocument();
  },
} satisfies Story;

export const SignedIn = {
  args: { ...SignedOut.args, auth: ownerSharedData.auth, canPurchaseAllAccess: false },
  play: async ({ args, canvasElement }) => {
    await expect(
      within(canvasElement).queryByRole('link', { name: 'Sign in' }),
    ).not.toBeInTheDocument();
    const menu = await openAccountMenu(canvasElement);
    for (const [name, href] of [
      ['Changelog', '/changelog'],
      ['Support', '/support'],
      ['Licence', '/license'],
      ['Your updates', '/your-updates'],
      ['Account settings', '/account-settings'],
    ]) {
      await expect(menu.getByRole('menuitem', { name })).toHaveAttribute('href', href);
    }
    await expect(menu.queryByRole('menuitem', { name: /Upgrade/ })).not.toBeInTheDocument();
    await expect(menu.queryByText(/My Team/)).not.toBeInTheDocument();
    await userEvent.click(menu.getByRole('menuitem', { name: 'Sign out' }));
    await expect(args.onSignOut).toHaveBeenCalledOnce();
    // Reopen so the screenshot shows the menu.
    await openAccountMenu(canvasElement);
  },
} satisfies Story;

export const SignedInWithOneTeam = {
  args: { ...SignedIn.args, auth: ownerWithOneTeamSharedData.auth },
  play: async ({ canvasElement }) => {
    const menu = await openAccountMenu(canvasElement);
    await expect(menu.getByText('My Team')).toBeInTheDocument();
    await expect(menu.getByRole('menuitem', { name: 'Northwind Studio' })).toHaveAttribute(
      'href',
      '/teams/12',
    );
  },
} satisfies Story;

export const SignedInWithTeams = {
  args: { ...SignedIn.args, auth: ownerWithTeamsSharedData.auth },
  play: async ({ canvasElement }) => {
    const menu = await openAccountMenu(canvasElement);
    await expect(menu.getByText('My Teams')).toBeInTheDocument();
    await expect(menu.getByRole('menuitem', { name: 'Acme Design Systems' })).toHaveAttribute(
      'href',
      '/teams/31',
    );
  },
} satisfies Story;

export const WithUpgradeLinks = {
  args: { ...SignedIn.args, auth: upgradableSharedData.auth },
  play: async ({ canvasElement }) => {
    const menu = await openAccountMenu(canvasElement);
    await expect(
      menu.getByRole('menuitem', { name: 'Upgrade to standard licence' }),
    ).toHaveAttribute('href', '/upgrade');
    await expect(menu.getByRole('menuitem', { name: 'Upgrade to team licence' })).toHaveAttribute(
      'href',
      '/upgrade-team',
    );
  },
} satisfies Story;

export const PaletteOpen = {
  args: { ...SignedOut.args },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Search' }));
    await userEvent.keyboard('faq');
    await waitFor(() => expect(screen.getByRole('option', { name: /FAQ Sections/ })).toBeVisible());
    // Which option is active while results settle depends on timing under load; choosing the
    // result itself does not (the keyboard path is the palette's own stories' business).
    await userEvent.click(screen.getByRole('option', { name: /FAQ Sections/ }));
    await waitFor(() =>
      expect(args.onSearchSelect).toHaveBeenCalledWith(
        expect.objectContaining({ url: '/components/marketing/sections/faq-sections' }),
      ),
    );
    // Reopen with the '/' shortcut and leave a search on screen for review.
    await userEvent.keyboard('/');
    await userEvent.keyboard('sections');
    await waitFor(() =>
      expect(screen.getByRole('option', { name: /Team Sections/ })).toBeVisible(),
    );
  },
} satisfies Story;

export const MobileNavigationOpen = {
  args: { ...SignedIn.args, auth: ownerWithTeamsSharedData.auth },
  play: async ({ canvasElement }) => {
    // The hamburger is `lg:hidden` and the story viewport is desktop-wide: hidden elements have
    // no accessible name, so find it by its label.
    await userEvent.click(within(canvasElement).getByLabelText('Open main menu'));
    const panel = within(await screen.findByRole('dialog', { name: 'Menu' }));
    const mobile = within(panel.getByRole('navigation', { name: 'Mobile' }));
    await expect(mobile.getByRole('link', { name: 'Docs' })).toHaveAttribute(
      'href',
      '/documentation',
    );
    await expect(panel.getByRole('link', { name: 'Northwind Studio' })).toHaveAttribute(
      'href',
      '/teams/12',
    );
    await expect(panel.getByText('My Teams')).toBeInTheDocument();
  },
} satisfies Story;

/** The store's colour scheme: System, Light or Dark, one pressed, reachable by keyboard. */
export const ChoosingTheColorScheme = {
  args: {},
  play: async ({ args, canvasElement }) => {
    const scheme = within(within(canvasElement).getByRole('group', { name: 'Colour scheme' }));
    await expect(scheme.getByRole('button', { name: 'System' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(scheme.getByRole('button', { name: 'Dark' }));
    await expect(args.onColorSchemeChange).toHaveBeenCalledWith('dark');
    scheme.getByRole('button', { name: 'Dark' }).focus();
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
    await expect(scheme.getByRole('button', { name: 'Light' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onColorSchemeChange).toHaveBeenLastCalledWith('light');
    // The pressed one is not chosen again.
    await userEvent.click(scheme.getByRole('button', { name: 'System' }));
    await expect(args.onColorSchemeChange).toHaveBeenCalledTimes(2);
  },
} satisfies Story;

export const DarkSchemeChosen = {
  args: { colorScheme: 'dark' },
  play: async ({ canvasElement }) => {
    const scheme = within(within(canvasElement).getByRole('group', { name: 'Colour scheme' }));
    await expect(scheme.getByRole('button', { name: 'Dark' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  },
} satisfies Story;
