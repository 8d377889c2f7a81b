import { Alert, Button, Checkbox, Link, PasswordField, TextField } from '@tessera/ui';
import { useId } from 'react';
import { AuthCard } from '../auth-card/auth-card';
import type { FormState } from '../forms/form-state';
import { ALL_ACCESS_URL } from '../constants';
import { Form } from '../forms/form';

export const loginPageTitle = 'Sign in';

export type LoginFormValues = { email: string; password: string; remember: boolean };

export type LoginPageProps = {
  /** Posts to /login; `remember` starts true. */
  form: FormState<LoginFormValues>;
  /** The flashed confirmation (`flash.status`) of the previous screen, e.g. a password reset. */
  status?: string;
};

/** What the server sends the Login page (nothing of its own); shared page data comes on top. */
export type LoginPageData = Record<never, never>;

export function LoginPage({ form, status }: LoginPageProps) {
  const emailErrorId = useId();
  // Any e-mail error is one message above the form, with both fields flagged: the page never
  // says which of the two was wrong.
  const emailError = form.errors.email;
  return (
    <AuthCard
      title="Sign in to your account"
      footer={
        <>
          Not a customer yet?{' '}
          <Link href={ALL_ACCESS_URL} className="font-semibold text-brand-600 hover:text-brand-500">
            Get all-access
          </Link>
        </>
      }
    >
      <Form form={form} className="space-y-6">
        {status ? <Alert variant="success">{status}</Alert> : null}
        {emailError ? (
          <Alert variant="error" id={emailErrorId}>
            {emailError}
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
          invalid={Boolean(emailError)}
          aria-describedby={emailError ? emailErrorId : undefined}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={form.values.password}
          onChange={(event) => form.onChange('password', event.target.value)}
          invalid={Boolean(emailError)}
          error={emailError ? undefined : form.errors.password}
          aria-describedby={emailError ? emailErrorId : undefined}
        />
        <div className="flex items-center justify-between gap-4">
          <Checkbox
            label="Remember me"
            name="remember"
            checked={form.values.remember}
            onChange={(event) => form.onChange('remember', event.target.checked)}
          />
          <Link
            href="/password/reset"
            className="text-sm/6 font-semibold text-brand-600 hover:text-brand-500"
          >
            Forgot your password?
          </Link>
        </div>
        <Button type="submit" loading={form.processing} className="w-full">
          Sign in
        </Button>
      </Form>
    </AuthCard>
  );
}
