import { Head, router, usePage } from '@inertiajs/react';
import {
  RedeemLicensePage,
  redeemLicenseTitle,
  redemptionPayload,
  type RedeemLicenseFormValues,
} from '@tessera/pages';
import type { PagePropsFor } from '@tessera/pages';
import { useFormState } from '../lib/use-form-state';

export default function RedeemLicense() {
  const { props } = usePage<PagePropsFor<'RedeemLicense'>>();
  const user = props.auth?.user ?? null;
  const form = useFormState(
    { email: '', password: '', team_name: '' },
    {
      method: 'patch',
      action: props.license.url,
      // A bare PATCH connects; the account and team fields go only where the state asks for them.
      payload: (values) =>
        redemptionPayload(values as RedeemLicenseFormValues, props.license, user !== null),
      // The new account's password stays while the page asks for a fix (a team name taken):
      // typing it again is a chore that a refusal of another field must not cost.
      visit: (f) => ({ onSuccess: () => f.reset('password') }),
    },
  );
  return (
    <>
      <Head title={redeemLicenseTitle(props.license, user !== null)} />
      <RedeemLicensePage
        license={props.license}
        heldByViewer={props.heldByViewer}
        signInUrl={props.signInUrl}
        supportEmail={props.supportEmail}
        user={user ? { email: user.email } : null}
        form={form}
        onSignOut={() => router.post('/logout', { redirect_url: props.license.url })}
      />
    </>
  );
}
