import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CLASSROOM_LICENSE_NOTICE, TEAM_FULL_MESSAGE } from '../constants';
import { fixtureForm } from '../fixtures/form';
import {
  classroomTeam,
  fullTeam,
  licenseSupportEmail,
  memberTeam,
  ownerTeam,
  teamErrorMessages,
} from '../fixtures/licenses';
import { TeamSettingsPage, type TeamSettingsPageViewProps } from './team-settings-page';

function renderPage(overrides: Partial<TeamSettingsPageViewProps> = {}) {
  const props: TeamSettingsPageViewProps = {
    team: ownerTeam,
    supportEmail: licenseSupportEmail,
    nameForm: fixtureForm({ name: ownerTeam.name }),
    inviteLink: { resetting: false, onReset: vi.fn() },
    onChangeRole: vi.fn(),
    onRemoveMember: vi.fn(),
    viewerEmail: 'jordan.lee@example.com',
    ...overrides,
  };
  render(<TeamSettingsPage {...props} />);
  return props;
}

function section(name: string) {
  return within(screen.getByRole('region', { name }));
}

describe('TeamSettingsPage', () => {
  it('gives an owner the rename form, role and removal buttons, the reset and the billing', () => {
    renderPage();
    expect(section('Team name').getByRole('textbox', { name: 'Team name' })).toHaveValue(
      ownerTeam.name,
    );
    // Every member the owner may change has both buttons; the last owner has none.
    const updatable = ownerTeam.members.filter((member) => member.updatable);
    expect(section('Members').getAllByRole('button', { name: /^Remove:/ })).toHaveLength(
      updatable.length,
    );
    expect(section('Invite link').getByRole('button', { name: 'Reset invite link' })).toBeEnabled();
    expect(section('Billing history').getByRole('table')).toBeInTheDocument();
  });

  it('shows a member the name, members and link, read only', () => {
    renderPage({ team: memberTeam });
    expect(section('Team name').queryByRole('textbox')).not.toBeInTheDocument();
    expect(section('Team name').getByText(memberTeam.name)).toBeInTheDocument();
    expect(section('Members').getAllByRole('row')).toHaveLength(memberTeam.members.length + 1);
    expect(section('Members').queryByRole('button')).not.toBeInTheDocument();
    expect(section('Invite link').getByRole('button', { name: 'Copy invite link' })).toBeEnabled();
    expect(section('Invite link').queryByRole('button', { name: /Reset/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Billing history' })).not.toBeInTheDocument();
  });

  it('toggles a role to the other one', async () => {
    const props = renderPage();
    const [, riley, avery] = ownerTeam.members;
    await userEvent.click(screen.getByRole('button', { name: `Make member: ${riley!.email}` }));
    expect(props.onChangeRole).toHaveBeenLastCalledWith(riley, 'member');
    await userEvent.click(screen.getByRole('button', { name: `Make owner: ${avery!.email}` }));
    expect(props.onChangeRole).toHaveBeenLastCalledWith(avery, 'owner');
  });

  it('removes a member only after confirmation', async () => {
    const props = renderPage();
    const sam = ownerTeam.members[3]!;
    await userEvent.click(screen.getByRole('button', { name: `Remove: ${sam.email}` }));
    const dialog = screen.getByRole('dialog', {
      name: `Remove ${sam.email} from ${ownerTeam.name}?`,
    });
    expect(props.onRemoveMember).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(props.onRemoveMember).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: `Remove: ${sam.email}` }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove member' }));
    expect(props.onRemoveMember).toHaveBeenCalledExactlyOnceWith(sam);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('disables the buttons of the member whose change is pending', () => {
    renderPage({ pendingMemberId: ownerTeam.members[2]!.id });
    expect(
      screen.getByRole('button', { name: `Make owner: ${ownerTeam.members[2]!.email}` }),
    ).toBeDisabled();
    expect(
      screen.getByRole('button', { name: `Make owner: ${ownerTeam.members[3]!.email}` }),
    ).toBeEnabled();
  });

  it('starts the reset from the owner’s button', async () => {
    const onReset = vi.fn();
    renderPage({ inviteLink: { resetting: false, onReset } });
    await userEvent.click(screen.getByRole('button', { name: 'Reset invite link' }));
    expect(onReset).toHaveBeenCalledOnce();
  });

  it('shows the generating indicator instead of the link while resetting', () => {
    renderPage({ inviteLink: { resetting: true, onReset: vi.fn() } });
    const invite = section('Invite link');
    expect(invite.getByRole('textbox', { name: 'Invite link' })).toHaveValue(
      'Generating a new link…',
    );
    expect(invite.getByRole('button', { name: 'Copy invite link' })).toBeDisabled();
    expect(invite.getByRole('button', { name: 'Generating…' })).toBeDisabled();
  });

  it('counts seats with the owner included and warns when the team is full', () => {
    renderPage({ team: fullTeam });
    expect(screen.getByRole('progressbar', { name: '25 of 25 seats used' })).toBeInTheDocument();
    expect(screen.getByText(TEAM_FULL_MESSAGE)).toBeInTheDocument();
  });

  it('does not warn a team with free seats, nor remind a non-Classroom team about students', () => {
    renderPage();
    expect(screen.getByText('21 seats left for new members.')).toBeInTheDocument();
    expect(screen.queryByText(TEAM_FULL_MESSAGE)).not.toBeInTheDocument();
    expect(screen.queryByText(CLASSROOM_LICENSE_NOTICE)).not.toBeInTheDocument();
  });

  it('reminds a Classroom team to remove students who finish', () => {
    renderPage({ team: classroomTeam });
    expect(screen.getByText(CLASSROOM_LICENSE_NOTICE)).toBeInTheDocument();
  });

  it('shows a refused action above the members, and a name error only under the name', () => {
    renderPage({
      nameForm: fixtureForm({ name: '' }, { errors: { name: teamErrorMessages.teamNameRequired } }),
      errors: { name: teamErrorMessages.teamNameRequired, role: teamErrorMessages.lastOwner },
    });
    expect(section('Members').getByRole('alert')).toHaveTextContent(teamErrorMessages.lastOwner);
    expect(screen.getAllByText(teamErrorMessages.teamNameRequired)).toHaveLength(1);
    expect(section('Team name').getByRole('textbox')).toHaveAccessibleDescription(
      teamErrorMessages.teamNameRequired,
    );
  });
});
