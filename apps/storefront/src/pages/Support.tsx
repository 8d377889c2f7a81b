import { Head, usePage } from '@inertiajs/react';
import { SupportPage, supportPageTitle, type SupportPageProps } from '@tessera/pages';

export default function Support() {
  const { props } = usePage<SupportPageProps>();
  return (
    <>
      <Head title={supportPageTitle} />
      <SupportPage supportEmail={props.supportEmail} issueTrackerUrl={props.issueTrackerUrl} />
    </>
  );
}
