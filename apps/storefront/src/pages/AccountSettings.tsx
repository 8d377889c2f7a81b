import { Head, usePage } from '@inertiajs/react';
import { AccountSettingsPage, accountSettingsPageTitle, type PagePropsFor } from '@tessera/pages';
import { useFormState } from '../lib/use-form-state';

export default function AccountSettings() {
  const { props } = usePage<PagePropsFor<'AccountSettings'>>();
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
  return (
    <>
      <Head title={accountSettingsPageTitle} />
      <AccountSettingsPage
        emailForm={emailForm}
        passwordForm={passwordForm}
        logoutOtherSessionsForm={logoutOtherSessionsForm}
        purchases={props.purchases}
        locale={props.preferredLanguage}
      />
    </>
  );
}
