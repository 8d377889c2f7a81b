import { Head } from '@inertiajs/react';
import { SecondFactorPage, secondFactorPageTitle } from '@tessera/pages';
import { useFormState } from '../lib/use-form-state';

export default function SecondFactor() {
  const form = useFormState(
    { code: '' },
    {
      method: 'post',
      action: '/login/second-factor',
      visit: (f) => ({ onFinish: () => f.reset('code') }),
    },
  );
  return (
    <>
      <Head title={secondFactorPageTitle} />
      <SecondFactorPage form={form} />
    </>
  );
}
