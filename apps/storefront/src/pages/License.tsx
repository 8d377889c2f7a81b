import { Head, usePage } from '@inertiajs/react';
import { LicensePage, licensePageTitle } from '@tessera/pages';
import type { PagePropsFor } from '@tessera/pages';

export default function License() {
  const { props } = usePage<PagePropsFor<'License'>>();
  return (
    <>
      <Head title={licensePageTitle} />
      <LicensePage
        licenses={props.licenses}
        teams={props.teams}
        supportEmail={props.supportEmail}
        can={props.auth?.user.can}
        downloads={props.downloads}
        digitalGoods={props.digitalGoods}
      />
    </>
  );
}
