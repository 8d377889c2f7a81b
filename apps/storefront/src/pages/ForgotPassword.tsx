import { Head, usePage } from '@inertiajs/react';
import { ForgotPasswordPage, forgotPasswordPageTitle } from '@tessera/pages';
import { useFormState } from '../lib/use-form-state';

export default function ForgotPassword() {
  const { props } = usePage<{ status?: string }>();
  const form = useFormState({ email: '' }, (f) => f.post('/password/email'));
  return (
    <>
      <Head title={forgotPasswordPageTitle} />
      <ForgotPasswordPage form={form} status={props.status} />
    </>
  );
}
