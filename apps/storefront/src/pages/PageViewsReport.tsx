import { Head, usePage } from '@inertiajs/react';
import { PageViewsReportPage, pageViewsReportPageTitle, type PagePropsFor } from '@tessera/pages';

export default function PageViewsReport() {
  const { props } = usePage<PagePropsFor<'PageViewsReport'>>();
  return (
    <>
      <Head title={pageViewsReportPageTitle} />
      <PageViewsReportPage days={props.days} rows={props.rows} locale={props.preferredLanguage} />
    </>
  );
}
