import { Head, usePage } from '@inertiajs/react';
import { ChooseUpgradePage, chooseUpgradePageTitle, type PagePropsFor } from '@tessera/pages';

export default function ChooseUpgrade() {
  const { props } = usePage<PagePropsFor<'ChooseUpgrade'>>();
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
