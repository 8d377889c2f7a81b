/**
 * The licence and team containers in the real Inertia client, against a real HTTP server: what
 * each state sends (method, path, fields) is the contract with the server's routes.
 */
import type { Page } from '@inertiajs/core';
import {
  fixtureLicenses,
  fixtureSharedData,
  customerSharedData,
  joinTeamPageProps,
  licensePageProps,
  ownerTeam,
  redeemLicensePageProps,
  ownerWithOneTeamSharedData,
} from '@tessera/pages/fixtures';
import { INVITE_RESET_INDICATOR_MS } from '@tessera/pages/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { inertiaTestServer } from './test-support/inertia-test-server';

// A slow answer, so states that last while a request is in flight can be seen.
const inertia = inertiaTestServer({ answerDelayMs: 50 });
const { received, lastRequest } = inertia;

async function visit(component: string, url: string, props: Record<string, unknown>) {
  await inertia.mount({ component, url, version: null, props: { errors: {}, ...props } } as Page);
  // A loaded machine may take a while to render the page's content: wait for it.
  const main = await screen.findByRole('main', {}, { timeout: 10_000 });
  await waitFor(() => expect(main.querySelector('h1, h2')).not.toBeNull(), { timeout: 10_000 });
  return within(main);
}

describe('RedeemLicense', () => {
  it('connects a personal licence with a bare PATCH when signed in', async () => {
    const props = redeemLicensePageProps(fixtureLicenses.personalRedeemable);
    const page = await visit('RedeemLicense', props.license.url, {
      ...customerSharedData,
      ...props,
    });
    await userEvent.click(await page.findByRole('button', { name: 'Connect to my account' }));
    expect(await lastRequest()).toEqual({ method: 'PATCH', path: props.license.url, body: {} });
  });

  it('sends only the team name to create a team when signed in', async () => {
    const props = redeemLicensePageProps(fixtureLicenses.teamRedeemable);
    const page = await visit('RedeemLicense', props.license.url, {
      ...customerSharedData,
      ...props,
    });
    await userEvent.type(
      await page.findByRole('textbox', { name: 'Team name' }),
      'Northwind Studio',
    );
    await userEvent.click(await page.findByRole('button', { name: 'Create team' }));
    expect(await lastRequest()).toEqual({
      method: 'PATCH',
      path: props.license.url,
      body: { team_name: 'Northwind Studio' },
    });
  });

  it('sends the new account and the team name when signed out', async () => {
    const props = redeemLicensePageProps(fixtureLicenses.teamRedeemable);
    const page = await visit('RedeemLicense', props.license.url, {
      ...fixtureSharedData(),
      ...props,
    });
    await userEvent.type(
      await page.findByRole('textbox', { name: 'Email address' }),
      'riley@n.studio',
    );
    await userEvent.type(
      await page.findByLabelText('Password', { selector: 'input' }),
      'lantern-42-x',
    );
    await userEvent.type(await page.findByRole('textbox', { name: 'Team name' }), 'Northwind');
    await userEvent.click(await page.findByRole('button', { name: 'Create account and team' }));
    expect(await lastRequest()).toEqual({
      method: 'PATCH',
      path: props.license.url,
      body: { email: 'riley@n.studio', password: 'lantern-42-x', team_name: 'Northwind' },
    });
  });

  it('keeps the new password when the team name is refused', async () => {
    const props = redeemLicensePageProps(fixtureLicenses.teamRedeemable);
    const page = await visit('RedeemLicense', props.license.url, {
      ...fixtureSharedData(),
      ...props,
    });
    // The server's answer to a refused team name: the same page with the field's error.
    const errors = { team_name: 'Choose another team name.' } as unknown as Page['props']['errors'];
    inertia.answer = { ...inertia.answer, props: { ...inertia.answer.props, errors } };
    await userEvent.type(
      await page.findByRole('textbox', { name: 'Email address' }),
      'riley@n.studio',
    );
    const password = await page.findByLabelText('Password', { selector: 'input' });
    await userEvent.type(password, 'lantern-42-x');
    await userEvent.type(await page.findByRole('textbox', { name: 'Team name' }), 'Taken');
    await userEvent.click(await page.findByRole('button', { name: 'Create account and team' }));
    await page.findByText('Choose another team name.');
    expect(await page.findByLabelText('Password', { selector: 'input' })).toHaveValue(
      'lantern-42-x',
    );
  });

  it('signs out back to the licence page', async () => {
    const props = redeemLicensePageProps(fixtureLicenses.personalRedeemable);
    const page = await visit('RedeemLicense', props.license.url, {
      ...customerSharedData,
      ...props,
    });
    await userEvent.click(await page.findByRole('button', { name: 'Sign out' }));
    expect(await lastRequest()).toEqual({
      method: 'POST',
      path: '/logout',
      body: { redirect_url: props.license.url },
    });
  });
});

