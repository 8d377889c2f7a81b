import { Head, usePage } from '@inertiajs/react';
import { AdminQueuesPage, adminQueuesPageTitle, type PagePropsFor } from '@tessera/pages';
import { useState } from 'react';
import { useAdminAction } from '../lib/use-admin-action';

export default function AdminQueues() {
  const { props } = usePage<PagePropsFor<'AdminQueues'>>();
  const { processing, send } = useAdminAction();
  const [retrying, setRetrying] = useState<number | null>(null);
  return (
    <>
      <Head title={adminQueuesPageTitle} />
      <AdminQueuesPage
        queues={props.queues}
        locale={props.preferredLanguage}
        retrying={processing ? retrying : null}
        onRetry={(failure) => {
          setRetrying(failure.id);
          send('post', failure.retryUrl);
        }}
      />
    </>
  );
}
