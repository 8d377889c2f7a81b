import { Head, usePage } from '@inertiajs/react';
import { TemplatesPage, templatesPageTitle, type TemplateSummary } from '@tessera/pages';

export default function Templates() {
  const { props } = usePage<{ templates: TemplateSummary[] }>();
  return (
    <>
      <Head title={templatesPageTitle} />
      <TemplatesPage templates={props.templates} />
    </>
  );
}
