import { Head, usePage } from '@inertiajs/react';
import { useState } from 'react';
import {
  AdminCustomerPage,
  adminCustomerPageTitle,
  type AdminCustomerPageProps,
  type PageErrors,
} from '@tessera/pages';
import { signWithPasskey } from '../lib/passkeys';
import { useAdminAction } from '../lib/use-admin-action';

type Props = AdminCustomerPageProps & { errors: PageErrors; preferredLanguage: string };

export default function AdminCustomer() {
  const { props } = usePage<Props>();
  const { processing, send } = useAdminAction();
  const license = (id: number, action: string) => `/admin/licenses/${id}/${action}`;
  const impersonate = `/admin/users/${props.customer.id}/impersonate`;
  // Why the browser's passkey dialog gave no answer: shown where the code's error goes.
  const [passkeyError, setPasskeyError] = useState<string | undefined>();
  async function impersonateWithPasskey(password: string) {
    setPasskeyError(undefined);
    // The challenge is the operator's own (decision 052): their account's passkeys.
    const outcome = await signWithPasskey('/account-settings/passkeys/authentication-options');
    if ('error' in outcome) return setPasskeyError(outcome.error);
    send('post', impersonate, {
      ...(password ? { password } : {}), // A JSON object Inertia posts as is; its type has no index signature.
      passkey: outcome.response as never,
    });
  }
  return (
    <>
      <Head title={adminCustomerPageTitle(props.customer.email)} />
      <AdminCustomerPage
        {...props}
        errors={passkeyError ? { ...props.errors, code: passkeyError } : props.errors}
        locale={props.preferredLanguage}
        processing={processing}
        onImpersonate={({ password, code }) =>
          send('post', impersonate, {
            ...(password ? { password } : {}),
            ...(code ? { code } : {}),
          })
        }
        onImpersonateWithPasskey={({ password }) => void impersonateWithPasskey(password)}
        onRefund={(id, values, done) => send('post', `/admin/purchases/${id}/refund`, values, done)}
        onDeactivateLicense={(id) => send('post', license(id, 'deactivate'))}
        onReactivateLicense={(id) => send('post', license(id, 'reactivate'))}
        onResendLicense={(id) => send('post', license(id, 'resend'))}
        onMoveLicense={(id, email, done) => send('post', license(id, 'move'), { email }, done)}
        onRemoveMember={(teamId, memberId, done) =>
          send('delete', `/admin/teams/${teamId}/members/${memberId}`, {}, done)
        }
      />
    </>
  );
}
