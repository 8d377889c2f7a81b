import { Head, usePage } from '@inertiajs/react';
import {
  ChooseUpgradePage,
  chooseUpgradePageTitle,
  type ChooseUpgradePageProps,
  type SharedPageData,
} from '@tessera/pages';

export default function ChooseUpgrade() {
  const { props } = usePage<SharedPageData & ChooseUpgradePageProps>();
  return (
    <>
      <Head title={chooseUpgradePageTitle(props.target)} />
      <ChooseUpgradePage
        target={props.target}
        options={props.options}
        locale={props.preferredLanguage}
      />
    </>
  );
}
