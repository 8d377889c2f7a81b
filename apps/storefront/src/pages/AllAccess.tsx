import { Head, usePage } from '@inertiajs/react';
import { AllAccessPage, allAccessPageTitle, type PagePropsFor } from '@tessera/pages';

export default function AllAccess() {
  const { props } = usePage<PagePropsFor<'AllAccess'>>();
  return (
    <>
      <Head title={allAccessPageTitle} />
      <AllAccessPage
        offers={props.offers}
        otherOffers={props.otherOffers}
        blackFriday={props.blackFriday}
        includedProducts={props.includedProducts}
        templates={props.templates}
        componentCount={props.componentCount}
        tailwindVersion={props.tailwindVersion}
        locale={props.preferredLanguage}
      />
    </>
  );
}
