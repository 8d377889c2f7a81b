import { Alert, Button, Link } from '@tessera/ui';
import { AuthCard } from '../auth-card/auth-card';
import { AccountFields } from '../forms/account-fields';
import type { FormState } from '../forms/form-state';
import { Form } from '../forms/form';
import { RESET_PASSWORD_NOTICE } from '../constants';

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
    <AuthCard title="Choose a new password" description={RESET_PASSWORD_NOTICE}>
      <Form form={form} className="space-y-6">
        {tokenError ? (
          <Alert variant="error" title={tokenError}>
            Reset links work once and expire after a while.{' '}
            <Link href="/password/reset">Request a new link</Link>
          </Alert>
        ) : null}
        <input type="hidden" name="token" value={form.values.token} />
        <AccountFields form={form} passwordLabel="New password" />
        <Button type="submit" loading={form.processing} className="w-full">
          Reset password
        </Button>
      </Form>
    </AuthCard>
  );
}
