import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { fixtureForm } from '../fixtures/form';
import { teamErrorMessages } from '../fixtures/licenses';
import { AccountFields, FormErrorAlerts } from './account-fields';

const emptyAccount = { email: '', password: '' };

const meta = {
  title: 'Pages/Forms/AccountFields',
  component: AccountFields,
  decorators: [
    (Story) => (
      <form className="mx-auto max-w-sm space-y-6 p-8" onSubmit={(event) => event.preventDefault()}>
        <Story />
      </form>
    ),
  ],
  parameters: { layout: 'fullscreen' },
  args: { form: fixtureForm(emptyAccount, { onChange: fn() }) },
} satisfies Meta<typeof AccountFields>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A new account's fields: both required, the address an e-mail, the password a new one. */
export const NewAccount = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const email = canvas.getByRole('textbox', { name: 'Email address' });
    await expect(email).toBeRequired();
    await expect(email).toHaveAttribute('type', 'email');
    const password = canvas.getByLabelText('Password');
    await expect(password).toBeRequired();
    await expect(password).toHaveAttribute('autocomplete', 'new-password');
    await userEvent.type(email, 'a');
    await expect(args.form.onChange).toHaveBeenCalledWith('email', 'a');
  },
} satisfies Story;

/** The server's errors sit under their fields, and the fields say they are invalid. */
export const WithErrors = {
  args: {
    form: fixtureForm(
      { email: 'jordan.lee@example.com', password: 'short' },
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
    const email = canvas.getByRole('textbox', { name: 'Email address' });
    await expect(email).toHaveAccessibleDescription(teamErrorMessages.emailTaken);
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByLabelText('Password')).toHaveAccessibleDescription(
      teamErrorMessages.passwordTooShort,
    );
  },
} satisfies Story;

/** On the reset page the password is the new one. */
export const NewPasswordLabel = {
  args: { passwordLabel: 'New password' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText('New password')).toBeRequired();
  },
} satisfies Story;

/** Errors the form has no field for come first, one alert each. */
export const WithOtherErrors = {
  render: (args) => (
    <>
      <FormErrorAlerts
        messages={[teamErrorMessages.inviteTokenInvalid, teamErrorMessages.lastOwner]}
      />
      <AccountFields {...args} />
    </>
  ),
  play: async ({ canvasElement }) => {
    const alerts = within(canvasElement).getAllByRole('alert');
    await expect(alerts).toHaveLength(2);
    await expect(alerts[0]).toHaveTextContent(teamErrorMessages.inviteTokenInvalid);
  },
} satisfies Story;
