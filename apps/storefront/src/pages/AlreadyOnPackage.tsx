import { Head, usePage } from '@inertiajs/react';
import { AlreadyOnPackagePage, alreadyOnPackagePageTitle, type PagePropsFor } from '@tessera/pages';

export default function AlreadyOnPackage() {
  const { props } = usePage<PagePropsFor<'AlreadyOnPackage'>>();
  return (
    <>
      <Head title={alreadyOnPackagePageTitle} />
      <AlreadyOnPackagePage teamUpgrade={props.teamUpgrade} locale={props.preferredLanguage} />
    </>
  );
}
