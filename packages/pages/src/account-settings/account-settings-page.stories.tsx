import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import {
  accountEmailValues,
  accountErrorMessages,
  changedAccountEmailValues,
  emptyAccountPasswordValues,
  emptyLogoutOtherSessionsValues,
  filledAccountPasswordValues,
  filledLogoutOtherSessionsValues,
  fullPurchaseHistory,
} from '../fixtures/account';
import { fixtureForm } from '../fixtures/form';
import { customerSharedData } from '../fixtures/shared-page-data';
import { useInteractiveForm } from '../stories-support/interactive-form';
import { withLayout } from '../stories-support/with-layout';
import { EMAIL_UPDATED, OTHER_SESSIONS_LOGGED_OUT, PASSWORD_UPDATED } from '../constants';
import { AccountSettingsPage, type AccountSettingsPageProps } from './account-settings-page';

function InteractiveAccountSettingsPage(props: AccountSettingsPageProps) {
  return (
    <AccountSettingsPage
      {...props}
      emailForm={useInteractiveForm(props.emailForm)}
      passwordForm={useInteractiveForm(props.passwordForm)}
      logoutOtherSessionsForm={useInteractiveForm(props.logoutOtherSessionsForm)}
    />
  );
}

const meta = {
  title: 'Pages/Account/AccountSettings',
  component: AccountSettingsPage,
  decorators: [withLayout],
  parameters: { layout: 'fullscreen', shared: customerSharedData },
  render: (args) => <InteractiveAccountSettingsPage {...args} />,
  args: {
    emailForm: fixtureForm(accountEmailValues, { onChange: fn(), onSubmit: fn() }),
    passwordForm: fixtureForm(emptyAccountPasswordValues, { onChange: fn(), onSubmit: fn() }),
    logoutOtherSessionsForm: fixtureForm(emptyLogoutOtherSessionsValues, {
      onChange: fn(),
      onSubmit: fn(),
    }),
    purchases: fullPurchaseHistory,
    locale: customerSharedData.preferredLanguage,
  },
} satisfies Meta<typeof AccountSettingsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

function section(canvasElement: HTMLElement, name: string) {
  return within(within(canvasElement).getByRole('region', { name }));
}

function blur() {
  (document.activeElement as HTMLElement | null)?.blur();
}

export const Default = {
  args: {},
  play: async ({ args, canvasElement }) => {
    const email = section(canvasElement, 'Email address');
    const emailField = email.getByRole('textbox', { name: 'Email address' });
    const confirm = email.getByLabelText('Current password', { selector: 'input' });
    await expect(emailField).toHaveValue(accountEmailValues.email);
    await expect(emailField).toHaveAttribute('autocomplete', 'email');
    await expect(confirm).toHaveAttribute('autocomplete', 'current-password');
    // The browser validates the field (required, type=email): an empty or malformed address never
    // reaches the server.
    await userEvent.clear(emailField);
    await userEvent.click(email.getByRole('button', { name: 'Save' }));
    await expect(args.emailForm.onSubmit).not.toHaveBeenCalled();
    await userEvent.type(emailField, 'jordan');
    await userEvent.click(email.getByRole('button', { name: 'Save' }));
    await expect(args.emailForm.onSubmit).not.toHaveBeenCalled();
    await userEvent.type(emailField, '@northwind.studio');
    await expect(args.emailForm.onChange).toHaveBeenLastCalledWith(
      'email',
      'jordan@northwind.studio',
    );
    // A well-formed address still waits for the current password (decision 003).
    await userEvent.click(email.getByRole('button', { name: 'Save' }));
    await expect(args.emailForm.onSubmit).not.toHaveBeenCalled();
    await userEvent.clear(emailField);
    await userEvent.paste(accountEmailValues.email);

    const purchases = section(canvasElement, 'Purchase history');
    await expect(purchases.getByRole('table', { name: 'Purchase history' })).toBeInTheDocument();
    blur();
  },
} satisfies Story;

export const WithoutPurchases = {
  args: { ...Default.args, purchases: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Account settings');
    await expect(canvas.getByRole('region', { name: 'Log out other sessions' })).toBeVisible();
    await expect(
      canvas.queryByRole('region', { name: 'Purchase history' }),
    ).not.toBeInTheDocument();
  },
} satisfies Story;

