import { Head, usePage } from '@inertiajs/react';
import { HomePage, homePageTitle, type PagePropsFor } from '@tessera/pages';

export default function Home() {
  const { props } = usePage<PagePropsFor<'Home'>>();
  return (
    <>
      <Head title={homePageTitle} />
      <HomePage
        canPurchaseAllAccess={props.can.purchaseAllAccess}
        versionPrefix={props.versionPrefix}
        tailwindVersion={props.tailwindVersion}
        componentCount={props.componentCount}
        featuredProducts={props.featuredProducts}
        templates={props.templates}
        allAccessPricing={props.allAccessPricing ?? undefined}
        teamPricing={props.teamPricing}
        blackFriday={props.blackFriday}
        locale={props.preferredLanguage}
      />
    </>
  );
}
