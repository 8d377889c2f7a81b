import { Head, router, usePage } from '@inertiajs/react';
import { SecondFactorPage, secondFactorPageTitle, type PagePropsFor } from '@tessera/pages';
import { useState } from 'react';
import { signWithPasskey, usePasskeySupport } from '../lib/passkeys';
import { useFormState } from '../lib/use-form-state';

export default function SecondFactor() {
  const { props } = usePage<PagePropsFor<'SecondFactor'> & { errors?: Record<string, string> }>();
  const form = useFormState(
    { code: '' },
    {
      method: 'post',
      action: '/login/second-factor',
      visit: (f) => ({ onFinish: () => f.reset('code') }),
    },
  );
  const supported = usePasskeySupport();
  const [processing, setProcessing] = useState(false);
  const [localError, setLocalError] = useState<string | undefined>();
  const serverError = typeof props.errors?.passkey === 'string' ? props.errors.passkey : undefined;
  async function startPasskey() {
    setProcessing(true);
    setLocalError(undefined);
    const outcome = await signWithPasskey('/login/second-factor/passkey-options');
    if ('error' in outcome) {
      setLocalError(outcome.error);
      setProcessing(false);
      return;
    }
    router.post(
      '/login/second-factor/passkey',
      { response: outcome.response as never },
      { onFinish: () => setProcessing(false) },
    );
  }
  return (
    <>
      <Head title={secondFactorPageTitle} />
      <SecondFactorPage
        form={form}
        totp={props.totp}
        {...(props.passkey
          ? {
              passkey: {
                supported,
                processing,
                onUse: () => void startPasskey(),
                ...((localError ?? serverError) ? { error: localError ?? serverError } : {}),
              },
            }
          : {})}
      />
    </>
  );
}
