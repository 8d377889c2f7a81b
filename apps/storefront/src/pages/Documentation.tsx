import { Head, usePage } from '@inertiajs/react';
import {
  DocumentationPage,
  documentationPageTitle,
  type DocumentationPageProps,
} from '@tessera/pages';

export default function Documentation() {
  const { props } = usePage<DocumentationPageProps>();
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
