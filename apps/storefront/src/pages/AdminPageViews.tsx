import { Head, usePage } from '@inertiajs/react';
import {
  PageViewsReportPage,
  pageViewsReportPageTitle,
  type PageViewsReportPageProps,
} from '@tessera/pages';

export default function AdminPageViews() {
  const { props } = usePage<PageViewsReportPageProps & { preferredLanguage: string }>();
  return (
    <>
      <Head title={pageViewsReportPageTitle} />
      <PageViewsReportPage days={props.days} rows={props.rows} locale={props.preferredLanguage} />
    </>
  );
}
