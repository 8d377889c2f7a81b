import { Head, usePage } from '@inertiajs/react';
import { DocumentationPage, documentationPageTitle, type PagePropsFor } from '@tessera/pages';

export default function Documentation() {
  const { props } = usePage<PagePropsFor<'Documentation'>>();
  return (
    <>
      <Head title={documentationPageTitle(props.title)} />
      <DocumentationPage
        slug={props.slug}
        title={props.title}
        description={props.description}
        html={props.html}
        toc={props.toc}
        versionPrefix={props.versionPrefix}
      />
    </>
  );
}
