import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  accountEmailValues,
  accountErrorMessages,
  changedAccountEmailValues,
  emptyAccountPasswordValues,
  emptyLogoutOtherSessionsValues,
  filledAccountPasswordValues,
  filledLogoutOtherSessionsValues,
  purchaseHistory,
} from '../fixtures/account';
import { fixtureForm } from '../fixtures/form';
import { EMAIL_UPDATED, OTHER_SESSIONS_LOGGED_OUT, PASSWORD_UPDATED } from '../constants';
import { AccountSettingsPage, type AccountSettingsPageProps } from './account-settings-page';

function renderPage(overrides: Partial<AccountSettingsPageProps> = {}) {
  return render(
    <AccountSettingsPage
      emailForm={fixtureForm(accountEmailValues)}
      passwordForm={fixtureForm(emptyAccountPasswordValues)}
      logoutOtherSessionsForm={fixtureForm(emptyLogoutOtherSessionsValues)}
      purchases={purchaseHistory}
      {...overrides}
    />,
  );
}

function section(name: string) {
  return within(screen.getByRole('region', { name }));
}

describe('AccountSettingsPage', () => {
  it('has the three settings sections and the purchase history', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
    for (const name of [
      'Email address',
      'Password',
      'Log out other sessions',
      'Purchase history',
    ]) {
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('table', { name: 'Purchase history' })).toBeInTheDocument();
  });

  it('leaves out the purchase history when there are no purchases', () => {
    renderPage({ purchases: [] });
    expect(screen.queryByRole('region', { name: 'Purchase history' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('marks every field required, with the right type and autocomplete', () => {
    renderPage();
    const email = section('Email address').getByRole('textbox', { name: 'Email address' });
    expect(email).toBeRequired();
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('autocomplete', 'email');
    const confirm = section('Email address').getByLabelText('Current password', {
      selector: 'input',
    });
    expect(confirm).toBeRequired();
    expect(confirm).toHaveAttribute('name', 'password');
    expect(confirm).toHaveAttribute('type', 'password');
    expect(confirm).toHaveAttribute('autocomplete', 'current-password');

    const password = section('Password');
    const current = password.getByLabelText('Current password', { selector: 'input' });
    const next = password.getByLabelText('New password', { selector: 'input' });
    expect(current).toBeRequired();
    expect(current).toHaveAttribute('name', 'old_password');
    expect(current).toHaveAttribute('autocomplete', 'current-password');
    expect(next).toBeRequired();
    expect(next).toHaveAttribute('name', 'new_password');
    expect(next).toHaveAttribute('autocomplete', 'new-password');

    const sessions = section('Log out other sessions').getByLabelText('Password', {
      selector: 'input',
    });
    expect(sessions).toBeRequired();
    expect(sessions).toHaveAttribute('autocomplete', 'current-password');
  });

  it('submits each form through its own callback only', async () => {
    const email = vi.fn();
    const password = vi.fn();
    const sessions = vi.fn();
    renderPage({
      emailForm: fixtureForm(changedAccountEmailValues, { onSubmit: email }),
      passwordForm: fixtureForm(filledAccountPasswordValues, { onSubmit: password }),
      logoutOtherSessionsForm: fixtureForm(filledLogoutOtherSessionsValues, {
        onSubmit: sessions,
      }),
    });
    await userEvent.click(section('Password').getByRole('button', { name: 'Save' }));
    expect(password).toHaveBeenCalledOnce();
    expect(email).not.toHaveBeenCalled();
    expect(sessions).not.toHaveBeenCalled();

    await userEvent.click(
      section('Log out other sessions').getByRole('button', { name: 'Log out other sessions' }),
    );
    expect(sessions).toHaveBeenCalledOnce();

    await userEvent.click(section('Email address').getByRole('button', { name: 'Save' }));
    expect(email).toHaveBeenCalledOnce();
  });

  it('does not change the e-mail address without the current password', async () => {
    const onSubmit = vi.fn();
    const onChange = vi.fn();
    renderPage({
      emailForm: fixtureForm(
        { ...changedAccountEmailValues, password: '' },
        { onSubmit, onChange },
      ),
    });
    const email = section('Email address');
    await userEvent.click(email.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.type(email.getByLabelText('Current password', { selector: 'input' }), 'x');
    expect(onChange).toHaveBeenCalledWith('password', 'x');
  });

  it('shows a wrong or rate-limited password under the e-mail form’s password field', () => {
    renderPage({
      emailForm: fixtureForm(changedAccountEmailValues, {
        errors: { password: accountErrorMessages.tooManyPasswordAttempts },
      }),
    });
    const field = section('Email address').getByLabelText('Current password', {
      selector: 'input',
    });
    expect(field).toBeInvalid();
    expect(field).toHaveAccessibleDescription(accountErrorMessages.tooManyPasswordAttempts);
    expect(
      section('Log out other sessions').getByLabelText('Password', { selector: 'input' }),
    ).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('does not submit a password form with empty required fields', async () => {
    const onSubmit = vi.fn();
    renderPage({ passwordForm: fixtureForm(emptyAccountPasswordValues, { onSubmit }) });
    await userEvent.click(section('Password').getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('reports typing to the matching field', async () => {
    const onChange = vi.fn();
    renderPage({ passwordForm: fixtureForm(emptyAccountPasswordValues, { onChange }) });
    await userEvent.type(
      section('Password').getByLabelText('New password', { selector: 'input' }),
      'x',
    );
    expect(onChange).toHaveBeenCalledWith('new_password', 'x');
  });

  it('shows each success message only while that form was recently successful', () => {
    const { rerender } = renderPage({
      emailForm: fixtureForm(accountEmailValues, { wasSuccessful: true, recentlySuccessful: true }),
    });
    expect(section('Email address').getByRole('status')).toHaveTextContent(EMAIL_UPDATED);
    expect(section('Password').getByRole('status')).toBeEmptyDOMElement();
    expect(section('Log out other sessions').getByRole('status')).toBeEmptyDOMElement();

    // The flag clears 2000 ms after the save and the message goes with it.
    rerender(
      <AccountSettingsPage
        emailForm={fixtureForm(accountEmailValues, { wasSuccessful: true })}
        passwordForm={fixtureForm(emptyAccountPasswordValues, { recentlySuccessful: true })}
        logoutOtherSessionsForm={fixtureForm(emptyLogoutOtherSessionsValues, {
          recentlySuccessful: true,
        })}
        purchases={purchaseHistory}
      />,
    );
    expect(section('Email address').getByRole('status')).toBeEmptyDOMElement();
    expect(section('Password').getByRole('status')).toHaveTextContent(PASSWORD_UPDATED);
    expect(section('Log out other sessions').getByRole('status')).toHaveTextContent(
      OTHER_SESSIONS_LOGGED_OUT,
    );
  });

  it('disables only the submitting form while it is processing', () => {
    renderPage({ passwordForm: fixtureForm(filledAccountPasswordValues, { processing: true }) });
    expect(section('Password').getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(section('Email address').getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(
      section('Log out other sessions').getByRole('button', { name: 'Log out other sessions' }),
    ).toBeEnabled();
  });

  it('shows server errors under their fields', () => {
    renderPage({
      emailForm: fixtureForm(accountEmailValues, {
        errors: { email: accountErrorMessages.emailTaken },
      }),
      passwordForm: fixtureForm(filledAccountPasswordValues, {
        errors: {
          old_password: accountErrorMessages.oldPasswordIncorrect,
          new_password: accountErrorMessages.newPasswordTooShort,
        },
      }),
      logoutOtherSessionsForm: fixtureForm(filledLogoutOtherSessionsValues, {
        errors: { password: accountErrorMessages.passwordIncorrect },
      }),
    });
    const email = section('Email address').getByRole('textbox', { name: 'Email address' });
    expect(email).toBeInvalid();
    expect(email).toHaveAccessibleDescription(accountErrorMessages.emailTaken);
    expect(
      section('Password').getByLabelText('Current password', { selector: 'input' }),
    ).toHaveAccessibleDescription(accountErrorMessages.oldPasswordIncorrect);
    expect(
      section('Password').getByLabelText('New password', { selector: 'input' }),
    ).toHaveAccessibleDescription(accountErrorMessages.newPasswordTooShort);
    expect(
      section('Log out other sessions').getByLabelText('Password', { selector: 'input' }),
    ).toHaveAccessibleDescription(accountErrorMessages.passwordIncorrect);
  });
});
