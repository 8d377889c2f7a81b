import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, mocked, screen, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { COPIED_INDICATOR_MS } from '@tessera/ui';
import {
  CLASSROOM_LICENSE_NOTICE,
  INVITE_RESET_INDICATOR_MS,
  TEAM_FULL_MESSAGE,
} from '../constants';
import { fixtureForm } from '../fixtures/form';
import {
  classroomTeam,
  fullTeam,
  licenseSupportEmail,
  memberTeam,
  ownerTeam,
  ownerTeamAfterInviteReset,
  teamErrorMessages,
} from '../fixtures/licenses';
import { ownerWithOneTeamSharedData } from '../fixtures/shared-page-data';
import { useInteractiveForm } from '../stories-support/interactive-form';
import { withLayout } from '../stories-support/with-layout';
import { TeamSettingsPage, type TeamSettingsPageViewProps } from './team-settings-page';
import { useInviteLinkReset } from './use-invite-link-reset';

function InteractiveTeamSettingsPage(props: TeamSettingsPageViewProps) {
  return <TeamSettingsPage {...props} nameForm={useInteractiveForm(props.nameForm)} />;
}

/** The owner resets the link: the request "takes" 200 ms, then the page gets the new link. */
function ResettableTeamSettingsPage(props: TeamSettingsPageViewProps) {
  const [team, setTeam] = useState(props.team);
  const inviteLink = useInviteLinkReset((done) => {
    props.inviteLink.onReset();
    setTimeout(() => {
      setTeam(ownerTeamAfterInviteReset);
      done();
    }, 200);
  });
  return <InteractiveTeamSettingsPage {...props} team={team} inviteLink={inviteLink} />;
}

const viewerEmail = ownerWithOneTeamSharedData.auth!.user.email;
/** A member (not an owner) of the fixture team, for the member's view. */
const memberViewerEmail = memberTeam.members.find((member) => member.role === 'member')!.email;

const meta = {
  title: 'Pages/Teams/TeamSettings',
  component: TeamSettingsPage,
  decorators: [withLayout],
  parameters: { layout: 'fullscreen', shared: ownerWithOneTeamSharedData },
  render: (args) => <InteractiveTeamSettingsPage {...args} />,
  args: {
    team: ownerTeam,
    supportEmail: licenseSupportEmail,
    nameForm: fixtureForm({ name: ownerTeam.name }, { onChange: fn(), onSubmit: fn() }),
    inviteLink: { resetting: false, onReset: fn() },
    onChangeRole: fn(),
    onRemoveMember: fn(),
    viewerEmail,
    locale: 'en-US',
  },
  beforeEach() {
    // Headless Chromium denies clipboard access without a permission prompt.
    spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
  },
} satisfies Meta<typeof TeamSettingsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

function section(canvasElement: HTMLElement, name: string) {
  return within(within(canvasElement).getByRole('region', { name }));
}

function row(canvasElement: HTMLElement, email: string) {
  const cell = section(canvasElement, 'Members').getByRole('cell', {
    name: new RegExp(`^${email}`),
  });
  return within(cell.closest('tr') as HTMLElement);
}

function blur() {
  (document.activeElement as HTMLElement | null)?.blur();
}

/** The owner renames, changes roles, removes, resets the link and sees billing. */
export const Owner = {
  args: {},
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(ownerTeam.name);
    await expect(
      section(canvasElement, 'Team name').getByRole('textbox', { name: 'Team name' }),
    ).toHaveValue(ownerTeam.name);
    await expect(
      section(canvasElement, 'Members').getByRole('progressbar', { name: '4 of 25 seats used' }),
    ).toBeVisible();
    await expect(section(canvasElement, 'Members').getByText(/owners included/)).toBeVisible();
    await expect(
      section(canvasElement, 'Invite link').getByRole('button', { name: 'Reset invite link' }),
    ).toBeEnabled();

    const members = section(canvasElement, 'Members');
    await expect(members.getAllByRole('row')).toHaveLength(ownerTeam.members.length + 1);
    // The last owner (the viewer) has no actions: a team always keeps one owner.
    await expect(row(canvasElement, viewerEmail).getByText('(you)')).toBeVisible();
    await expect(row(canvasElement, viewerEmail).queryByRole('button')).not.toBeInTheDocument();
    await expect(
      members.getByRole('button', { name: 'Make member: riley.chen@northwind.studio' }),
    ).toBeVisible();

    await expect(
      section(canvasElement, 'Billing history').getByRole('table', { name: 'Billing history' }),
    ).toBeInTheDocument();
    await expect(canvas.queryByText(CLASSROOM_LICENSE_NOTICE)).not.toBeInTheDocument();
    await expect(args.onChangeRole).not.toHaveBeenCalled();
  },
} satisfies Story;

