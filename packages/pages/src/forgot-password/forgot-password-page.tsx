import { RESET_LINK_SENT_MESSAGE } from '../constants';
import { Alert, Button, Link, TextField } from '@tessera/ui';
import { AuthCard } from '../auth-card/auth-card';
import type { FormState } from '../forms/form-state';
import { Form } from '../forms/form';

export const forgotPasswordPageTitle = 'Reset your password';

/** Shown after POST /password/email; the server flashes the same words as `status`. */
export { RESET_LINK_SENT_MESSAGE };

export type ForgotPasswordFormValues = { email: string };

export type ForgotPasswordPageProps = {
  /** Posts to /password/email. */
  form: FormState<ForgotPasswordFormValues>;
  /** The flashed confirmation (`flash.status`) after the link was sent. */
  status?: string;
};

/** What the server sends the ForgotPassword page (nothing of its own); shared data on top. */
export type ForgotPasswordPageData = Record<never, never>;

export function ForgotPasswordPage({ form, status }: ForgotPasswordPageProps) {
  const sent = Boolean(status) || form.wasSuccessful;
  return (
    <AuthCard
      title="Reset your password"
      description="Enter the e-mail address you signed up with and we’ll send you a link to choose a new password."
      footer={
        <>
          Remembered it?{' '}
          <Link href="/login" className="font-semibold text-brand-600 hover:text-brand-500">
            Back to sign in
          </Link>
        </>
      }
    >
      <Form form={form} className="space-y-6">
        {sent ? (
          <Alert variant="success" title="Check your inbox">
            {status ?? RESET_LINK_SENT_MESSAGE}
          </Alert>
        ) : null}
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
        <Button type="submit" loading={form.processing} className="w-full">
          Email password reset link
        </Button>
      </Form>
    </AuthCard>
  );
}
