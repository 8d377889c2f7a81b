import { EmailAddress } from '../shared/email-address';
import {
  Alert,
  Badge,
  Button,
  ConfirmDialog,
  CopyButton,
  ProgressBar,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TextField,
} from '@tessera/ui';
import { useId, useState } from 'react';
import type * as React from 'react';
import { CLASSROOM_LICENSE_NOTICE, TEAM_FULL_MESSAGE, type TeamRole } from '../constants';
import type { FormState } from '../forms/form-state';
import { LICENSE_KIND_LABELS, TEAM_ROLE_LABELS, otherErrors } from '../licenses/redemption';
import type { TeamMemberRecord, TeamRecord, TeamSettingsPageProps } from '../licenses/types';
import { PurchaseHistory } from '../purchase-history/purchase-history';
import { SettingsSection } from '../settings-section/settings-section';
import type { PageErrors } from '../shared/shared-page-data';
import type { TeamNameFormValues } from './team-forms';
import type { InviteLinkReset } from './use-invite-link-reset';
import { Form } from '../forms/form';

export const teamSettingsPageTitle = 'Team settings';

export type TeamSettingsPageViewProps = TeamSettingsPageProps & {
  /** Owners only: `PATCH /teams/{id}` with `name`. */
  nameForm: FormState<TeamNameFormValues>;
  /** `DELETE /teams/{id}/invite-link` and its generating indicator ({@link useInviteLinkReset}). */
  inviteLink: InviteLinkReset;
  /** `PATCH /teams/{id}/members/{memberId}` with `role`. */
  onChangeRole: (member: TeamMemberRecord, role: TeamRole) => void;
  /** `DELETE /teams/{id}/members/{memberId}`, after the owner confirmed. */
  onRemoveMember: (member: TeamMemberRecord) => void;
  /** The member whose role change or removal is on its way to the server. */
  pendingMemberId?: number | null;
  /** The page's errors map: a refused role change, removal or reset shows above the members. */
  errors?: PageErrors;
  /** The signed-in user's address, to mark their own row. */
  viewerEmail?: string;
  /** The reader's locale for purchase dates. */
  locale?: string;
};

/**
 * A team's page: its name, seats, invite link, members and, for owners, billing. Owners rename
 * it, change roles, remove members and reset the link; members read.
 */
export function TeamSettingsPage({
  team,
  supportEmail,
  nameForm,
  inviteLink,
  onChangeRole,
  onRemoveMember,
  pendingMemberId = null,
  errors = {},
  viewerEmail,
  locale,
}: TeamSettingsPageViewProps) {
  const billingHeadingId = useId();
  const actionErrors = otherErrors(errors, ['name']);
  return (
    <div data-slot="team-settings-page" className="mx-auto max-w-5xl px-6 py-16 lg:px-8">
      <p className="text-sm/6 font-semibold text-brand-600">Team settings</p>
      <h1 className="mt-1 text-3xl font-semibold tracking-tight break-words text-gray-900">
        {team.name}
      </h1>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Badge variant={team.kind}>{LICENSE_KIND_LABELS[team.kind]} licence</Badge>
        <Badge variant="neutral">{team.updatable ? 'You’re an owner' : 'You’re a member'}</Badge>
      </div>
      {team.kind === 'classroom' ? (
        <Alert variant="warning" title="Classroom licence" className="mt-6">
          {CLASSROOM_LICENSE_NOTICE}
        </Alert>
      ) : null}

      <div className="mt-6 divide-y divide-gray-900/10 border-t border-gray-900/10">
        <SettingsSection
          title="Members"
          description={
            team.updatable
              ? 'Everyone on the team takes a seat, owners included. Owners change roles and remove members; a team always keeps at least one owner.'
              : 'Everyone on the team takes a seat, owners included. Owners manage the team: ask one of them to change a role or remove someone.'
          }
        >
          <Seats team={team} supportEmail={supportEmail} />
          {actionErrors.length > 0 ? (
            <div className="mt-6 space-y-3">
              {actionErrors.map((message) => (
                <Alert key={message} variant="error">
                  {message}
                </Alert>
              ))}
            </div>
          ) : null}
          <MembersTable
            team={team}
            viewerEmail={viewerEmail}
            pendingMemberId={pendingMemberId}
            onChangeRole={onChangeRole}
            onRemoveMember={onRemoveMember}
          />
        </SettingsSection>

        <SettingsSection
          title="Invite link"
          description={
            team.updatable
              ? 'Anyone with this link can join while the team has a free seat. Resetting it makes a new link; the old one stops working at once.'
              : 'Anyone with this link can join while the team has a free seat. Share it only with people who should be on the team.'
          }
        >
          <InviteLink team={team} inviteLink={inviteLink} />
        </SettingsSection>

        <SettingsSection
          title="Team name"
          description={
            team.updatable
              ? 'How the team appears to its members and in the account menu.'
              : 'Only the team’s owners can rename it.'
          }
        >
          {team.updatable ? (
            <TeamNameForm form={nameForm} />
          ) : (
            <p className="text-sm/6 font-medium break-words text-gray-900">{team.name}</p>
          )}
        </SettingsSection>

        {team.updatable ? (
          <SettingsSection
            title="Billing history"
            description="The team’s purchases, with their receipts. Only owners see this."
            headingId={billingHeadingId}
          >
            {team.purchases.length > 0 ? (
              <PurchaseHistory
                purchases={team.purchases}
                locale={locale}
                aria-labelledby={billingHeadingId}
              />
            ) : (
              <p className="text-sm/6 text-gray-600">
                No purchases are billed to this team. A licence bought by someone else and redeemed
                here stays on the buyer’s receipts.
              </p>
            )}
          </SettingsSection>
        ) : null}
      </div>
    </div>
  );
}