describe('JoinTeam', () => {
  const props = joinTeamPageProps(ownerTeam);
  const url = `/teams/${ownerTeam.id}/members?invite_token=${props.inviteToken}`;

  it('joins with the invite token alone when signed in', async () => {
    const page = await visit('JoinTeam', url, { ...customerSharedData, ...props });
    await userEvent.click(await page.findByRole('button', { name: 'Join team' }));
    expect(await lastRequest()).toEqual({
      method: 'POST',
      path: `/teams/${ownerTeam.id}/members`,
      body: { invite_token: props.inviteToken },
    });
  });

  it('sends the new account with the token when signed out', async () => {
    const page = await visit('JoinTeam', url, { ...fixtureSharedData(), ...props });
    await userEvent.type(
      await page.findByRole('textbox', { name: 'Email address' }),
      'casey@n.studio',
    );
    await userEvent.type(
      await page.findByLabelText('Password', { selector: 'input' }),
      'lantern-42-x',
    );
    await userEvent.click(await page.findByRole('button', { name: 'Create account and join' }));
    expect(await lastRequest()).toEqual({
      method: 'POST',
      path: `/teams/${ownerTeam.id}/members`,
      body: { invite_token: props.inviteToken, email: 'casey@n.studio', password: 'lantern-42-x' },
    });
  });
});

describe('TeamSettings', () => {
  const teamProps = { ...ownerWithOneTeamSharedData, team: ownerTeam, supportEmail: 'x@y.z' };

  it('renames the team with PATCH /teams/{id}', async () => {
    const page = await visit('TeamSettings', `/teams/${ownerTeam.id}`, teamProps);
    const name = await page.findByRole('textbox', { name: 'Team name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Northwind Design');
    await userEvent.click(await page.findByRole('button', { name: 'Save' }));
    expect(await lastRequest()).toEqual({
      method: 'PATCH',
      path: `/teams/${ownerTeam.id}`,
      body: { name: 'Northwind Design' },
    });
  });

  it('changes a role, and holds the row while the request runs', async () => {
    const avery = ownerTeam.members[2]!;
    const page = await visit('TeamSettings', `/teams/${ownerTeam.id}`, teamProps);
    const button = await page.findByRole('button', { name: `Make owner: ${avery.email}` });
    await userEvent.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    expect(await lastRequest()).toEqual({
      method: 'PATCH',
      path: `/teams/${ownerTeam.id}/members/${avery.id}`,
      body: { role: 'owner' },
    });
    await waitFor(() => expect(button).toBeEnabled());
  });

  it('removes a member after the confirmation', async () => {
    const sam = ownerTeam.members[3]!;
    const page = await visit('TeamSettings', `/teams/${ownerTeam.id}`, teamProps);
    await userEvent.click(await page.findByRole('button', { name: `Remove: ${sam.email}` }));
    expect(received).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Remove member' }));
    expect(await lastRequest()).toMatchObject({
      method: 'DELETE',
      path: `/teams/${ownerTeam.id}/members/${sam.id}`,
    });
  });

  it('resets the invite link and shows the indicator until 500 ms after the answer', async () => {
    const page = await visit('TeamSettings', `/teams/${ownerTeam.id}`, teamProps);
    await userEvent.click(await page.findByRole('button', { name: 'Reset invite link' }));
    expect(await page.findByRole('textbox', { name: 'Invite link' })).toHaveValue(
      'Generating a new link…',
    );
    expect(await lastRequest()).toMatchObject({
      method: 'DELETE',
      path: `/teams/${ownerTeam.id}/invite-link`,
    });
    await waitFor(
      () => expect(page.getByRole('button', { name: 'Reset invite link' })).toBeEnabled(),
      { timeout: INVITE_RESET_INDICATOR_MS * 4 },
    );
    expect(await page.findByRole('textbox', { name: 'Invite link' })).toHaveValue(
      ownerTeam.inviteUrl,
    );
  });
});

describe('License', () => {
  it('renders the licences and the upgrade links of the signed-in user', async () => {
    const page = await visit('License', '/license', {
      ...fixtureSharedData({
        auth: {
          user: {
            ...customerSharedData.auth!.user,
            can: {
              accessV1: false,
              canUpgradeToStandardAllAccess: true,
              upgradeToTeamLicense: false,
            },
          },
        },
      }),
      ...licensePageProps,
    });
    expect(page.getAllByRole('button', { name: 'Copy key' })).toHaveLength(
      licensePageProps.licenses.length,
    );
    expect(await page.findByRole('link', { name: /Upgrade to standard licence/ })).toHaveAttribute(
      'href',
      '/upgrade',
    );
  });
});

describe('Login', () => {
  it('sends the intended_url of its address with the credentials', async () => {
    const intended = `/licenses/${fixtureLicenses.personalRedeemable.key}`;
    const page = await visit('Login', `/login?intended_url=${encodeURIComponent(intended)}`, {
      ...fixtureSharedData(),
    });
    await userEvent.type(await page.findByRole('textbox', { name: 'Email address' }), 'a@b.co');
    await userEvent.type(
      await page.findByLabelText('Password', { selector: 'input' }),
      'secret-secret',
    );
    await userEvent.click(await page.findByRole('button', { name: 'Sign in' }));
    expect(await lastRequest()).toEqual({
      method: 'POST',
      path: '/login',
      body: { email: 'a@b.co', password: 'secret-secret', remember: true, intended_url: intended },
    });
  });
});
