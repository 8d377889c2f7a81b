import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TEAM_FULL_MESSAGE } from '../constants';
import { fixtureForm } from '../fixtures/form';
import {
  emptyJoinTeamValues,
  filledJoinTeamValues,
  fullTeam,
  joinTeamPageProps,
  licenseSupportEmail,
  ownerTeam,
  teamErrorMessages,
} from '../fixtures/licenses';
import { customerSharedData, visitorSharedData } from '../fixtures/shared-page-data';
import { useInteractiveForm } from '../stories-support/interactive-form';
import { withLayout } from '../stories-support/with-layout';
import { JoinTeamPage, type JoinTeamPageViewProps } from './join-team-page';

function InteractiveJoinTeamPage(props: JoinTeamPageViewProps) {
  return <JoinTeamPage {...props} form={useInteractiveForm(props.form)} />;
}

const signedInUser = { email: customerSharedData.auth!.user.email };

const meta = {
  title: 'Pages/Teams/JoinTeam',
  component: JoinTeamPage,
  decorators: [withLayout],
  parameters: { layout: 'fullscreen', shared: visitorSharedData },
  render: (args) => <InteractiveJoinTeamPage {...args} />,
  args: {
    ...joinTeamPageProps(ownerTeam),
    user: null,
    form: fixtureForm(emptyJoinTeamValues, { onChange: fn(), onSubmit: fn() }),
  },
} satisfies Meta<typeof JoinTeamPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The page inside the layout: the header has a 'Sign in' link of its own. */
function page(canvasElement: HTMLElement) {
  return within(within(canvasElement).getByRole('main'));
}

function blur() {
  (document.activeElement as HTMLElement | null)?.blur();
}

/** Signed out: create an account and join, or sign in and come back. */
export const SignedOut = {
  args: {},
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      `Join ${ownerTeam.name}`,
    );
    await expect(page(canvasElement).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      args.signInUrl,
    );
    await expect(args.signInUrl).toContain(encodeURIComponent(`invite_token=${args.inviteToken}`));
    const submit = canvas.getByRole('button', { name: 'Create account and join' });
    await userEvent.click(submit);
    await expect(args.form.onSubmit).not.toHaveBeenCalled();
    await userEvent.type(
      canvas.getByRole('textbox', { name: 'Email address' }),
      filledJoinTeamValues.email,
    );
    const password = canvas.getByLabelText('Password', { selector: 'input' });
    await expect(password).toHaveAttribute('autocomplete', 'new-password');
    await userEvent.type(password, filledJoinTeamValues.password);
    await userEvent.click(submit);
    await expect(args.form.onSubmit).toHaveBeenCalledOnce();
    blur();
  },
} satisfies Story;

export const SignedOutWithErrors = {
  args: {
    form: fixtureForm(
      { ...filledJoinTeamValues, password: 'short' },
      {
        errors: {
          email: teamErrorMessages.emailTaken,
          password: teamErrorMessages.passwordTooShort,
        },
      },
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('textbox', { name: 'Email address' }),
    ).toHaveAccessibleDescription(teamErrorMessages.emailTaken);
    await expect(
      canvas.getByLabelText('Password', { selector: 'input' }),
    ).toHaveAccessibleDescription(teamErrorMessages.passwordTooShort);
  },
} satisfies Story;

/** Signed in: one button joins. */
export const SignedIn = {
  args: { user: signedInUser },
  parameters: { shared: customerSharedData },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('textbox')).not.toBeInTheDocument();
    await expect(canvas.getByText(/Join it as/)).toHaveTextContent(signedInUser.email);
    await userEvent.click(canvas.getByRole('button', { name: 'Join team' }));
    await expect(args.form.onSubmit).toHaveBeenCalledOnce();
    blur();
  },
} satisfies Story;

export const SignedInJoining = {
  args: { user: signedInUser, form: fixtureForm(emptyJoinTeamValues, { processing: true }) },
  parameters: { shared: customerSharedData },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Join team' })).toBeDisabled();
  },
} satisfies Story;

/** A reset or wrong link: the server refuses the token, and the page says what to do. */
export const InvalidInviteLink = {
  args: {
    user: signedInUser,
    form: fixtureForm(emptyJoinTeamValues, {
      errors: { invite_token: teamErrorMessages.inviteTokenInvalid },
    }),
  },
  parameters: { shared: customerSharedData },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      teamErrorMessages.inviteTokenInvalid,
    );
  },
} satisfies Story;

/** A full team: the seat-limit message, and who to ask. No form. */
export const FullTeam = {
  args: { ...joinTeamPageProps(fullTeam) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(TEAM_FULL_MESSAGE)).toBeVisible();
    await expect(canvas.getByText(/Ask the team’s owner/)).toBeVisible();
    await expect(canvas.getByRole('link', { name: licenseSupportEmail })).toHaveAttribute(
      'href',
      `mailto:${licenseSupportEmail}`,
    );
    await expect(canvas.queryByRole('button', { name: /join/i })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('textbox')).not.toBeInTheDocument();
  },
} satisfies Story;

/** Full, seen signed in: the same message; joining is not offered. */
export const FullTeamSignedIn = {
  args: { ...joinTeamPageProps(fullTeam), user: signedInUser },
  parameters: { shared: customerSharedData },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(TEAM_FULL_MESSAGE)).toBeVisible();
    await expect(
      within(canvasElement).queryByRole('button', { name: 'Join team' }),
    ).not.toBeInTheDocument();
  },
} satisfies Story;
