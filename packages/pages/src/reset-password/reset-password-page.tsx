import { Alert, Button, Link, PasswordField, TextField } from '@tessera/ui';
import { AuthCard } from '../auth-card/auth-card';
import type { FormState } from '../forms/form-state';

export const resetPasswordPageTitle = 'Choose a new password';

/** What the login page shows as `status` after a successful reset. */
export { PASSWORD_RESET_STATUS } from '../constants';

export type ResetPasswordFormValues = { token: string; email: string; password: string };

export type ResetPasswordPageProps = {
  /** Posts token, email and password to /password/reset. */
  form: FormState<ResetPasswordFormValues>;
};

/**
 * What the server sends the ResetPassword page (shared page data comes on top): the link's
 * token and the address it was sent to ('' when the link carries none), to fill the form.
 */
export type ResetPasswordPageData = Pick<ResetPasswordFormValues, 'token' | 'email'>;

export function ResetPasswordPage({ form }: ResetPasswordPageProps) {
  const tokenError = form.errors.token;
  return (
    <AuthCard
      title="Choose a new password"
      description="Pick a password you don’t use anywhere else. You’ll be signed in straight away."
    >
      <form
        className="space-y-6"
        onSubmit={(event) => {
          event.preventDefault();
          form.onSubmit();
        }}
      >
        {tokenError ? (
          <Alert variant="error" title={tokenError}>
            Reset links work once and expire after a while.{' '}
            <Link href="/password/reset">Request a new link</Link>
          </Alert>
        ) : null}
        <input type="hidden" name="token" value={form.values.token} />
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
          label="New password"
          name="password"
          autoComplete="new-password"
          required
          value={form.values.password}
          onChange={(event) => form.onChange('password', event.target.value)}
          error={form.errors.password}
        />
        <Button type="submit" loading={form.processing} className="w-full">
          Reset password
        </Button>
      </form>
    </AuthCard>
  );
}
