import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { fixtureForm } from '../fixtures/form';
import {
  emptyRedeemLicenseValues,
  filledRedeemLicenseValues,
  fixtureLicenses,
  licenseSupportEmail,
  redeemLicensePageProps,
  teamErrorMessages,
} from '../fixtures/licenses';
import { customerSharedData, visitorSharedData } from '../fixtures/shared-page-data';
import { useInteractiveForm } from '../stories-support/interactive-form';
import { withLayout } from '../stories-support/with-layout';
import { RedeemLicensePage, type RedeemLicensePageViewProps } from './redeem-license-page';

function InteractiveRedeemLicensePage(props: RedeemLicensePageViewProps) {
  return <RedeemLicensePage {...props} form={useInteractiveForm(props.form)} />;
}

const signedInUser = { email: customerSharedData.auth!.user.email };

const meta = {
  title: 'Pages/Licenses/RedeemLicense',
  component: RedeemLicensePage,
  decorators: [withLayout],
  parameters: { layout: 'fullscreen', shared: visitorSharedData },
  render: (args) => <InteractiveRedeemLicensePage {...args} />,
  args: {
    ...redeemLicensePageProps(fixtureLicenses.personalRedeemable),
    user: null,
    form: fixtureForm(emptyRedeemLicenseValues, { onChange: fn(), onSubmit: fn() }),
    onSignOut: fn(),
  },
} satisfies Meta<typeof RedeemLicensePage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The page inside the layout: the header has a 'Sign in' link of its own. */
function page(canvasElement: HTMLElement) {
  return within(within(canvasElement).getByRole('main'));
}

function blur() {
  (document.activeElement as HTMLElement | null)?.blur();
}

function noForm(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  return Promise.all([
    expect(canvas.queryByRole('textbox')).not.toBeInTheDocument(),
    expect(canvas.queryByRole('button', { name: /^(Create|Connect)/ })).not.toBeInTheDocument(),
  ]);
}

async function expectSupportLink(canvasElement: HTMLElement) {
  const links = within(canvasElement).getAllByRole('link', { name: licenseSupportEmail });
  await expect(links.length).toBeGreaterThan(0);
  for (const link of links)
    await expect(link).toHaveAttribute('href', `mailto:${licenseSupportEmail}`);
}

/** Deactivated by an upgrade: it was used to upgrade. */
export const InactiveByUpgrade = {
  args: { ...redeemLicensePageProps(fixtureLicenses.upgraded) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'This licence was used to upgrade',
    );
    await expect(canvas.getByText(/used to upgrade to another licence/)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'See your licences' })).toHaveAttribute(
      'href',
      '/license',
    );
    await noForm(canvasElement);
  },
} satisfies Story;

/** Deactivated by a refund, with the support contact. */
export const InactiveByRefund = {
  args: { ...redeemLicensePageProps(fixtureLicenses.refunded) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'This licence was refunded',
    );
    await expect(canvas.getByText(/was refunded, so the key no longer gives access/)).toBeVisible();
    await expectSupportLink(canvasElement);
    await noForm(canvasElement);
  },
} satisfies Story;

/** Inactive for another reason: the generic message. */
export const InactiveOther = {
  args: { ...redeemLicensePageProps(fixtureLicenses.deactivated) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { level: 1 })).toHaveTextContent(
      'This licence is no longer active',
    );
    await expectSupportLink(canvasElement);
    await noForm(canvasElement);
  },
} satisfies Story;

/** Active but connected to a team; sign in (back here after) or ask support. */
export const ConnectedToTeam = {
  args: { ...redeemLicensePageProps(fixtureLicenses.team) },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'This licence has already been redeemed',
    );
    await expect(canvas.getByText(/connected to the team/)).toHaveTextContent(
      `It’s connected to the team ${fixtureLicenses.team.team?.name}`,
    );
    await expect(page(canvasElement).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      args.signInUrl,
    );
    await expect(args.signInUrl).toBe(
      `/login?intended_url=${encodeURIComponent(fixtureLicenses.team.url)}`,
    );
    await expectSupportLink(canvasElement);
    await noForm(canvasElement);
  },
} satisfies Story;

