import { Head, usePage } from '@inertiajs/react';
import { ChangelogPage, changelogPageTitle, type ChangelogEntry } from '@tessera/pages';
import { useFormState } from '../lib/use-form-state';

type Props = { entries: ChangelogEntry[]; preferredLanguage: string };

export default function Changelog() {
  const { props } = usePage<Props>();
  // The default mailing-list service is our own /newsletter (apps/server newsletter module).
  const subscribeForm = useFormState({ email_address: '' }, (f) =>
    f.post('/newsletter', { preserveScroll: true }),
  );
  return (
    <>
      <Head title={changelogPageTitle} />
      <ChangelogPage
        entries={props.entries}
        subscribeForm={subscribeForm}
        locale={props.preferredLanguage}
      />
    </>
  );
}
