import { Head, usePage } from '@inertiajs/react';
import { ErrorPage as ErrorPageView, errorPageCopy, type ErrorPageProps } from '@tessera/pages';

export default function ErrorPage() {
  const { props } = usePage<ErrorPageProps>();
  return (
    <>
      <Head title={errorPageCopy(props).title} />
      <ErrorPageView
        status={props.status}
        message={props.message}
        requestId={props.requestId}
        retryAfterSeconds={props.retryAfterSeconds}
      />
    </>
  );
}