/** Active but connected to an e-mail address. */
export const ConnectedToEmail = {
  args: { ...redeemLicensePageProps(fixtureLicenses.restricted) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/connected to the account/)).toHaveTextContent(
      `connected to the account ${fixtureLicenses.restricted.user?.email}`,
    );
    await expect(page(canvasElement).getByRole('link', { name: 'Sign in' })).toBeVisible();
    await noForm(canvasElement);
  },
} satisfies Story;

/** Already redeemed, seen signed in: where their licences are, or sign out for another account. */
export const ConnectedSignedIn = {
  args: { ...redeemLicensePageProps(fixtureLicenses.restricted), user: signedInUser },
  parameters: { shared: customerSharedData },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      page(canvasElement).queryByRole('link', { name: 'Sign in' }),
    ).not.toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'your licences' })).toHaveAttribute(
      'href',
      '/license',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Sign out' }));
    await expect(args.onSignOut).toHaveBeenCalledOnce();
    blur();
  },
} satisfies Story;

/**
 * The buyer's own licence right after paying while signed in: it reads as success, says it is
 * on their account and links to it; no "already redeemed", no "didn't redeem it yourself?".
 */
export const Yours = {
  args: {
    ...redeemLicensePageProps(
      { ...fixtureLicenses.personal, user: { email: signedInUser.email } },
      true,
    ),
    user: signedInUser,
  },
  parameters: { shared: customerSharedData },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Your licence is ready',
    );
    await expect(canvas.getByText(/connected to your account/)).toHaveTextContent(
      `It’s connected to your account, ${signedInUser.email}`,
    );
    await expect(canvas.getByRole('link', { name: 'See your licences' })).toHaveAttribute(
      'href',
      '/license',
    );
    await expect(canvas.queryByText(/already been redeemed/)).not.toBeInTheDocument();
    await expect(canvas.queryByText(/redeem it yourself/)).not.toBeInTheDocument();
    await noForm(canvasElement);
  },
} satisfies Story;

/** The viewer's team's licence: it is theirs through the team, with the way to the team. */
export const YoursThroughTeam = {
  args: { ...redeemLicensePageProps(fixtureLicenses.team, true), user: signedInUser },
  parameters: { shared: customerSharedData },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const team = fixtureLicenses.team.team!;
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Your licence is ready',
    );
    await expect(canvas.getByRole('link', { name: `Go to ${team.name}` })).toHaveAttribute(
      'href',
      `/teams/${team.id}`,
    );
    await expect(canvas.queryByText(/redeem it yourself/)).not.toBeInTheDocument();
  },
} satisfies Story;

/** Redeemable, signed out: create an account, or sign in and come back. */
export const SignedOut = {
  args: {},
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Redeem your licence',
    );
    await expect(canvas.queryByRole('textbox', { name: 'Team name' })).not.toBeInTheDocument();
    await expect(page(canvasElement).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      args.signInUrl,
    );
    const submit = canvas.getByRole('button', { name: 'Create account and redeem' });
    await userEvent.click(submit);
    await expect(args.form.onSubmit).not.toHaveBeenCalled();
    await userEvent.type(
      canvas.getByRole('textbox', { name: 'Email address' }),
      filledRedeemLicenseValues.email,
    );
    await userEvent.type(
      canvas.getByLabelText('Password', { selector: 'input' }),
      filledRedeemLicenseValues.password,
    );
    await expect(args.form.onChange).toHaveBeenLastCalledWith(
      'password',
      filledRedeemLicenseValues.password,
    );
    await userEvent.click(submit);
    await expect(args.form.onSubmit).toHaveBeenCalledOnce();
    blur();
  },
} satisfies Story;

/** A team licence signed out: the account and the team's name in one form. */
export const SignedOutTeamLicence = {
  args: {
    ...redeemLicensePageProps(fixtureLicenses.teamRedeemable),
    form: fixtureForm(emptyRedeemLicenseValues, { onChange: fn(), onSubmit: fn() }),
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/25 seats, and yours is one of them/)).toBeVisible();
    await userEvent.type(
      canvas.getByRole('textbox', { name: 'Email address' }),
      filledRedeemLicenseValues.email,
    );
    await userEvent.type(
      canvas.getByLabelText('Password', { selector: 'input' }),
      filledRedeemLicenseValues.password,
    );
    const submit = canvas.getByRole('button', { name: 'Create account and team' });
    // The team name is required on a team licence (the browser checks it).
    await userEvent.click(submit);
    await expect(args.form.onSubmit).not.toHaveBeenCalled();
    await userEvent.type(
      canvas.getByRole('textbox', { name: 'Team name' }),
      filledRedeemLicenseValues.team_name,
    );
    await userEvent.click(submit);
    await expect(args.form.onSubmit).toHaveBeenCalledOnce();
    blur();
  },
} satisfies Story;

