import { Head, usePage } from '@inertiajs/react';
import { PageViewsReportPage, pageViewsReportPageTitle, type PagePropsFor } from '@tessera/pages';

export default function AdminPageViews() {
  const { props } = usePage<PagePropsFor<'AdminPageViews'>>();
  return (
    <>
      <Head title={pageViewsReportPageTitle} />
      <PageViewsReportPage days={props.days} rows={props.rows} locale={props.preferredLanguage} />
    </>
  );
}
