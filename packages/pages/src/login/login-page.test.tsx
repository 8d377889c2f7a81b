import { fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { authErrorMessages, emptyLoginValues, filledLoginValues, fixtureForm } from '../fixtures';
import { PASSWORD_RESET_STATUS } from '../reset-password/reset-password-page';
import { LoginPage } from './login-page';

describe('LoginPage', () => {
  it('shows an e-mail error once, above the form, and flags both fields', () => {
    const message = authErrorMessages.badCredentials;
    render(
      <LoginPage
        form={fixtureForm(filledLoginValues, {
          errors: { email: message, password: authErrorMessages.passwordRequired },
        })}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(screen.queryByText(authErrorMessages.passwordRequired)).not.toBeInTheDocument();
    const email = screen.getByRole('textbox', { name: 'Email address' });
    const password = screen.getByLabelText('Password', { selector: 'input' });
    expect(email).toBeInvalid();
    expect(password).toBeInvalid();
    expect(email).toHaveAccessibleDescription(message);
    expect(password).toHaveAccessibleDescription(message);
  });

  it('shows a password error under the password field only', () => {
    render(
      <LoginPage
        form={fixtureForm(filledLoginValues, {
          errors: { password: authErrorMessages.passwordRequired },
        })}
      />,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Password', { selector: 'input' })).toHaveAccessibleDescription(
      authErrorMessages.passwordRequired,
    );
    expect(screen.getByRole('textbox', { name: 'Email address' })).toBeValid();
  });

  it('remembers the visitor by default and reports the toggle', async () => {
    const onChange = vi.fn();
    render(<LoginPage form={fixtureForm(emptyLoginValues, { onChange })} />);
    const remember = screen.getByRole('checkbox', { name: 'Remember me' });
    expect(remember).toBeChecked();
    await userEvent.click(remember);
    expect(onChange).toHaveBeenCalledWith('remember', false);
  });

  it('submits through the form callback without a page load', () => {
    const onSubmit = vi.fn();
    render(<LoginPage form={fixtureForm(filledLoginValues, { onSubmit })} />);
    const submitted = fireEvent.submit(screen.getByRole('button', { name: 'Sign in' }));
    expect(submitted).toBe(false);
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('disables the submit button while processing', () => {
    render(<LoginPage form={fixtureForm(filledLoginValues, { processing: true })} />);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
  });

  it('shows the status left by the previous screen', () => {
    render(<LoginPage form={fixtureForm(emptyLoginValues)} status={PASSWORD_RESET_STATUS} />);
    expect(screen.getByRole('status')).toHaveTextContent(PASSWORD_RESET_STATUS);
  });

  it('links to password reset and all-access', () => {
    render(<LoginPage form={fixtureForm(emptyLoginValues)} />);
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/password/reset',
    );
    expect(screen.getByRole('link', { name: 'Get all-access' })).toHaveAttribute(
      'href',
      '/all-access',
    );
  });
});
