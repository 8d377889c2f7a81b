import { Head, usePage } from '@inertiajs/react';
import { PrivacyPolicyPage, privacyPolicyPageTitle } from '@tessera/pages';

export default function PrivacyPolicy() {
  const { props } = usePage<{ lastUpdated: string; html: string; preferredLanguage: string }>();
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
