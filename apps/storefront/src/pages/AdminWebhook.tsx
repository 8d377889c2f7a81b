import { Head, usePage } from '@inertiajs/react';
import {
  AdminWebhookPage,
  adminWebhookPageTitle,
  type AdminWebhookPageProps,
} from '@tessera/pages';
import { useAdminAction } from '../lib/use-admin-action';

export default function AdminWebhook() {
  const { props } = usePage<AdminWebhookPageProps & { preferredLanguage: string }>();
  const { processing, send } = useAdminAction();
  return (
    <>
      <Head title={adminWebhookPageTitle(props.event.eventType)} />
      <AdminWebhookPage
        event={props.event}
        payload={props.payload}
        locale={props.preferredLanguage}
        replaying={processing}
        onReplay={() => send('post', `/admin/webhooks/${props.event.id}/replay`)}
      />
    </>
  );
}
