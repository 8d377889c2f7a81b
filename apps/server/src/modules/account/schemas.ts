import { z } from 'zod';
import { emailField, passwordInput } from '../auth/schemas.ts';

export const updateEmailBody = z.object({ email: emailField });

export const updatePasswordBody = z.object({
  old_password: passwordInput('current password'),
  new_password: passwordInput('new password'),
});
