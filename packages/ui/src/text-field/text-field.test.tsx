import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PasswordField, TextField } from './text-field';

describe('TextField', () => {
  it('links hint and error to the input and marks it invalid', () => {
    render(<TextField label="Team name" hint="Shown to your members." error="Required." />);
    const input = screen.getByRole('textbox', { name: 'Team name' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Shown to your members. Required.');
  });

  it('keeps a caller’s aria-describedby alongside its own', () => {
    render(
      <>
        <p id="login-error">These credentials do not match our records.</p>
        <TextField label="Email" aria-describedby="login-error" invalid />
      </>,
    );
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription('These credentials do not match our records.');
  });

  it('is valid and undescribed without error, invalid or hint', () => {
    render(<TextField label="Email" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('uses the caller’s id for the input', () => {
    render(<TextField label="Email" id="email" />);
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('id', 'email');
  });
});

describe('PasswordField', () => {
  it('toggles between hidden and visible text', async () => {
    const user = userEvent.setup();
    render(<PasswordField label="New password" name="new_password" />);
    const input = screen.getByLabelText('New password');
    expect(input).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');

    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('does not submit the form when the toggle is pressed', async () => {
    const user = userEvent.setup();
    let submitted = false;
    render(
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submitted = true;
        }}
      >
        <PasswordField label="Password" />
      </form>,
    );
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(submitted).toBe(false);
  });
});
