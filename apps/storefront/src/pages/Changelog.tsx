import { Head, usePage } from '@inertiajs/react';
import { ChangelogPage, changelogPageTitle, type PagePropsFor } from '@tessera/pages';
import { postForm } from '../lib/post-form';
import { useFormState } from '../lib/use-form-state';

export default function Changelog() {
  const { props } = usePage<PagePropsFor<'Changelog'>>();
  // Our own /newsletter by default (apps/server newsletter module): an Inertia visit that shows
  // validation errors in place. A configured external service gets a real form post.
  const external = !props.subscribeUrl.startsWith('/');
  const subscribeForm = useFormState(
    { email_address: '' },
    {
      method: 'post',
      action: props.subscribeUrl,
      visit: () => ({ preserveScroll: true }),
      ...(external
        ? {
            submit: (f) =>
              postForm(props.subscribeUrl, { email_address: String(f.data.email_address) }),
          }
        : {}),
    },
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
