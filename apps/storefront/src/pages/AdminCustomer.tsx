import { Head, usePage } from '@inertiajs/react';
import {
  AdminCustomerPage,
  adminCustomerPageTitle,
  type AdminCustomerPageProps,
  type PageErrors,
} from '@tessera/pages';
import { useAdminAction } from '../lib/use-admin-action';

type Props = AdminCustomerPageProps & { errors: PageErrors; preferredLanguage: string };

export default function AdminCustomer() {
  const { props } = usePage<Props>();
  const { processing, send } = useAdminAction();
  const license = (id: number, action: string) => `/admin/licenses/${id}/${action}`;
  return (
    <>
      <Head title={adminCustomerPageTitle(props.customer.email)} />
      <AdminCustomerPage
        {...props}
        locale={props.preferredLanguage}
        processing={processing}
        onImpersonate={({ password, code }) =>
          send('post', `/admin/users/${props.customer.id}/impersonate`, {
            ...(password ? { password } : {}),
            ...(code ? { code } : {}),
          })
        }
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
