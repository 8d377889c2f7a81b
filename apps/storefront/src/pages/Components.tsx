import { Head, usePage } from '@inertiajs/react';
import { ComponentsPage, componentsPageTitle, type PagePropsFor } from '@tessera/pages';

export default function Components() {
  const { props } = usePage<PagePropsFor<'Components'>>();
  return (
    <>
      <Head title={componentsPageTitle} />
      <ComponentsPage
        sections={props.sections}
        canPurchaseAllAccess={props.can.purchaseAllAccess}
        versionPrefix={props.versionPrefix}
        allAccessPricing={props.allAccessPricing}
        teamPricing={props.teamPricing}
        packageOffers={props.packageOffers}
        componentCount={props.componentCount}
        locale={props.preferredLanguage}
        supportEmail={props.supportEmail}
        issueTrackerUrl={props.issueTrackerUrl}
      />
    </>
  );
}