/** A member reads the name, sees members and the link; no roles, removal, reset or billing. */
export const Member = {
  args: { team: memberTeam, viewerEmail: memberViewerEmail },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('You’re a member')).toBeVisible();
    await expect(row(canvasElement, memberViewerEmail).getByText('(you)')).toBeVisible();
    const name = section(canvasElement, 'Team name');
    await expect(name.queryByRole('textbox')).not.toBeInTheDocument();
    await expect(name.getByText(memberTeam.name)).toBeVisible();
    await expect(section(canvasElement, 'Members').queryByRole('button')).not.toBeInTheDocument();
    await expect(
      section(canvasElement, 'Members').queryByRole('columnheader', { name: 'Actions' }),
    ).not.toBeInTheDocument();
    const invite = section(canvasElement, 'Invite link');
    await expect(invite.getByRole('textbox', { name: 'Invite link' })).toHaveValue(
      memberTeam.inviteUrl,
    );
    await expect(invite.getByRole('button', { name: 'Copy invite link' })).toBeVisible();
    await expect(invite.queryByRole('button', { name: /Reset/ })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('region', { name: 'Billing history' })).not.toBeInTheDocument();
  },
} satisfies Story;

/** 'Copied!' for 1500 ms after copying the invite link, then the button is back. */
export const InviteLinkCopied = {
  args: { team: memberTeam, viewerEmail: memberViewerEmail },
  play: async ({ canvasElement }) => {
    const timers = spyOn(window, 'setTimeout');
    const invite = section(canvasElement, 'Invite link');
    await userEvent.click(invite.getByRole('button', { name: 'Copy invite link' }));
    await expect(mocked(navigator.clipboard.writeText)).toHaveBeenCalledWith(memberTeam.inviteUrl);
    await expect(invite.getByRole('button', { name: 'Copied!' })).toBeVisible();
    await expect(timers).toHaveBeenCalledWith(expect.any(Function), COPIED_INDICATOR_MS);
    await waitFor(
      () => expect(invite.getByRole('button', { name: 'Copy invite link' })).toBeVisible(),
      { timeout: COPIED_INDICATOR_MS * 3 },
    );
    blur();
  },
} satisfies Story;

/** The 'Copied!' confirmation, held (its 1500 ms timer never fires here) for the screenshot. */
export const InviteLinkCopiedShown = {
  args: { team: memberTeam, viewerEmail: memberViewerEmail },
  play: async ({ canvasElement }) => {
    const realSetTimeout = window.setTimeout.bind(window);
    spyOn(window, 'setTimeout').mockImplementation(((handler: TimerHandler, ms?: number) =>
      ms === COPIED_INDICATOR_MS ? 0 : realSetTimeout(handler, ms)) as typeof window.setTimeout);
    const invite = section(canvasElement, 'Invite link');
    await userEvent.click(invite.getByRole('button', { name: 'Copy invite link' }));
    await expect(invite.getByRole('button', { name: 'Copied!' })).toBeVisible();
    blur();
  },
} satisfies Story;

