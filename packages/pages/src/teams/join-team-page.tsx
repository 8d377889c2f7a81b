import { Alert, Button, Link } from '@tessera/ui';
import { AuthCard } from '../auth-card/auth-card';
import { TEAM_FULL_MESSAGE } from '../constants';
import { AccountFields, FormErrorAlerts } from '../forms/account-fields';
import type { FormState } from '../forms/form-state';
import { otherErrors } from '../licenses/redemption';
import type { JoinTeamPageProps } from '../licenses/types';
import type { JoinTeamFormValues } from './team-forms';
import { Form } from '../forms/form';

export const joinTeamPageTitle = 'Join a team';

export type JoinTeamPageViewProps = JoinTeamPageProps & {
  /** The signed-in user (shared `auth.user`), or null for a visitor. */
  user: { email: string } | null;
  /** `POST /teams/{id}/members`; a refused token comes back under `invite_token`. */
  form: FormState<JoinTeamFormValues>;
};

const linkClassName = 'font-semibold text-brand-600 hover:text-brand-500';

/** A team's invite link: a full team, or join signed out (new account) or signed in. */
export function JoinTeamPage({ team, signInUrl, supportEmail, user, form }: JoinTeamPageViewProps) {
  const teamName = <strong className="font-semibold text-gray-900">{team.name}</strong>;
  if (team.isFull) {
    return (
      <AuthCard title={`Join ${team.name}`}>
        <Alert variant="warning" title={TEAM_FULL_MESSAGE}>
          All {team.seats} seats of {team.name} are taken, so nobody else can join for now. Ask the
          team’s owner to free a seat, or to contact support at{' '}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a> about more seats.
        </Alert>
      </AuthCard>
    );
  }
  const fields = user ? [] : ['email', 'password'];
  const messages = otherErrors(form.errors, fields);
  return (
    <AuthCard
      title={`Join ${team.name}`}
      description={user ? undefined : 'Create your account to join the team and get its licence.'}
      footer={
        user ? (
          <>
            Signed in as <strong className="font-semibold text-gray-900">{user.email}</strong>.
          </>
        ) : (
          <>
            Already have an account?{' '}
            <Link href={signInUrl} className={linkClassName}>
              Sign in
            </Link>{' '}
            and you’ll come back here to join.
          </>
        )
      }
    >
      <Form form={form} className="space-y-6 text-sm/6 text-gray-600">
        <FormErrorAlerts messages={messages} />
        {user ? (
          <p>
            You’ve been invited to {teamName}. Join it as{' '}
            <strong className="font-semibold text-gray-900">{user.email}</strong> to get the team’s
            components and templates.
          </p>
        ) : (
          <>
            <p>You’ve been invited to {teamName}.</p>
            <AccountFields form={form} />
          </>
        )}
        <Button type="submit" loading={form.processing} className="w-full">
          {user ? 'Join team' : 'Create account and join'}
        </Button>
      </Form>
    </AuthCard>
  );
}