/** Server errors come back under their fields; others (a refused key) above the form. */
export const SignedOutTeamLicenceWithErrors = {
  args: {
    ...redeemLicensePageProps(fixtureLicenses.teamRedeemable),
    form: fixtureForm(
      { ...filledRedeemLicenseValues, password: 'short', team_name: '' },
      {
        errors: {
          email: teamErrorMessages.emailTaken,
          password: teamErrorMessages.passwordTooShort,
          team_name: teamErrorMessages.teamNameRequired,
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
    const teamName = canvas.getByRole('textbox', { name: 'Team name' });
    await expect(teamName).toBeInvalid();
    await expect(teamName).toHaveAccessibleDescription(
      new RegExp(teamErrorMessages.teamNameRequired.replace('.', '\\.')),
    );
  },
} satisfies Story;

/** Redeemable, signed in: a bare PATCH connects it; sign out offered. */
export const SignedIn = {
  args: { user: signedInUser },
  parameters: { shared: customerSharedData },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('textbox')).not.toBeInTheDocument();
    await expect(canvas.getByText(/Connect this licence to/)).toHaveTextContent(signedInUser.email);
    await userEvent.click(canvas.getByRole('button', { name: 'Connect to my account' }));
    await expect(args.form.onSubmit).toHaveBeenCalledOnce();
    await userEvent.click(canvas.getByRole('button', { name: 'Sign out' }));
    await expect(args.onSignOut).toHaveBeenCalledOnce();
    blur();
  },
} satisfies Story;

/** Signed in with a team licence: name the team to create it. */
export const SignedInTeamLicence = {
  args: {
    ...redeemLicensePageProps(fixtureLicenses.teamRedeemable),
    user: signedInUser,
    form: fixtureForm(emptyRedeemLicenseValues, { onChange: fn(), onSubmit: fn() }),
  },
  parameters: { shared: customerSharedData },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('textbox', { name: 'Email address' })).not.toBeInTheDocument();
    const submit = canvas.getByRole('button', { name: 'Create team' });
    await userEvent.click(submit);
    await expect(args.form.onSubmit).not.toHaveBeenCalled();
    await userEvent.type(
      canvas.getByRole('textbox', { name: 'Team name' }),
      filledRedeemLicenseValues.team_name,
    );
    await userEvent.click(submit);
    await expect(args.form.onSubmit).toHaveBeenCalledOnce();
    blur();
  },
} satisfies Story;

/** A Classroom licence creates a team too, with its rule said up front. */
export const SignedInClassroomLicence = {
  args: {
    ...redeemLicensePageProps({
      ...fixtureLicenses.classroom,
      isRedeemable: true,
      team: null,
    }),
    user: signedInUser,
  },
  parameters: { shared: customerSharedData },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/Students must be removed/)).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Team name' })).toBeRequired();
  },
} satisfies Story;

/** Submitting: the button is busy and cannot be pressed twice. */
export const SignedInProcessing = {
  args: {
    user: signedInUser,
    form: fixtureForm(emptyRedeemLicenseValues, { processing: true }),
  },
  parameters: { shared: customerSharedData },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Connect to my account' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
  },
} satisfies Story;

/** Someone else redeemed it a moment earlier: the server's refusal shows above the form. */
export const SignedInAlreadyTaken = {
  args: {
    user: signedInUser,
    form: fixtureForm(emptyRedeemLicenseValues, {
      errors: { license: teamErrorMessages.licenseAlreadyRedeemed },
    }),
  },
  parameters: { shared: customerSharedData },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      teamErrorMessages.licenseAlreadyRedeemed,
    );
  },
} satisfies Story;