export const EmailFilled = {
  args: {
    ...Default.args,
    emailForm: fixtureForm(
      { ...changedAccountEmailValues, password: '' },
      { onChange: fn(), onSubmit: fn(), isDirty: true },
    ),
  },
  play: async ({ args, canvasElement }) => {
    const email = section(canvasElement, 'Email address');
    const confirm = email.getByLabelText('Current password', { selector: 'input' });
    await userEvent.click(email.getByRole('button', { name: 'Save' }));
    await expect(args.emailForm.onSubmit).not.toHaveBeenCalled();
    await userEvent.type(confirm, changedAccountEmailValues.password);
    await expect(args.emailForm.onChange).toHaveBeenLastCalledWith(
      'password',
      changedAccountEmailValues.password,
    );
    await userEvent.click(email.getByRole('button', { name: 'Save' }));
    await expect(args.emailForm.onSubmit).toHaveBeenCalledOnce();
    await expect(args.passwordForm.onSubmit).not.toHaveBeenCalled();
    blur();
  },
} satisfies Story;

export const EmailSaving = {
  args: {
    ...Default.args,
    emailForm: fixtureForm(changedAccountEmailValues, { processing: true, isDirty: true }),
  },
  play: async ({ canvasElement }) => {
    const button = section(canvasElement, 'Email address').getByRole('button', { name: 'Save' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(
      section(canvasElement, 'Password').getByRole('button', { name: 'Save' }),
    ).toBeEnabled();
  },
} satisfies Story;

export const EmailUpdated = {
  args: {
    ...Default.args,
    // The container clears the password after every submit.
    emailForm: fixtureForm(
      { ...changedAccountEmailValues, password: '' },
      { wasSuccessful: true, recentlySuccessful: true },
    ),
  },
  play: async ({ canvasElement }) => {
    const email = section(canvasElement, 'Email address');
    await expect(email.getByRole('status')).toHaveTextContent(EMAIL_UPDATED);
    await expect(email.getByRole('textbox', { name: 'Email address' })).toHaveValue(
      changedAccountEmailValues.email,
    );
    await expect(section(canvasElement, 'Password').getByRole('status')).toBeEmptyDOMElement();
  },
} satisfies Story;

export const EmailError = {
  args: {
    ...Default.args,
    emailForm: fixtureForm(
      { ...changedAccountEmailValues, password: '' },
      { errors: { email: accountErrorMessages.emailTaken } },
    ),
  },
  play: async ({ canvasElement }) => {
    const field = section(canvasElement, 'Email address').getByRole('textbox', {
      name: 'Email address',
    });
    await expect(field).toBeInvalid();
    await expect(field).toHaveAccessibleDescription(accountErrorMessages.emailTaken);
  },
} satisfies Story;

/** A wrong current password: nothing changed, the error sits under the password field. */
export const EmailPasswordError = {
  args: {
    ...Default.args,
    emailForm: fixtureForm(
      { ...changedAccountEmailValues, password: '' },
      { errors: { password: accountErrorMessages.passwordIncorrect } },
    ),
  },
  play: async ({ canvasElement }) => {
    const email = section(canvasElement, 'Email address');
    const field = email.getByLabelText('Current password', { selector: 'input' });
    await expect(field).toBeInvalid();
    await expect(field).toHaveAccessibleDescription(accountErrorMessages.passwordIncorrect);
    await expect(email.getByRole('textbox', { name: 'Email address' })).toBeValid();
  },
} satisfies Story;

/** Too many wrong passwords (per user, decision 003): the server's wait, under the field. */
export const EmailPasswordRateLimited = {
  args: {
    ...Default.args,
    emailForm: fixtureForm(
      { ...changedAccountEmailValues, password: '' },
      { errors: { password: accountErrorMessages.tooManyPasswordAttempts } },
    ),
  },
  play: async ({ canvasElement }) => {
    await expect(
      section(canvasElement, 'Email address').getByLabelText('Current password', {
        selector: 'input',
      }),
    ).toHaveAccessibleDescription(accountErrorMessages.tooManyPasswordAttempts);
  },
} satisfies Story;

export const PasswordFilled = {
  args: { ...Default.args },
  play: async ({ args, canvasElement }) => {
    const password = section(canvasElement, 'Password');
    const current = password.getByLabelText('Current password', { selector: 'input' });
    const next = password.getByLabelText('New password', { selector: 'input' });
    await expect(current).toHaveAttribute('autocomplete', 'current-password');
    await expect(next).toHaveAttribute('autocomplete', 'new-password');
    await userEvent.click(password.getByRole('button', { name: 'Save' }));
    await expect(args.passwordForm.onSubmit).not.toHaveBeenCalled();
    await userEvent.type(current, filledAccountPasswordValues.old_password);
    await userEvent.click(password.getByRole('button', { name: 'Save' }));
    await expect(args.passwordForm.onSubmit).not.toHaveBeenCalled();
    await userEvent.type(next, filledAccountPasswordValues.new_password);
    await expect(args.passwordForm.onChange).toHaveBeenLastCalledWith(
      'new_password',
      filledAccountPasswordValues.new_password,
    );
    await userEvent.click(password.getByRole('button', { name: 'Save' }));
    await expect(args.passwordForm.onSubmit).toHaveBeenCalledOnce();
    await expect(args.emailForm.onSubmit).not.toHaveBeenCalled();
    blur();
  },
} satisfies Story;

export const PasswordSaving = {
  args: {
    ...Default.args,
    passwordForm: fixtureForm(filledAccountPasswordValues, { processing: true, isDirty: true }),
  },
  play: async ({ canvasElement }) => {
    await expect(
      section(canvasElement, 'Password').getByRole('button', { name: 'Save' }),
    ).toBeDisabled();
  },
} satisfies Story;

/** The container resets both fields after success; the page shows what it is given. */
export const PasswordUpdated = {
  args: {
    ...Default.args,
    passwordForm: fixtureForm(emptyAccountPasswordValues, {
      wasSuccessful: true,
      recentlySuccessful: true,
    }),
  },
  play: async ({ canvasElement }) => {
    const password = section(canvasElement, 'Password');
    await expect(password.getByRole('status')).toHaveTextContent(PASSWORD_UPDATED);
    await expect(password.getByLabelText('Current password', { selector: 'input' })).toHaveValue(
      '',
    );
    await expect(password.getByLabelText('New password', { selector: 'input' })).toHaveValue('');
  },
} satisfies Story;

export const PasswordErrors = {
  args: {
    ...Default.args,
    passwordForm: fixtureForm(
      { old_password: 'not-my-password', new_password: 'short' },
      {
        errors: {
          old_password: accountErrorMessages.oldPasswordIncorrect,
          new_password: accountErrorMessages.newPasswordTooShort,
        },
      },
    ),
  },
  play: async ({ canvasElement }) => {
    const password = section(canvasElement, 'Password');
    await expect(
      password.getByLabelText('Current password', { selector: 'input' }),
    ).toHaveAccessibleDescription(accountErrorMessages.oldPasswordIncorrect);
    await expect(
      password.getByLabelText('New password', { selector: 'input' }),
    ).toHaveAccessibleDescription(accountErrorMessages.newPasswordTooShort);
  },
} satisfies Story;

export const LogoutOtherSessionsFilled = {
  args: { ...Default.args },
  play: async ({ args, canvasElement }) => {
    const sessions = section(canvasElement, 'Log out other sessions');
    const button = sessions.getByRole('button', { name: 'Log out other sessions' });
    await userEvent.click(button);
    await expect(args.logoutOtherSessionsForm.onSubmit).not.toHaveBeenCalled();
    const field = sessions.getByLabelText('Password', { selector: 'input' });
    await expect(field).toHaveAttribute('autocomplete', 'current-password');
    await userEvent.type(field, filledLogoutOtherSessionsValues.password);
    await userEvent.click(button);
    await expect(args.logoutOtherSessionsForm.onSubmit).toHaveBeenCalledOnce();
    blur();
  },
} satisfies Story;

export const LogoutOtherSessionsProcessing = {
  args: {
    ...Default.args,
    logoutOtherSessionsForm: fixtureForm(filledLogoutOtherSessionsValues, {
      processing: true,
      isDirty: true,
    }),
  },
  play: async ({ canvasElement }) => {
    await expect(
      section(canvasElement, 'Log out other sessions').getByRole('button', {
        name: 'Log out other sessions',
      }),
    ).toBeDisabled();
  },
} satisfies Story;

export const OtherSessionsLoggedOut = {
  args: {
    ...Default.args,
    logoutOtherSessionsForm: fixtureForm(emptyLogoutOtherSessionsValues, {
      wasSuccessful: true,
      recentlySuccessful: true,
    }),
  },
  play: async ({ canvasElement }) => {
    const sessions = section(canvasElement, 'Log out other sessions');
    await expect(sessions.getByRole('status')).toHaveTextContent(OTHER_SESSIONS_LOGGED_OUT);
    await expect(sessions.getByLabelText('Password', { selector: 'input' })).toHaveValue('');
  },
} satisfies Story;

export const LogoutOtherSessionsError = {
  args: {
    ...Default.args,
    logoutOtherSessionsForm: fixtureForm(
      { password: 'not-my-password' },
      { errors: { password: accountErrorMessages.passwordIncorrect } },
    ),
  },
  play: async ({ canvasElement }) => {
    await expect(
      section(canvasElement, 'Log out other sessions').getByLabelText('Password', {
        selector: 'input',
      }),
    ).toHaveAccessibleDescription(accountErrorMessages.passwordIncorrect);
  },
} satisfies Story;
