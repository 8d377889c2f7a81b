import { Head, router, usePage } from '@inertiajs/react';
import {
  AccountSettingsPage,
  accountSettingsPageTitle,
  type CreatedAccessToken,
  type NewAccessTokenFormValues,
  type PagePropsFor,
  type SelectedPasskey,
} from '@tessera/pages';
import {
  ACCESS_TOKEN_DEFAULT_EXPIRY,
  ACCOUNT_DELETE_PATH,
  NEW_ACCESS_TOKEN_FLASH,
  RECOVERY_CODES_FLASH,
} from '@tessera/pages/constants';
import { useState } from 'react';
import { createPasskey, usePasskeySupport } from '../lib/passkeys';
import { useFormState } from '../lib/use-form-state';

export default function AccountSettings() {
  const page = usePage<PagePropsFor<'AccountSettings'>>();
  const { props } = page;
  const emailForm = useFormState(
    { email: props.email, password: '' },
    {
      method: 'put',
      action: '/account-settings/email',
      errorBag: 'email',
      visit: (f) => ({ preserveScroll: true, onFinish: () => f.reset('password') }),
    },
  );
  const passwordForm = useFormState(
    { old_password: '', new_password: '' },
    {
      method: 'put',
      action: '/account-settings/password',
      errorBag: 'password',
      visit: (f) => ({
        preserveScroll: true,
        onSuccess: () => f.reset('old_password', 'new_password'),
      }),
    },
  );
  const logoutOtherSessionsForm = useFormState(
    { password: '' },
    {
      method: 'post',
      action: '/logout/other',
      errorBag: 'sessions',
      visit: (f) => ({ preserveScroll: true, onFinish: () => f.reset('password') }),
    },
  );
  const tokenForm = useFormState<NewAccessTokenFormValues>(
    { name: '', expires_in: ACCESS_TOKEN_DEFAULT_EXPIRY },
    {
      method: 'post',
      action: '/account/tokens',
      errorBag: 'tokens',
      visit: (f) => ({ preserveScroll: true, onSuccess: () => f.reset('name') }),
    },
  );
  const deleteForm = useFormState(
    { password: '' },
    {
      method: 'post',
      action: ACCOUNT_DELETE_PATH,
      errorBag: 'deletion',
      visit: (f) => ({ onFinish: () => f.reset('password') }),
    },
  );
  const [pendingTokenId, setPendingTokenId] = useState<number | null>(null);
  // Each two-factor form names its errors: two of them ask for the password (decision 048).
  const startTotpForm = useFormState(
    {},
    {
      method: 'post',
      action: '/account-settings/two-factor',
      errorBag: 'twoFactorStart',
      visit: () => ({ preserveScroll: true }),
    },
  );
  const confirmTotpForm = useFormState(
    { code: '' },
    {
      method: 'post',
      action: '/account-settings/two-factor/confirm',
      errorBag: 'twoFactorConfirm',
      visit: (f) => ({ preserveScroll: true, onFinish: () => f.reset('code') }),
    },
  );
  const disableTotpForm = useFormState(
    { password: '', code: '' },
    {
      method: 'post',
      action: '/account-settings/two-factor/disable',
      errorBag: 'twoFactorDisable',
      visit: (f) => ({ preserveScroll: true, onFinish: () => f.reset('password', 'code') }),
    },
  );
  const recoveryCodesForm = useFormState(
    { password: '' },
    {
      method: 'post',
      action: '/account-settings/two-factor/recovery-codes',
      errorBag: 'recoveryCodes',
      visit: (f) => ({ preserveScroll: true, onFinish: () => f.reset('password') }),
    },
  );
  // Passkeys (decision 052): adding one runs the browser's dialog first, then posts its answer.
  const passkeySupport = usePasskeySupport();
  const [passkeyError, setPasskeyError] = useState<string | undefined>();
  const [addingPasskey, setAddingPasskey] = useState(false);
  const addPasskeyForm = useFormState(
    { name: 'Passkey' },
    {
      method: 'post',
      action: '/account-settings/passkeys',
      errorBag: 'passkeys',
      submit: (f) => {
        setAddingPasskey(true);
        setPasskeyError(undefined);
        void createPasskey('/account-settings/passkeys/registration-options').then((outcome) => {
          if ('error' in outcome) {
            setPasskeyError(outcome.error);
            setAddingPasskey(false);
            return;
          }
          router.post(
            '/account-settings/passkeys',
            { name: String(f.data.name), response: outcome.response as never },
            { preserveScroll: true, errorBag: 'passkeys', onFinish: () => setAddingPasskey(false) },
          );
        });
      },
    },
  );
  const [selectedPasskey, setSelectedPasskey] = useState<SelectedPasskey | null>(null);
  const passkeyUrl = `/account-settings/passkeys/${selectedPasskey?.id ?? 0}`;
  const renamePasskeyForm = useFormState(
    { name: '' },
    {
      method: 'put',
      action: passkeyUrl,
      errorBag: 'passkeyRename',
      visit: () => ({ preserveScroll: true, onSuccess: () => setSelectedPasskey(null) }),
    },
  );
  const removePasskeyForm = useFormState(
    { password: '', code: '' },
    {
      method: 'delete',
      action: passkeyUrl,
      errorBag: 'passkeyRemove',
      payload: (values) => ({
        ...(values.password ? { password: values.password } : {}),
        ...(values.code ? { code: values.code } : {}),
      }),
      visit: (f) => ({
        preserveScroll: true,
        onSuccess: () => setSelectedPasskey(null),
        onFinish: () => f.reset('password', 'code'),
      }),
    },
  );
  const addErrors = passkeyError
    ? { ...addPasskeyForm.errors, passkey: passkeyError }
    : addPasskeyForm.errors;
  const codes = page.flash[RECOVERY_CODES_FLASH];
  return (
    <>
      <Head title={accountSettingsPageTitle} />
      <AccountSettingsPage
        emailForm={emailForm}
        passwordForm={passwordForm}
        logoutOtherSessionsForm={logoutOtherSessionsForm}
        purchases={props.purchases}
        locale={props.preferredLanguage}
        status={page.flash.status}
        yourData={{
          ...(props.csrfToken ? { csrfToken: props.csrfToken } : {}),
          deleteForm,
          canManage: !props.isImpersonating,
        }}
        twoFactor={{
          status: props.twoFactor,
          // The codes just made, one per line, on this answer only (never in the history).
          recoveryCodes: typeof codes === 'string' && codes ? codes.split('\n') : null,
          startForm: startTotpForm,
          confirmForm: confirmTotpForm,
          disableForm: disableTotpForm,
          recoveryCodesForm,
          canManage: !props.isImpersonating,
        }}
        passkeys={{
          passkeys: props.passkeys,
          supported: passkeySupport,
          addForm: {
            ...addPasskeyForm,
            errors: addErrors,
            hasErrors: Object.keys(addErrors).length > 0,
            processing: addingPasskey,
          },
          selected: selectedPasskey,
          onSelect: (selected) => {
            setSelectedPasskey(selected);
            const passkey = props.passkeys.find((candidate) => candidate.id === selected?.id);
            if (selected?.action === 'rename' && passkey)
              renamePasskeyForm.onChange('name', passkey.name);
          },
          renameForm: renamePasskeyForm,
          removeForm: removePasskeyForm,
          canManage: !props.isImpersonating,
        }}
        accessTokens={{
          tokens: props.accessTokens,
          form: tokenForm,
          created: createdToken(page.flash, props.accessTokens),
          canManage: !props.isImpersonating,
          pendingTokenId,
          onRevoke: (token) =>
            router.delete(`/account/tokens/${token.id}`, {
              preserveScroll: true,
              onStart: () => setPendingTokenId(token.id),
              onFinish: () => setPendingTokenId(null),
            }),
        }}
      />
    </>
  );
}

/**
 * The secret of the token this answer created, from `page.flash`: the answer to the POST carries
 * it, and the client keeps flash out of its history, so a reload or Back never shows it again.
 */
function createdToken(
  flash: Record<string, unknown>,
  tokens: PagePropsFor<'AccountSettings'>['accessTokens'],
): CreatedAccessToken | null {
  const secret = flash[NEW_ACCESS_TOKEN_FLASH.secret];
  const id = Number(flash[NEW_ACCESS_TOKEN_FLASH.id]);
  const token = tokens.find((candidate) => candidate.id === id);
  return typeof secret === 'string' && token ? { id, name: token.name, secret } : null;
}
