import { Head, router, usePage } from '@inertiajs/react';
import {
  AccountSettingsPage,
  accountSettingsPageTitle,
  type CreatedAccessToken,
  type NewAccessTokenFormValues,
  type PagePropsFor,
} from '@tessera/pages';
import {
  ACCESS_TOKEN_DEFAULT_EXPIRY,
  NEW_ACCESS_TOKEN_FLASH,
  RECOVERY_CODES_FLASH,
} from '@tessera/pages/constants';
import { useState } from 'react';
import { useFormState } from '../lib/use-form-state';

export default function AccountSettings() {
  const page = usePage<PagePropsFor<'AccountSettings'>>();
  const { props } = page;
  const emailForm = useFormState({ email: props.email, password: '' }, (f) =>
    f.put('/account-settings/email', { preserveScroll: true, onFinish: () => f.reset('password') }),
  );
  const passwordForm = useFormState({ old_password: '', new_password: '' }, (f) =>
    f.put('/account-settings/password', {
      preserveScroll: true,
      onSuccess: () => f.reset('old_password', 'new_password'),
    }),
  );
  const logoutOtherSessionsForm = useFormState({ password: '' }, (f) =>
    f.post('/logout/other', { preserveScroll: true, onFinish: () => f.reset('password') }),
  );
  const tokenForm = useFormState<NewAccessTokenFormValues>(
    { name: '', expires_in: ACCESS_TOKEN_DEFAULT_EXPIRY },
    (f) => f.post('/account/tokens', { preserveScroll: true, onSuccess: () => f.reset('name') }),
  );
  const [pendingTokenId, setPendingTokenId] = useState<number | null>(null);
  const keep = { preserveScroll: true };
  const startTotpForm = useFormState({}, (f) => f.post('/account-settings/two-factor', keep));
  const confirmTotpForm = useFormState({ code: '' }, (f) =>
    f.post('/account-settings/two-factor/confirm', { ...keep, onFinish: () => f.reset('code') }),
  );
  const disableTotpForm = useFormState({ password: '', code: '' }, (f) =>
    f.post('/account-settings/two-factor/disable', {
      ...keep,
      onFinish: () => f.reset('password', 'code'),
    }),
  );
  const recoveryCodesForm = useFormState({ password: '' }, (f) =>
    f.post('/account-settings/two-factor/recovery-codes', {
      ...keep,
      onFinish: () => f.reset('password'),
    }),
  );
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
