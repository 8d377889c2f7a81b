import { Head, usePage } from '@inertiajs/react';
import { SupportPage, supportPageTitle, type PagePropsFor } from '@tessera/pages';

export default function Support() {
  const { props } = usePage<PagePropsFor<'Support'>>();
  return (
    <>
      <Head title={supportPageTitle} />
      <SupportPage
        supportEmail={props.supportEmail}
        issueTrackerUrl={props.issueTrackerUrl}
        hasCommunity={props.hasCommunity}
      />
    </>
  );
}
