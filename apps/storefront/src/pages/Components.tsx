import { Head, usePage } from '@inertiajs/react';
import {
  ComponentsPage,
  componentsPageTitle,
  type CatalogProductSection,
  type SharedPageData,
} from '@tessera/pages';

type Props = SharedPageData & {
  sections: CatalogProductSection[];
  supportEmail: string;
  issueTrackerUrl: string;
  componentCount: number;
};

export default function Components() {
  const { props } = usePage<Props>();
  return (
    <>
      <Head title={componentsPageTitle} />
      <ComponentsPage
        sections={props.sections}
        canPurchaseAllAccess={props.can.purchaseAllAccess}
        versionPrefix={props.versionPrefix}
        allAccessPricing={props.allAccessPricing}
        componentCount={props.componentCount}
        locale={props.preferredLanguage}
        supportEmail={props.supportEmail}
        issueTrackerUrl={props.issueTrackerUrl}
      />
    </>
  );
}
