import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fixtureForm } from '../fixtures/form';
import {
  emptyRedeemLicenseValues,
  filledRedeemLicenseValues,
  fixtureLicenses,
  redeemLicensePageProps,
  teamErrorMessages,
} from '../fixtures/licenses';
import type { FormState } from '../forms/form-state';
import type { RedeemLicenseFormValues } from './redemption';
import {
  RedeemLicensePage,
  redeemLicensePageTitle,
  redeemLicenseTitle,
} from './redeem-license-page';
import type { LicenseRecord } from './types';

const user = { email: 'jordan.lee@example.com' };

function renderPage(
  license: LicenseRecord,
  {
    signedIn = false,
    form = fixtureForm(emptyRedeemLicenseValues),
    onSignOut = vi.fn(),
  }: {
    signedIn?: boolean;
    form?: FormState<RedeemLicenseFormValues>;
    onSignOut?: () => void;
  } = {},
) {
  return render(
    <RedeemLicensePage
      {...redeemLicensePageProps(license)}
      user={signedIn ? user : null}
      form={form}
      onSignOut={onSignOut}
    />,
  );
}

describe('RedeemLicensePage', () => {
  it.each([
    [fixtureLicenses.upgraded, 'This licence was used to upgrade'],
    [fixtureLicenses.refunded, 'This licence was refunded'],
    [fixtureLicenses.deactivated, 'This licence is no longer active'],
    [fixtureLicenses.team, 'This licence has already been redeemed'],
    [fixtureLicenses.personal, 'This licence has already been redeemed'],
  ])('offers no redemption when the licence cannot be redeemed (%#)', (license, title) => {
    renderPage(license, { signedIn: true });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
    // The document's title says the same, never "Redeem your licence" for a used licence.
    expect(redeemLicenseTitle(license, true)).toBe(title);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Create|Connect)/ })).not.toBeInTheDocument();
  });

  it('is titled "Redeem your licence" only while the licence can be redeemed', () => {
    expect(redeemLicenseTitle(fixtureLicenses.personalRedeemable, false)).toBe(
      redeemLicensePageTitle,
    );
    expect(redeemLicenseTitle(fixtureLicenses.personalRedeemable, true)).toBe(
      redeemLicensePageTitle,
    );
  });

  it('gives the support contact for a refunded licence', () => {
    renderPage(fixtureLicenses.refunded);
    expect(screen.getByRole('link', { name: 'support@tessera-ui.com' })).toHaveAttribute(
      'href',
      'mailto:support@tessera-ui.com',
    );
  });

  it('names who holds an already redeemed licence and links to sign in back here', () => {
    renderPage(fixtureLicenses.restricted);
    expect(screen.getByText(/connected to the account/)).toHaveTextContent(
      'sam.student@example.edu',
    );
    expect(screen.getByRole('link', { name: /Sign in/ })).toHaveAttribute(
      'href',
      `/login?intended_url=${encodeURIComponent(fixtureLicenses.restricted.url)}`,
    );
  });

  it('asks a visitor for a new account, and a team name only for a team licence', () => {
    const { unmount } = renderPage(fixtureLicenses.personalRedeemable);
    expect(screen.getByRole('textbox', { name: 'Email address' })).toBeRequired();
    const password = screen.getByLabelText('Password', { selector: 'input' });
    expect(password).toBeRequired();
    expect(password).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.queryByRole('textbox', { name: 'Team name' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    unmount();

    renderPage(fixtureLicenses.teamRedeemable);
    expect(screen.getByRole('textbox', { name: 'Team name' })).toBeRequired();
    expect(screen.getByRole('button', { name: 'Create account and team' })).toBeInTheDocument();
  });

  it('connects a personal licence to the signed-in account with one button, and offers sign out', async () => {
    const onSubmit = vi.fn();
    const onSignOut = vi.fn();
    renderPage(fixtureLicenses.personalRedeemable, {
      signedIn: true,
      form: fixtureForm(emptyRedeemLicenseValues, { onSubmit }),
      onSignOut,
    });
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Connect to my account' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(onSignOut).toHaveBeenCalledOnce();
  });

  it('creates a team from a team licence when signed in, with the name required', async () => {
    const onSubmit = vi.fn();
    const onChange = vi.fn();
    renderPage(fixtureLicenses.teamRedeemable, {
      signedIn: true,
      form: fixtureForm(emptyRedeemLicenseValues, { onSubmit, onChange }),
    });
    expect(screen.queryByRole('textbox', { name: 'Email address' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create team' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Team name' }), 'N');
    expect(onChange).toHaveBeenCalledWith('team_name', 'N');
  });

  it('shows field errors under their fields and any other error above the form', () => {
    renderPage(fixtureLicenses.teamRedeemable, {
      form: fixtureForm(filledRedeemLicenseValues, {
        errors: {
          email: teamErrorMessages.emailTaken,
          team_name: teamErrorMessages.teamNameRequired,
          license: teamErrorMessages.licenseAlreadyRedeemed,
        },
      }),
    });
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveAccessibleDescription(
      teamErrorMessages.emailTaken,
    );
    expect(screen.getByRole('textbox', { name: 'Team name' })).toBeInvalid();
    expect(screen.getByRole('alert')).toHaveTextContent(teamErrorMessages.licenseAlreadyRedeemed);
  });

  it('disables the submit button while processing', () => {
    renderPage(fixtureLicenses.personalRedeemable, {
      signedIn: true,
      form: fixtureForm(emptyRedeemLicenseValues, { processing: true }),
    });
    expect(screen.getByRole('button', { name: 'Connect to my account' })).toBeDisabled();
  });
});
