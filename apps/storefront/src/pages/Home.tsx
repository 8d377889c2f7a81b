import { Head, usePage } from '@inertiajs/react';
import {
  HomePage,
  homePageTitle,
  type AllAccessPricing,
  type BlackFridayOffer,
  type FeaturedProduct,
  type SharedPageData,
  type TemplateSummary,
} from '@tessera/pages';

type Props = SharedPageData & {
  featuredProducts: FeaturedProduct[];
  templates: TemplateSummary[];
  componentCount: number;
  teamPricing: AllAccessPricing;
  blackFriday: BlackFridayOffer | null;
};

export default function Home() {
  const { props } = usePage<Props>();
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
        allAccessPricing={props.allAccessPricing}
        teamPricing={props.teamPricing}
        blackFriday={props.blackFriday}
        locale={props.preferredLanguage}
      />
    </>
  );
}
