import { z } from 'zod';
import { emailField, passwordInput } from '../auth/index.ts';

/** The spec's form has one field; the password is asked again before the change (decision 003). */
export const updateEmailBody = z.object({ email: emailField, password: passwordInput() });

export const updatePasswordBody = z.object({
  old_password: passwordInput('current password'),
  new_password: passwordInput('new password'),
});

export const logoutOtherBody = z.object({ password: passwordInput() });
