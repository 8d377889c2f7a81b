import { AuditEntries } from '../audit-entries';
import { BackOfficeLayout, EmptyNote } from '../back-office-layout';
import { PaginationNav } from '../pagination-nav';
import type { AdminAuditLogPageProps as ServerProps } from '../types';

export const adminAuditLogPageTitle = 'Audit log';

export type AdminAuditLogPageProps = ServerProps & { locale?: string };

/** Every operator action, newest first. Read only: nobody can change an entry. */
export function AdminAuditLogPage({ entries, pagination, locale }: AdminAuditLogPageProps) {
  return (
    <BackOfficeLayout
      section="audit"
      title="Audit log"
      description="Who did what, to which object, when and from which address. Entries cannot be changed or removed."
    >
      {entries.length === 0 ? (
        <EmptyNote>No operator has done anything yet.</EmptyNote>
      ) : (
        <>
          <AuditEntries entries={entries} locale={locale} />
          <PaginationNav
            pagination={pagination}
            hrefFor={(page) => `/admin/audit?page=${page}`}
            noun="entries"
          />
        </>
      )}
    </BackOfficeLayout>
  );
}
