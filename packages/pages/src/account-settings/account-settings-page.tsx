import { EMAIL_UPDATED, OTHER_SESSIONS_LOGGED_OUT, PASSWORD_UPDATED } from '../constants';
import { Button, PasswordField, TextField } from '@tessera/ui';
import { useId } from 'react';
import type * as React from 'react';
import type { FormState } from '../forms/form-state';
import { CheckIcon } from '../icons/icons';
import { PurchaseHistory, type Purchase } from '../purchase-history/purchase-history';
import { SettingsSection } from '../settings-section/settings-section';
import {
  ACCESS_TOKENS_DESCRIPTION,
  AccessTokensSection,
  type AccessTokenRecord,
  type AccessTokensSectionProps,
} from './access-tokens-section';
import { Form } from '../forms/form';
import {
  YOUR_DATA_DESCRIPTION,
  YourDataSection,
  type YourDataSectionProps,
} from './your-data-section';
import {
  TWO_FACTOR_DESCRIPTION,
  TwoFactorSection,
  type TwoFactorSectionProps,
  type TwoFactorStatus,
} from './two-factor-section';
import {
  PASSKEYS_DESCRIPTION,
  PasskeysSection,
  type PasskeyRecord,
  type PasskeysSectionProps,
} from './passkeys-section';

export const accountSettingsPageTitle = 'Account settings';

/** PUT /account-settings/email; the current password is asked again (decision 003). */
export type AccountEmailFormValues = { email: string; password: string };
/** PUT /account-settings/password */
export type AccountPasswordFormValues = { old_password: string; new_password: string };
/** POST /logout/other */
export type LogoutOtherSessionsFormValues = { password: string };

export type AccountSettingsPageProps = {
  /** The container clears the password after each submit. */
  emailForm: FormState<AccountEmailFormValues>;
  /** The container clears both fields after a successful save: no password lingers on screen. */
  passwordForm: FormState<AccountPasswordFormValues>;
  /** The container clears the field after a successful submit. */
  logoutOtherSessionsForm: FormState<LogoutOtherSessionsFormValues>;
  /** The purchase history section is shown only when there is at least one purchase. */
  purchases: Purchase[];
  /** The reader's locale for purchase dates (the shared `preferredLanguage`). */
  locale?: string;
  /** The "Access tokens" section (decision 014); left out when not given. */
  accessTokens?: Omit<AccessTokensSectionProps, 'locale'>;
  /** The "Your data" section: the export and the deletion (decision 060); left out when not given. */
  yourData?: YourDataSectionProps;
  /**
   * The flashed confirmation (`flash.status`) of the form that was just saved: a form posted
   * without JavaScript shows its success message from it, as one saved through Inertia does.
   */
  status?: string;
  /** The "Two-factor authentication" section (decision 044); left out when not given. */
  twoFactor?: TwoFactorSectionProps;
  /** The "Passkeys" section (decision 052); left out when not given. */
  passkeys?: PasskeysSectionProps;
};

/** What the server sends the AccountSettings page; shared page data comes on top. */
export type AccountSettingsPageData = {
  /** The signed-in user's address, the e-mail form's starting value. */
  email: string;
  purchases: Purchase[];
  /** The viewer's personal access tokens, newest first (decision 014). */
  accessTokens: AccessTokenRecord[];
  /** The viewer's second factor, and a secret being set up (decision 044). */
  twoFactor: TwoFactorStatus;
  /** The viewer's passkeys, oldest first (decision 052). */
  passkeys: PasskeyRecord[];
};

