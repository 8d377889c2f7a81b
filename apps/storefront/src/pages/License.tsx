import { Head, usePage } from '@inertiajs/react';
import {
  LicensePage,
  licensePageTitle,
  type LicensePageProps,
  type PageProps,
} from '@tessera/pages';

export default function License() {
  const { props } = usePage<PageProps<LicensePageProps>>();
  return (
    <>
      <Head title={licensePageTitle} />
      <LicensePage
        licenses={props.licenses}
        teams={props.teams}
        supportEmail={props.supportEmail}
        can={props.auth?.user.can}
      />
    </>
  );
}
