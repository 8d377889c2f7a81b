import { Alert, PasswordField, TextField } from '@tessera/ui';
import type { FormState } from './form-state';

/** The values every form that makes (or resets) an account has. */
export type AccountFieldValues = { email: string; password: string };

export type AccountFieldsProps = {
  form: FormState<AccountFieldValues>;
  /** 'Password' for a new account; 'New password' where one is reset. */
  passwordLabel?: string;
};

/**
 * The e-mail address and new password of an account made or reset on a page (redeeming a
 * licence, joining a team, resetting a password). The browser checks both are filled and the
 * address's shape; `new-password` lets a password manager offer to save it. Server errors show
 * under their field.
 */
export function AccountFields({ form, passwordLabel = 'Password' }: AccountFieldsProps) {
  return (
    <>
      <TextField
        label="Email address"
        name="email"
        type="email"
        autoComplete="email"
        required
        value={form.values.email}
        onChange={(event) => form.onChange('email', event.target.value)}
        error={form.errors.email}
      />
      <PasswordField
        label={passwordLabel}
        name="password"
        autoComplete="new-password"
        required
        value={form.values.password}
        onChange={(event) => form.onChange('password', event.target.value)}
        error={form.errors.password}
      />
    </>
  );
}

/** The errors a form has no field for, each in an alert above the fields. */
export function FormErrorAlerts({ messages }: { messages: string[] }) {
  return messages.map((message) => (
    <Alert key={message} variant="error">
      {message}
    </Alert>
  ));
}
