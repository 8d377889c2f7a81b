import { Head, usePage } from '@inertiajs/react';
import { YourUpdatesPage, yourUpdatesPageTitle, type PagePropsFor } from '@tessera/pages';

export default function YourUpdates() {
  const { props } = usePage<PagePropsFor<'YourUpdates'>>();
  return (
    <>
      <Head title={yourUpdatesPageTitle} />
      <YourUpdatesPage
        updates={props.updates}
        takenCount={props.takenCount}
        locale={props.preferredLanguage}
      />
    </>
  );
}
