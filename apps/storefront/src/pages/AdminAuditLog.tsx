import { Head, usePage } from '@inertiajs/react';
import {
  AdminAuditLogPage,
  adminAuditLogPageTitle,
  type AdminAuditLogPageProps,
} from '@tessera/pages';

export default function AdminAuditLog() {
  const { props } = usePage<AdminAuditLogPageProps & { preferredLanguage: string }>();
  return (
    <>
      <Head title={adminAuditLogPageTitle} />
      <AdminAuditLogPage
        entries={props.entries}
        pagination={props.pagination}
        locale={props.preferredLanguage}
      />
    </>
  );
}
