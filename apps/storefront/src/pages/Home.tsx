import { Head, usePage } from '@inertiajs/react';
import { HomePage, homePageTitle, type SharedPageData } from '@tessera/pages';

export default function Home() {
  const { props } = usePage<SharedPageData>();
  return (
    <>
      <Head title={homePageTitle} />
      <HomePage
        canPurchaseAllAccess={props.can.purchaseAllAccess}
        versionPrefix={props.versionPrefix}
        tailwindVersion={props.tailwindVersion}
      />
    </>
  );
}