export function AccountSettingsPage({
  emailForm,
  passwordForm,
  logoutOtherSessionsForm,
  purchases,
  locale,
  accessTokens,
  yourData,
  status,
  twoFactor,
  passkeys,
}: AccountSettingsPageProps) {
  const purchasesHeadingId = useId();
  // Both second factors; first of all for an administrator who must set one up (decision 045).
  const secondFactors = (
    <>
      {twoFactor ? (
        <SettingsSection title="Two-factor authentication" description={TWO_FACTOR_DESCRIPTION}>
          <TwoFactorSection {...twoFactor} />
        </SettingsSection>
      ) : null}
      {passkeys ? (
        <SettingsSection title="Passkeys" description={PASSKEYS_DESCRIPTION}>
          <PasskeysSection {...passkeys} locale={locale} />
        </SettingsSection>
      ) : null}
    </>
  );
  const required = Boolean(twoFactor?.status.required);
  return (
    <div data-slot="account-settings-page" className="mx-auto max-w-7xl px-6 py-16 lg:px-8">
      <h1 className="text-3xl font-semibold tracking-tight text-gray-900">Account settings</h1>
      <div className="mt-6 divide-y divide-gray-900/10 border-t border-gray-900/10">
        {required ? secondFactors : null}
        <SettingsSection
          title="Email address"
          description="The address you sign in with and where we send receipts and licence e-mails. Confirm the change with your current password; we tell your old address, with a link to undo it."
        >
          <SettingsForm
            form={emailForm}
            submitLabel="Save"
            successMessage={EMAIL_UPDATED}
            status={status}
          >
            <TextField
              label="Email address"
              name="email"
              type="email"
              autoComplete="email"
              required
              value={emailForm.values.email}
              onChange={(event) => emailForm.onChange('email', event.target.value)}
              error={emailForm.errors.email}
            />
            <PasswordField
              label="Current password"
              name="password"
              autoComplete="current-password"
              required
              value={emailForm.values.password}
              onChange={(event) => emailForm.onChange('password', event.target.value)}
              error={emailForm.errors.password}
            />
          </SettingsForm>
        </SettingsSection>

        <SettingsSection
          title="Password"
          description="Use a long password you don’t use anywhere else."
        >
          <SettingsForm
            form={passwordForm}
            submitLabel="Save"
            successMessage={PASSWORD_UPDATED}
            status={status}
          >
            <PasswordField
              label="Current password"
              name="old_password"
              autoComplete="current-password"
              required
              value={passwordForm.values.old_password}
              onChange={(event) => passwordForm.onChange('old_password', event.target.value)}
              error={passwordForm.errors.old_password}
            />
            <PasswordField
              label="New password"
              name="new_password"
              autoComplete="new-password"
              required
              value={passwordForm.values.new_password}
              onChange={(event) => passwordForm.onChange('new_password', event.target.value)}
              error={passwordForm.errors.new_password}
            />
          </SettingsForm>
        </SettingsSection>

        <SettingsSection
          title="Log out other sessions"
          description="Signed in on a shared or lost device? Log out of every other browser and device at once; this one stays signed in. Confirm with your password. If you think someone else has used your account, change your password too."
        >
          <SettingsForm
            form={logoutOtherSessionsForm}
            submitLabel="Log out other sessions"
            successMessage={OTHER_SESSIONS_LOGGED_OUT}
            status={status}
          >
            <PasswordField
              label="Password"
              name="password"
              autoComplete="current-password"
              required
              value={logoutOtherSessionsForm.values.password}
              onChange={(event) => logoutOtherSessionsForm.onChange('password', event.target.value)}
              error={logoutOtherSessionsForm.errors.password}
            />
          </SettingsForm>
        </SettingsSection>

        {required ? null : secondFactors}

        {accessTokens ? (
          <SettingsSection title="Access tokens" description={ACCESS_TOKENS_DESCRIPTION}>
            <AccessTokensSection {...accessTokens} locale={locale} />
          </SettingsSection>
        ) : null}

        {purchases.length > 0 ? (
          <SettingsSection
            title="Purchase history"
            description="Every package you’ve bought, with its receipt."
            headingId={purchasesHeadingId}
          >
            <PurchaseHistory
              purchases={purchases}
              locale={locale}
              aria-labelledby={purchasesHeadingId}
            />
          </SettingsSection>
        ) : null}

        {yourData ? (
          <SettingsSection title="Your data" description={YOUR_DATA_DESCRIPTION}>
            <YourDataSection {...yourData} />
          </SettingsSection>
        ) : null}
      </div>
    </div>
  );
}

function SettingsForm<TValues extends object>({
  form,
  submitLabel,
  successMessage,
  status,
  children,
}: {
  form: FormState<TValues>;
  submitLabel: string;
  successMessage: string;
  status?: string | undefined;
  children: React.ReactNode;
}) {
  return (
    <Form form={form} className="max-w-xl space-y-6">
      {children}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button type="submit" loading={form.processing}>
          {submitLabel}
        </Button>
        {/* Always in the DOM, so screen readers announce the message when it appears. */}
        <p role="status" className="flex items-center gap-1.5 text-sm/6 font-medium text-green-700">
          {form.recentlySuccessful || status === successMessage ? (
            <>
              <CheckIcon className="size-5 shrink-0" />
              {successMessage}
            </>
          ) : null}
        </p>
      </div>
    </Form>
  );
}
