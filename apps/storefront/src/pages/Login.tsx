import { Head, usePage } from '@inertiajs/react';
import { LoginPage, loginPageTitle, type PagePropsFor } from '@tessera/pages';
import { useFormState } from '../lib/use-form-state';

export default function Login() {
  const { props } = usePage<PagePropsFor<'Login'>>();
  const form = useFormState({ email: '', password: '', remember: true }, (f) =>
    f.post('/login', { onFinish: () => f.reset('password') }),
  );
  return (
    <>
      <Head title={loginPageTitle} />
      <LoginPage form={form} status={props.status} />
    </>
  );
}
