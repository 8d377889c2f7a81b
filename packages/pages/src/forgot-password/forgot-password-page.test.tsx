import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emptyForgotPasswordValues, filledForgotPasswordValues, fixtureForm } from '../fixtures';
import { ForgotPasswordPage, RESET_LINK_SENT_MESSAGE } from './forgot-password-page';

describe('ForgotPasswordPage', () => {
  it('confirms the link was sent once the form succeeded, even without a status', () => {
    render(
      <ForgotPasswordPage
        form={fixtureForm(filledForgotPasswordValues, { wasSuccessful: true })}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(RESET_LINK_SENT_MESSAGE);
  });

  it('shows nothing sent before the form is submitted', () => {
    render(<ForgotPasswordPage form={fixtureForm(emptyForgotPasswordValues)} />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email address' })).toBeRequired();
  });
});
