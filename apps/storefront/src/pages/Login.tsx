import { Head, usePage } from '@inertiajs/react';
import { LoginPage, loginPageTitle, type PagePropsFor } from '@tessera/pages';
import { useFormState } from '../lib/use-form-state';

export default function Login() {
  const { url, flash } = usePage<PagePropsFor<'Login'>>();
  // `/login?intended_url=…` (the licence and invite pages' sign-in links): back there after
  // signing in. The server checks it is a path on this site.
  const intendedUrl = new URL(url, 'http://localhost').searchParams.get('intended_url');
  const form = useFormState(
    { email: '', password: '', remember: true },
    {
      method: 'post',
      action: '/login',
      ...(intendedUrl ? { hidden: { intended_url: intendedUrl } } : {}),
      visit: (f) => ({ onFinish: () => f.reset('password') }),
    },
  );
  return (
    <>
      <Head title={loginPageTitle} />
      <LoginPage form={form} status={flash.status} />
    </>
  );
}
