import { Head } from '@inertiajs/react';
import { SecondFactorPage, secondFactorPageTitle } from '@tessera/pages';
import { useFormState } from '../lib/use-form-state';

export default function SecondFactor() {
  const form = useFormState({ code: '' }, (f) =>
    f.post('/login/second-factor', { onFinish: () => f.reset('code') }),
  );
  return (
    <>
      <Head title={secondFactorPageTitle} />
      <SecondFactorPage form={form} />
    </>
  );
}
