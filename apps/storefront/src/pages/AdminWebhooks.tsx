import { Head, usePage } from '@inertiajs/react';
import {
  AdminWebhooksPage,
  adminWebhooksPageTitle,
  type AdminWebhooksPageProps,
} from '@tessera/pages';

export default function AdminWebhooks() {
  const { props } = usePage<AdminWebhooksPageProps & { preferredLanguage: string }>();
  return (
    <>
      <Head title={adminWebhooksPageTitle} />
      <AdminWebhooksPage
        events={props.events}
        pagination={props.pagination}
        outcome={props.outcome}
        locale={props.preferredLanguage}
      />
    </>
  );
}
