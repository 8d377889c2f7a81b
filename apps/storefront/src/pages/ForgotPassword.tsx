import { Head, usePage } from '@inertiajs/react';
import { ForgotPasswordPage, forgotPasswordPageTitle, type PagePropsFor } from '@tessera/pages';
import { useFormState } from '../lib/use-form-state';

export default function ForgotPassword() {
  const { flash } = usePage<PagePropsFor<'ForgotPassword'>>();
  const form = useFormState({ email: '' }, { method: 'post', action: '/password/email' });
  return (
    <>
      <Head title={forgotPasswordPageTitle} />
      <ForgotPasswordPage form={form} status={flash.status} />
    </>
  );
}
