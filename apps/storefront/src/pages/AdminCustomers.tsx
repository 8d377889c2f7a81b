import { Head, router, usePage } from '@inertiajs/react';
import {
  AdminCustomersPage,
  adminCustomersPageTitle,
  type AdminCustomersPageProps,
  type PageErrors,
} from '@tessera/pages';
import { useState } from 'react';

type Props = AdminCustomersPageProps & { errors: PageErrors; preferredLanguage: string };

export default function AdminCustomers() {
  const { props } = usePage<Props>();
  const [searching, setSearching] = useState(false);
  return (
    <>
      <Head title={adminCustomersPageTitle} />
      <AdminCustomersPage
        query={props.query}
        results={props.results}
        pagination={props.pagination}
        errors={props.errors}
        locale={props.preferredLanguage}
        searching={searching}
        onSearch={(email) =>
          router.get('/admin', email.trim() ? { email: email.trim() } : {}, {
            onStart: () => setSearching(true),
            onFinish: () => setSearching(false),
          })
        }
      />
    </>
  );
}
