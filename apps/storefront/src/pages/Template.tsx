import { Head, usePage } from '@inertiajs/react';
import { TemplatePage, templatePageTitle, type PagePropsFor } from '@tessera/pages';

export default function Template() {
  const { props } = usePage<PagePropsFor<'Template'>>();
  return (
    <>
      <Head title={templatePageTitle(props.template)} />
      <TemplatePage template={props.template} locale={props.preferredLanguage} />
    </>
  );
}
