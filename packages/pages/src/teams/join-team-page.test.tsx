import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TEAM_FULL_MESSAGE } from '../constants';
import { fixtureForm } from '../fixtures/form';
import {
  emptyJoinTeamValues,
  fullTeam,
  joinTeamPageProps,
  ownerTeam,
  teamErrorMessages,
} from '../fixtures/licenses';
import { JoinTeamPage, type JoinTeamPageViewProps } from './join-team-page';

function renderPage(overrides: Partial<JoinTeamPageViewProps> = {}) {
  render(
    <JoinTeamPage
      {...joinTeamPageProps(ownerTeam)}
      user={null}
      form={fixtureForm(emptyJoinTeamValues)}
      {...overrides}
    />,
  );
}

describe('JoinTeamPage', () => {
  it('shows a full team’s seat-limit message and nothing to submit, signed in or not', () => {
    for (const user of [null, { email: 'casey@example.com' }]) {
      const { unmount } = render(
        <JoinTeamPage
          {...joinTeamPageProps(fullTeam)}
          user={user}
          form={fixtureForm(emptyJoinTeamValues)}
        />,
      );
      expect(screen.getByText(TEAM_FULL_MESSAGE)).toBeInTheDocument();
      expect(screen.getByText(/owner/)).toBeInTheDocument();
      expect(screen.queryByRole('button')).not.toBeInTheDocument();
      unmount();
    }
  });

  it('asks a visitor for a new account, or to sign in and come back', async () => {
    const onSubmit = vi.fn();
    const props = joinTeamPageProps(ownerTeam);
    renderPage({
      form: fixtureForm(
        { ...emptyJoinTeamValues, email: 'casey@example.com', password: 'x'.repeat(12) },
        { onSubmit },
      ),
    });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', props.signInUrl);
    expect(props.signInUrl).toBe(
      `/login?intended_url=${encodeURIComponent(`/teams/${ownerTeam.id}/members?invite_token=${props.inviteToken}`)}`,
    );
    expect(screen.getByLabelText('Password', { selector: 'input' })).toHaveAttribute(
      'autocomplete',
      'new-password',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create account and join' }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('joins a signed-in person with one button', async () => {
    const onSubmit = vi.fn();
    renderPage({
      user: { email: 'casey@example.com' },
      form: fixtureForm(emptyJoinTeamValues, { onSubmit }),
    });
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Join team' }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('says why a wrong or reset invite link was refused', () => {
    renderPage({
      user: { email: 'casey@example.com' },
      form: fixtureForm(emptyJoinTeamValues, {
        errors: { invite_token: teamErrorMessages.inviteTokenInvalid },
      }),
    });
    expect(screen.getByRole('alert')).toHaveTextContent(teamErrorMessages.inviteTokenInvalid);
  });
});
