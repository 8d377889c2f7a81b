import { Head, usePage } from '@inertiajs/react';
import {
  PreviewPage,
  previewPageTitle,
  type PlaygroundComponent,
  type SharedPageData,
} from '@tessera/pages';
import { PRICING_URL } from '@tessera/pages/constants';

type Props = SharedPageData & { components: PlaygroundComponent[] };

export default function Preview() {
  const { props } = usePage<Props>();
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
