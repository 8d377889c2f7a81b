import { Head, usePage } from '@inertiajs/react';
import {
  AlreadyOnPackagePage,
  alreadyOnPackagePageTitle,
  type AlreadyOnPackagePageProps,
  type SharedPageData,
} from '@tessera/pages';

export default function AlreadyOnPackage() {
  const { props } = usePage<SharedPageData & AlreadyOnPackagePageProps>();
  return (
    <>
      <Head title={alreadyOnPackagePageTitle} />
      <AlreadyOnPackagePage teamUpgrade={props.teamUpgrade} locale={props.preferredLanguage} />
    </>
  );
}
