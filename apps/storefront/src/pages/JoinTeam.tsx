import { Head, usePage } from '@inertiajs/react';
import {
  JoinTeamPage,
  joinTeamPageTitle,
  joinTeamPayload,
  type JoinTeamFormValues,
} from '@tessera/pages';
import type { PagePropsFor } from '@tessera/pages';
import { useFormState } from '../lib/use-form-state';

export default function JoinTeam() {
  const { props } = usePage<PagePropsFor<'JoinTeam'>>();
  const user = props.auth?.user ?? null;
  const form = useFormState(
    { invite_token: props.inviteToken, email: '', password: '' },
    {
      method: 'post',
      action: `/teams/${props.team.id}/members`,
      hidden: { invite_token: props.inviteToken },
      payload: (values) => joinTeamPayload(values as JoinTeamFormValues, user !== null),
      visit: (f) => ({ onFinish: () => f.reset('password') }),
    },
  );
  return (
    <>
      <Head title={`${joinTeamPageTitle}: ${props.team.name}`} />
      <JoinTeamPage
        team={props.team}
        inviteToken={props.inviteToken}
        signInUrl={props.signInUrl}
        supportEmail={props.supportEmail}
        user={user ? { email: user.email } : null}
        form={form}
      />
    </>
  );
}
