import { Head, usePage } from '@inertiajs/react';
import { TemplatesPage, templatesPageTitle, type PagePropsFor } from '@tessera/pages';

export default function Templates() {
  const { props } = usePage<PagePropsFor<'Templates'>>();
  return (
    <>
      <Head title={templatesPageTitle} />
      <TemplatesPage templates={props.templates} />
    </>
  );
}
