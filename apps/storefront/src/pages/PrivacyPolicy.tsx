import { Head, usePage } from '@inertiajs/react';
import { PrivacyPolicyPage, privacyPolicyPageTitle, type PagePropsFor } from '@tessera/pages';

export default function PrivacyPolicy() {
  const { props } = usePage<PagePropsFor<'PrivacyPolicy'>>();
  return (
    <>
      <Head title={privacyPolicyPageTitle} />
      <PrivacyPolicyPage
        lastUpdated={props.lastUpdated}
        html={props.html}
        locale={props.preferredLanguage}
      />
    </>
  );
}
