import { Alert, Button, CopyButton, PasswordField, TextField } from '@tessera/ui';
import { RECOVERY_CODE_COUNT, SECOND_FACTOR_REQUIRED_FOR_ADMINS } from '../constants';
import { Form } from '../forms/form';
import type { FormState } from '../forms/form-state';

export const TWO_FACTOR_DESCRIPTION =
  'A code from an authenticator app after your password, so a stolen password alone does not open your account. Recovery codes get you in if you lose the device.';

/** What the server says of the viewer's second factor. */
export type TwoFactorStatus = {
  totp: boolean;
  /** Unused recovery codes left (0 when two-factor authentication is off). */
  recoveryCodesLeft: number;
  /** An administrator without a second factor: the back office waits for one. */
  required: boolean;
  /** A secret being set up: its otpauth:// QR code (an SVG data URL) and the text to type. */
  enrolment: { qrCode: string; secret: string } | null;
};

/** POST /account-settings/two-factor/confirm */
export type ConfirmTotpFormValues = { code: string };
/** POST /account-settings/two-factor/disable */
export type DisableTotpFormValues = { password: string; code: string };
/** POST /account-settings/two-factor/recovery-codes */
export type RecoveryCodesFormValues = { password: string };

export type TwoFactorSectionProps = {
  status: TwoFactorStatus;
  /** New recovery codes, on the answer that made them only: shown once. */
  recoveryCodes: string[] | null;
  /** POST /account-settings/two-factor: a new secret to set up. */
  startForm: FormState<Record<never, never>>;
  confirmForm: FormState<ConfirmTotpFormValues>;
  disableForm: FormState<DisableTotpFormValues>;
  recoveryCodesForm: FormState<RecoveryCodesFormValues>;
  /** False while an operator acts as the customer: the second factor is the customer's own. */
  canManage?: boolean;
};

export function TwoFactorSection({
  status,
  recoveryCodes,
  startForm,
  confirmForm,
  disableForm,
  recoveryCodesForm,
  canManage = true,
}: TwoFactorSectionProps) {
  return (
    <div data-slot="two-factor" className="max-w-xl space-y-6">
      {status.required ? (
        <Alert variant="warning" role="alert">
          {SECOND_FACTOR_REQUIRED_FOR_ADMINS}
        </Alert>
      ) : null}
      {recoveryCodes ? (
        <div className="space-y-3 rounded-md bg-gray-50 p-4">
          <Alert variant="success">
            Save these {recoveryCodes.length} recovery codes somewhere safe. Each works once, and
            they will not be shown again.
          </Alert>
          <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-sm">
            {recoveryCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
          <CopyButton text={recoveryCodes.join('\n')} label="Copy recovery codes" />
        </div>
      ) : null}

      {status.totp ? (
        <>
          <p className="text-sm/6 text-gray-700">
            Two-factor authentication is <strong>on</strong>. {status.recoveryCodesLeft} of{' '}
            {RECOVERY_CODE_COUNT} recovery codes left.
          </p>
          {canManage ? (
            <>
              <Form form={recoveryCodesForm} className="space-y-4">
                <h3 className="text-sm/6 font-semibold text-gray-900">New recovery codes</h3>
                <PasswordField
                  label="Password"
                  name="password"
                  autoComplete="current-password"
                  required
                  value={recoveryCodesForm.values.password}
                  onChange={(event) => recoveryCodesForm.onChange('password', event.target.value)}
                  error={recoveryCodesForm.errors.password}
                />
                <Button type="submit" variant="secondary" loading={recoveryCodesForm.processing}>
                  Make new recovery codes
                </Button>
              </Form>
              <Form form={disableForm} className="space-y-4">
                <h3 className="text-sm/6 font-semibold text-gray-900">
                  Turn off two-factor authentication
                </h3>
                <PasswordField
                  label="Password"
                  name="password"
                  autoComplete="current-password"
                  required
                  value={disableForm.values.password}
                  onChange={(event) => disableForm.onChange('password', event.target.value)}
                  error={disableForm.errors.password}
                />
                <TextField
                  label="Authentication code"
                  name="code"
                  autoComplete="one-time-code"
                  spellCheck={false}
                  required
                  maxLength={64}
                  value={disableForm.values.code}
                  onChange={(event) => disableForm.onChange('code', event.target.value)}
                  error={disableForm.errors.code}
                />
                <Button type="submit" variant="danger" loading={disableForm.processing}>
                  Turn off
                </Button>
              </Form>
            </>
          ) : null}
        </>
      ) : status.enrolment && canManage ? (
        <Form form={confirmForm} className="space-y-4">
          <p className="text-sm/6 text-gray-700">
            Scan this QR code with your authenticator app, or type the key in by hand, then enter
            the six-digit code it shows.
          </p>
          <img
            src={status.enrolment.qrCode}
            alt="QR code for your authenticator app"
            className="size-48 rounded-md bg-white ring-1 ring-gray-200"
          />
          <p className="text-sm/6 text-gray-700">
            Key: <code className="font-mono break-all">{status.enrolment.secret}</code>
          </p>
          <TextField
            label="Code from the app"
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            spellCheck={false}
            required
            maxLength={64}
            value={confirmForm.values.code}
            onChange={(event) => confirmForm.onChange('code', event.target.value)}
            error={confirmForm.errors.code}
          />
          <Button type="submit" loading={confirmForm.processing}>
            Turn on
          </Button>
        </Form>
      ) : (
        <Form form={startForm} className="space-y-4">
          <p className="text-sm/6 text-gray-700">
            Two-factor authentication is <strong>off</strong>.
          </p>
          {canManage ? (
            <Button type="submit" loading={startForm.processing}>
              Set up an authenticator app
            </Button>
          ) : null}
        </Form>
      )}
    </div>
  );
}