function TeamNameForm({ form }: { form: FormState<TeamNameFormValues> }) {
  return (
    <Form form={form} className="flex max-w-xl flex-col gap-4 sm:flex-row sm:items-start">
      <TextField
        label="Team name"
        name="name"
        autoComplete="organization"
        required
        className="flex-1"
        value={form.values.name}
        onChange={(event) => form.onChange('name', event.target.value)}
        error={form.errors.name}
      />
      <Button type="submit" loading={form.processing} className="sm:mt-8">
        Save
      </Button>
    </Form>
  );
}

function Seats({ team, supportEmail }: { team: TeamRecord; supportEmail: string }) {
  const free = Math.max(0, team.seats - team.seatsUsed);
  return (
    <div className="max-w-xl space-y-4">
      <ProgressBar
        value={(team.seatsUsed / team.seats) * 100}
        label={`${team.seatsUsed} of ${team.seats} seats used`}
      />
      <p className="text-sm/6 text-gray-600">
        {team.isFull
          ? 'No seats left.'
          : `${free} ${free === 1 ? 'seat' : 'seats'} left for new members.`}
      </p>
      {team.isFull ? (
        <Alert variant="warning" title={TEAM_FULL_MESSAGE}>
          {team.updatable ? (
            <>
              Nobody else can join until a seat is free. For a bigger team, buy another team licence
              or e-mail <a href={`mailto:${supportEmail}`}>{supportEmail}</a> about large-team
              pricing.
            </>
          ) : (
            <>Nobody else can join until an owner frees a seat.</>
          )}
        </Alert>
      ) : null}
    </div>
  );
}

function InviteLink({ team, inviteLink }: { team: TeamRecord; inviteLink: InviteLinkReset }) {
  const { resetting } = inviteLink;
  return (
    <div className="max-w-xl space-y-3" data-resetting={resetting || undefined}>
      <TextField
        label="Invite link"
        labelHidden
        name="invite_url"
        readOnly
        value={resetting ? 'Generating a new link…' : team.inviteUrl}
        aria-busy={resetting || undefined}
        onFocus={(event) => event.currentTarget.select()}
        className="font-mono"
      />
      <div className="flex flex-wrap items-center gap-3">
        <CopyButton text={team.inviteUrl} label="Copy invite link" disabled={resetting} />
        {team.updatable ? (
          <Button variant="secondary" size="sm" loading={resetting} onClick={inviteLink.onReset}>
            {resetting ? 'Generating…' : 'Reset invite link'}
          </Button>
        ) : null}
      </div>
      {/* Said once when the reset starts; the copy button announces its own 'Copied!'. */}
      <p role="status" className="sr-only">
        {resetting ? 'Generating a new invite link' : ''}
      </p>
    </div>
  );
}

function MembersTable({
  team,
  viewerEmail,
  pendingMemberId,
  onChangeRole,
  onRemoveMember,
}: {
  team: TeamRecord;
  viewerEmail?: string;
  pendingMemberId: number | null;
  onChangeRole: (member: TeamMemberRecord, role: TeamRole) => void;
  onRemoveMember: (member: TeamMemberRecord) => void;
}) {
  const [removing, setRemoving] = useState<TeamMemberRecord | null>(null);
  const headingId = useId();
  return (
    <>
      <h3 id={headingId} className="sr-only">
        Members of {team.name}
      </h3>
      <Table aria-labelledby={headingId} className="mt-6">
        <TableHeader>
          <TableRow>
            <TableHead scope="col">Email</TableHead>
            <TableHead scope="col">Role</TableHead>
            {team.updatable ? (
              <TableHead scope="col" className="text-right">
                <span className="sr-only">Actions</span>
              </TableHead>
            ) : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {team.members.map((member) => {
            const pending = pendingMemberId === member.id;
            const nextRole: TeamRole = member.role === 'owner' ? 'member' : 'owner';
            return (
              <TableRow key={member.id} aria-busy={pending || undefined}>
                <TableCell className="font-medium break-words whitespace-normal text-gray-900">
                  <EmailAddress email={member.email} />
                  {viewerEmail === member.email ? (
                    <span className="font-normal text-gray-500"> (you)</span>
                  ) : null}
                </TableCell>
                <TableCell>
                  <Badge variant={member.role === 'owner' ? 'team' : 'neutral'}>
                    {TEAM_ROLE_LABELS[member.role]}
                  </Badge>
                </TableCell>
                {team.updatable ? (
                  <TableCell className="text-right">
                    {member.updatable ? (
                      <div className="flex flex-wrap justify-end gap-2">
                        <Button
                          variant="secondary"
                          size="sm"
                          disabled={pending}
                          aria-label={`${nextRole === 'owner' ? 'Make owner' : 'Make member'}: ${member.email}`}
                          onClick={() => onChangeRole(member, nextRole)}
                        >
                          {nextRole === 'owner' ? 'Make owner' : 'Make member'}
                        </Button>
                        <Button
                          variant="ghost"
                          size="sm"
                          disabled={pending}
                          className="text-red-700 hover:bg-red-50 hover:text-red-800"
                          aria-label={`Remove: ${member.email}`}
                          onClick={() => setRemoving(member)}
                        >
                          Remove
                        </Button>
                      </div>
                    ) : null}
                  </TableCell>
                ) : null}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={`Remove ${removing?.email ?? ''} from ${team.name}?`}
        description="They lose access to the team’s components and templates on their next page, and their seat is free again. You can invite them back with the invite link."
        confirmLabel="Remove member"
        onConfirm={() => {
          if (removing) onRemoveMember(removing);
          setRemoving(null);
        }}
      />
    </>
  );
}
