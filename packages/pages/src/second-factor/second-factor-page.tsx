import { Alert, Button, Link, TextField } from '@tessera/ui';
import { Form } from '../forms/form';
import type { FormState } from '../forms/form-state';
import { AuthCard } from '../auth-card/auth-card';

export const secondFactorPageTitle = 'Two-factor authentication';

/** POST /login/second-factor: a code from the authenticator app, or a recovery code. */
export type SecondFactorFormValues = { code: string };

export type SecondFactorPageProps = {
  form: FormState<SecondFactorFormValues>;
};

/** What the server sends the SecondFactor page (nothing of its own). */
export type SecondFactorPageData = Record<never, never>;

/** Sign-in's second step: the password was right; the code finishes signing in. */
export function SecondFactorPage({ form }: SecondFactorPageProps) {
  return (
    <AuthCard
      title="Two-factor authentication"
      footer={
        <>
          Not you, or no code to hand?{' '}
          <Link href="/login" className="font-semibold text-brand-600 hover:text-brand-500">
            Start again
          </Link>
        </>
      }
    >
      <Form form={form} className="space-y-6">
        <p className="text-sm/6 text-gray-600">
          Enter the six-digit code from your authenticator app. Lost your device? Enter one of your
          recovery codes instead; each works once.
        </p>
        {form.errors.code ? <Alert variant="error">{form.errors.code}</Alert> : null}
        <TextField
          label="Authentication code"
          name="code"
          autoComplete="one-time-code"
          inputMode="text"
          spellCheck={false}
          required
          maxLength={64}
          value={form.values.code}
          onChange={(event) => form.onChange('code', event.target.value)}
          invalid={Boolean(form.errors.code)}
        />
        <Button type="submit" loading={form.processing} className="w-full">
          Verify
        </Button>
      </Form>
    </AuthCard>
  );
}
