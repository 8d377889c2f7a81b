import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authErrorMessages, fixtureForm, resetPasswordValues } from '../fixtures';
import { ResetPasswordPage } from './reset-password-page';

describe('ResetPasswordPage', () => {
  it('sends the token with the form without showing it', () => {
    const { container } = render(<ResetPasswordPage form={fixtureForm(resetPasswordValues)} />);
    const token = container.querySelector('input[name="token"]');
    expect(token).toHaveAttribute('type', 'hidden');
    expect(token).toHaveValue(resetPasswordValues.token);
  });

  it('explains an expired link above the form and offers a new one', () => {
    render(
      <ResetPasswordPage
        form={fixtureForm(resetPasswordValues, {
          errors: { token: authErrorMessages.tokenExpired },
        })}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(authErrorMessages.tokenExpired);
    expect(within(alert).getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/password/reset',
    );
  });

  it('shows field errors under their fields', () => {
    render(
      <ResetPasswordPage
        form={fixtureForm(resetPasswordValues, {
          errors: { password: authErrorMessages.passwordTooShort },
        })}
      />,
    );
    expect(
      screen.getByLabelText('New password', { selector: 'input' }),
    ).toHaveAccessibleDescription(authErrorMessages.passwordTooShort);
  });
});
