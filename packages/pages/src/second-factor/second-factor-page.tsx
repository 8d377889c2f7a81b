import { Alert, Button, Link, TextField } from '@tessera/ui';
import { PASSKEYS_NEED_JAVASCRIPT } from '../constants';
import { Form } from '../forms/form';
import type { FormState } from '../forms/form-state';
import { AuthCard } from '../auth-card/auth-card';

export const secondFactorPageTitle = 'Two-factor authentication';

/** POST /login/second-factor: a code from the authenticator app, or a recovery code. */
export type SecondFactorFormValues = { code: string };

/** The passkey way through the second step (decision 052); the page's script runs it. */
export type SecondFactorPasskey = {
  /** Whether this browser can use passkeys: null until the page's script has run. */
  supported: boolean | null;
  /** Asks the browser for the passkey, then sends its answer. */
  onUse: () => void;
  processing: boolean;
  /** Why the last passkey answer was refused. */
  error?: string;
};

export type SecondFactorPageProps = {
  form: FormState<SecondFactorFormValues>;
  /** Whether the account has TOTP (and so recovery codes): the code form is offered. */
  totp?: boolean;
  /** Given when the account has a passkey. */
  passkey?: SecondFactorPasskey;
};

/** What the server sends the SecondFactor page: which second factors the account has. */
export type SecondFactorPageData = { totp: boolean; passkey: boolean };

/** Sign-in's second step: the password was right; a code or a passkey finishes signing in. */
export function SecondFactorPage({ form, totp = true, passkey }: SecondFactorPageProps) {
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
      {passkey ? (
        <div data-slot="passkey-step" className="space-y-4">
          <p className="text-sm/6 text-gray-600">Use the passkey on your device or security key.</p>
          {passkey.error ? (
            <Alert variant="error" role="alert">
              {passkey.error}
            </Alert>
          ) : null}
          <noscript>
            <p className="text-sm/6 text-gray-700">{PASSKEYS_NEED_JAVASCRIPT}</p>
          </noscript>
          {passkey.supported === false ? (
            <p className="text-sm/6 text-gray-700">This browser cannot use passkeys.</p>
          ) : null}
          <Button
            onClick={passkey.onUse}
            loading={passkey.processing}
            disabled={passkey.supported !== true}
            className="w-full"
          >
            Use a passkey
          </Button>
        </div>
      ) : null}
      {totp ? (
        <Form form={form} className={passkey ? 'mt-8 space-y-6' : 'space-y-6'}>
          <p className="text-sm/6 text-gray-600">
            {passkey ? 'Or enter' : 'Enter'} the six-digit code from your authenticator app. Lost
            your device? Enter one of your recovery codes instead; each works once.
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
      ) : null}
    </AuthCard>
  );
}
