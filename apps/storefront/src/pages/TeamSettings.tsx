import { Head, router, usePage } from '@inertiajs/react';
import {
  TeamSettingsPage,
  teamSettingsPageTitle,
  useInviteLinkReset,
  type TeamMemberRecord,
} from '@tessera/pages';
import type { PagePropsFor } from '@tessera/pages';
import { useState } from 'react';
import { useFormState } from '../lib/use-form-state';

export default function TeamSettings() {
  const { props } = usePage<PagePropsFor<'TeamSettings'>>();
  const teamUrl = `/teams/${props.team.id}`;
  const nameForm = useFormState(
    { name: props.team.name },
    {
      method: 'patch',
      action: teamUrl,
      visit: () => ({ preserveScroll: true }),
    },
  );
  const [pendingMemberId, setPendingMemberId] = useState<number | null>(null);
  const memberVisit = (member: TeamMemberRecord) => ({
    preserveScroll: true,
    onStart: () => setPendingMemberId(member.id),
    onFinish: () => setPendingMemberId(null),
  });
  const inviteLink = useInviteLinkReset((done) =>
    router.delete(`${teamUrl}/invite-link`, { preserveScroll: true, onFinish: done }),
  );
  return (
    <>
      <Head title={`${props.team.name} - ${teamSettingsPageTitle}`} />
      <TeamSettingsPage
        team={props.team}
        supportEmail={props.supportEmail}
        nameForm={nameForm}
        inviteLink={inviteLink}
        onChangeRole={(member, role) =>
          router.patch(`${teamUrl}/members/${member.id}`, { role }, memberVisit(member))
        }
        onRemoveMember={(member) =>
          router.delete(`${teamUrl}/members/${member.id}`, memberVisit(member))
        }
        pendingMemberId={pendingMemberId}
        errors={props.errors}
        viewerEmail={props.auth?.user.email}
        locale={props.preferredLanguage}
      />
    </>
  );
}