/** The reset shows a generating indicator, restored 500 ms after the new link came. */
export const InviteLinkReset = {
  args: {},
  render: (args) => <ResettableTeamSettingsPage {...args} />,
  play: async ({ args, canvasElement }) => {
    const timers = spyOn(window, 'setTimeout');
    const invite = section(canvasElement, 'Invite link');
    const field = invite.getByRole('textbox', { name: 'Invite link' });
    await expect(field).toHaveValue(ownerTeam.inviteUrl);
    await userEvent.click(invite.getByRole('button', { name: 'Reset invite link' }));
    await expect(args.inviteLink.onReset).toHaveBeenCalledOnce();
    await expect(field).toHaveValue('Generating a new link…');
    await expect(invite.getByRole('button', { name: 'Generating…' })).toBeDisabled();
    await expect(invite.getByRole('button', { name: 'Copy invite link' })).toBeDisabled();
    await expect(invite.getByText('Generating a new invite link')).toHaveAttribute(
      'role',
      'status',
    );
    await waitFor(() =>
      expect(timers).toHaveBeenCalledWith(expect.any(Function), INVITE_RESET_INDICATOR_MS),
    );
    await waitFor(() => expect(field).toHaveValue(ownerTeamAfterInviteReset.inviteUrl), {
      timeout: 3000,
    });
    await expect(invite.getByRole('button', { name: 'Reset invite link' })).toBeEnabled();
    await userEvent.click(invite.getByRole('button', { name: 'Copy invite link' }));
    await expect(mocked(navigator.clipboard.writeText)).toHaveBeenCalledWith(
      ownerTeamAfterInviteReset.inviteUrl,
    );
    await waitFor(
      () => expect(invite.getByRole('button', { name: 'Copy invite link' })).toBeVisible(),
      { timeout: COPIED_INDICATOR_MS * 3 },
    );
    blur();
  },
} satisfies Story;

/** The generating indicator, held (the state a reviewer sees for half a second). */
export const InviteLinkResetInProgress = {
  args: { inviteLink: { resetting: true, onReset: fn() } },
  play: async ({ canvasElement }) => {
    const invite = section(canvasElement, 'Invite link');
    await expect(invite.getByRole('textbox', { name: 'Invite link' })).toHaveValue(
      'Generating a new link…',
    );
    const reset = invite.getByRole('button', { name: 'Generating…' });
    await expect(reset).toHaveAttribute('aria-busy', 'true');
    await expect(invite.getByText('Generating a new invite link')).toHaveAttribute(
      'role',
      'status',
    );
  },
} satisfies Story;

/** The role toggles between owner and member. */
export const ChangeRole = {
  args: {},
  play: async ({ args, canvasElement }) => {
    const avery = ownerTeam.members.find((member) => member.email.startsWith('avery'))!;
    await userEvent.click(
      section(canvasElement, 'Members').getByRole('button', { name: `Make owner: ${avery.email}` }),
    );
    await expect(args.onChangeRole).toHaveBeenCalledWith(avery, 'owner');
    const riley = ownerTeam.members.find((member) => member.email.startsWith('riley'))!;
    await userEvent.click(
      section(canvasElement, 'Members').getByRole('button', {
        name: `Make member: ${riley.email}`,
      }),
    );
    await expect(args.onChangeRole).toHaveBeenLastCalledWith(riley, 'member');
    blur();
  },
} satisfies Story;

/** A role change or removal on its way: that row's buttons wait. */
export const MemberUpdatePending = {
  args: { pendingMemberId: ownerTeam.members[2]!.id },
  play: async ({ canvasElement }) => {
    const pending = row(canvasElement, ownerTeam.members[2]!.email);
    for (const button of pending.getAllByRole('button')) await expect(button).toBeDisabled();
    for (const button of row(canvasElement, ownerTeam.members[3]!.email).getAllByRole('button')) {
      await expect(button).toBeEnabled();
    }
  },
} satisfies Story;

/** Removal asks first; Cancel changes nothing, Remove member removes. */
export const RemoveMember = {
  args: {},
  play: async ({ args, canvasElement }) => {
    const sam = ownerTeam.members.find((member) => member.email.startsWith('sam'))!;
    const remove = section(canvasElement, 'Members').getByRole('button', {
      name: `Remove: ${sam.email}`,
    });
    await userEvent.click(remove);
    let dialog = await screen.findByRole('dialog');
    await expect(dialog).toHaveAccessibleName(`Remove ${sam.email} from ${ownerTeam.name}?`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onRemoveMember).not.toHaveBeenCalled();

    await userEvent.click(remove);
    dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove member' }));
    await expect(args.onRemoveMember).toHaveBeenCalledWith(sam);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    blur();
  },
} satisfies Story;

/** The confirmation, open (its screenshot). */
export const RemoveMemberConfirmation = {
  args: {},
  play: async ({ canvasElement }) => {
    await userEvent.click(
      section(canvasElement, 'Members').getByRole('button', {
        name: `Remove: ${ownerTeam.members[3]!.email}`,
      }),
    );
    const dialog = await screen.findByRole('dialog');
    await expect(dialog).toHaveAccessibleDescription(/lose access/);
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus(),
    );
  },
} satisfies Story;

