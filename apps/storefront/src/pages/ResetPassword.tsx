import { Head, usePage } from '@inertiajs/react';
import { ResetPasswordPage, resetPasswordPageTitle, type PagePropsFor } from '@tessera/pages';
import { useFormState } from '../lib/use-form-state';

export default function ResetPassword() {
  const { props } = usePage<PagePropsFor<'ResetPassword'>>();
  const form = useFormState(
    { token: props.token, email: props.email, password: '' },
    {
      method: 'post',
      action: '/password/reset',
      visit: (f) => ({ onFinish: () => f.reset('password') }),
    },
  );
  return (
    <>
      <Head title={resetPasswordPageTitle} />
      <ResetPasswordPage form={form} />
    </>
  );
}
