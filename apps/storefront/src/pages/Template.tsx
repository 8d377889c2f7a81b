import { Head, usePage } from '@inertiajs/react';
import {
  TemplatePage,
  templatePageTitle,
  type SharedPageData,
  type TemplateDetail,
} from '@tessera/pages';

export default function Template() {
  const { props } = usePage<SharedPageData & { template: TemplateDetail }>();
  return (
    <>
      <Head title={templatePageTitle(props.template)} />
      <TemplatePage template={props.template} locale={props.preferredLanguage} />
    </>
  );
}