/** A refused action (the last owner cannot step down) shows above the members. */
export const MemberActionRefused = {
  args: { errors: { role: teamErrorMessages.lastOwner } },
  play: async ({ canvasElement }) => {
    await expect(section(canvasElement, 'Members').getByRole('alert')).toHaveTextContent(
      teamErrorMessages.lastOwner,
    );
  },
} satisfies Story;

/** Renaming: required, and the server's error under the field. */
export const RenameError = {
  args: {
    nameForm: fixtureForm(
      { name: 'N'.repeat(101) },
      { errors: { name: teamErrorMessages.teamNameTooLong }, onSubmit: fn() },
    ),
    errors: { name: teamErrorMessages.teamNameTooLong },
  },
  play: async ({ args, canvasElement }) => {
    const name = section(canvasElement, 'Team name');
    const field = name.getByRole('textbox', { name: 'Team name' });
    await expect(field).toHaveAccessibleDescription(teamErrorMessages.teamNameTooLong);
    // Shown once, under the field, not again above the members.
    await expect(
      within(canvasElement).getAllByText(teamErrorMessages.teamNameTooLong),
    ).toHaveLength(1);
    await userEvent.clear(field);
    await userEvent.click(name.getByRole('button', { name: 'Save' }));
    await expect(args.nameForm.onSubmit).not.toHaveBeenCalled();
    await userEvent.type(field, 'Northwind');
    await userEvent.click(name.getByRole('button', { name: 'Save' }));
    await expect(args.nameForm.onSubmit).toHaveBeenCalledOnce();
    blur();
  },
} satisfies Story;

/** Every seat taken, the owner's included. */
export const FullTeam = {
  args: { team: fullTeam },
  play: async ({ canvasElement }) => {
    const seats = section(canvasElement, 'Members');
    await expect(seats.getByRole('progressbar', { name: '25 of 25 seats used' })).toBeVisible();
    await expect(seats.getByText(TEAM_FULL_MESSAGE)).toBeVisible();
    await expect(seats.getByRole('link', { name: licenseSupportEmail })).toBeVisible();
    await expect(section(canvasElement, 'Members').getAllByRole('row')).toHaveLength(26);
  },
} satisfies Story;

/**
 * On a phone the e-mail column is narrow: addresses wrap before "@" or a dot, never inside a
 * name (each piece between break points is drawn on one line).
 */
export const MembersOnAPhone = {
  args: {},
  globals: { viewport: { value: 'mobile390', isRotated: false } },
  parameters: {
    viewport: {
      options: {
        mobile390: {
          name: 'Phone (390px)',
          type: 'mobile',
          styles: { width: '390px', height: '844px' },
        },
      },
    },
  },
  play: async ({ canvasElement }) => {
    const members = section(canvasElement, 'Members');
    const cells = members
      .getAllByRole('row')
      .slice(1)
      .map((tr) => tr.querySelector('td')!);
    let wrapped = 0;
    for (const cell of cells) {
      const lines = new Set<number>();
      for (const node of Array.from(cell.childNodes)) {
        if (node.nodeType !== Node.TEXT_NODE || !node.textContent) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const rects = Array.from(range.getClientRects()).filter((rect) => rect.width > 0);
        await expect(rects, `"${node.textContent}" is split across lines`).toHaveLength(1);
        lines.add(Math.round(rects[0]!.top));
      }
      if (lines.size > 1) wrapped += 1;
    }
    // The check means something only if some address is too wide for the column.
    await expect(wrapped).toBeGreaterThan(0);
  },
} satisfies Story;

/** Classroom teams are reminded to remove students when they finish. */
export const ClassroomReminder = {
  args: {
    team: classroomTeam,
    nameForm: fixtureForm({ name: classroomTeam.name }),
    viewerEmail: classroomTeam.members[0]!.email,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(CLASSROOM_LICENSE_NOTICE)).toBeVisible();
    await expect(
      canvas.getByText('Classroom licence', { selector: '[data-slot=badge]' }),
    ).toBeVisible();
    await expect(
      within(canvas.getByRole('region', { name: 'Billing history' })).getByText(/No purchases/),
    ).toBeVisible();
  },
} satisfies Story;
