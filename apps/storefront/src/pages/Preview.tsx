import { Head, usePage } from '@inertiajs/react';
import { PreviewPage, previewPageTitle, type PagePropsFor } from '@tessera/pages';
import { PRICING_URL } from '@tessera/pages/constants';

export default function Preview() {
  const { props } = usePage<PagePropsFor<'Preview'>>();
  return (
    <>
      <Head title={previewPageTitle} />
      <PreviewPage
        components={props.components}
        signedIn={props.auth !== null}
        pricingUrl={PRICING_URL}
      />
    </>
  );
}
