import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { authErrorMessages, fixtureForm, resetPasswordValues } from '../fixtures';
import { useInteractiveForm } from '../stories-support/interactive-form';
import { withLayout } from '../stories-support/with-layout';
import { ResetPasswordPage, type ResetPasswordPageProps } from './reset-password-page';

function InteractiveResetPasswordPage(props: ResetPasswordPageProps) {
  return <ResetPasswordPage {...props} form={useInteractiveForm(props.form)} />;
}

const meta = {
  title: 'Pages/Auth/ResetPassword',
  component: ResetPasswordPage,
  decorators: [withLayout],
  parameters: { layout: 'fullscreen' },
  render: (args) => <InteractiveResetPasswordPage {...args} />,
  args: { form: fixtureForm(resetPasswordValues, { onChange: fn(), onSubmit: fn() }) },
} satisfies Meta<typeof ResetPasswordPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const password = canvas.getByLabelText('New password', { selector: 'input' });
    await userEvent.type(password, 'a-much-better-one');
    await expect(args.form.onChange).toHaveBeenLastCalledWith('password', 'a-much-better-one');
    await userEvent.click(canvas.getByRole('button', { name: 'Reset password' }));
    await expect(args.form.onSubmit).toHaveBeenCalledOnce();
    await userEvent.clear(password);
    password.blur();
  },
} satisfies Story;

export const WithErrors = {
  args: {
    form: fixtureForm(
      { ...resetPasswordValues, password: 'short' },
      {
        errors: {
          email: authErrorMessages.emailUnknown,
          password: authErrorMessages.passwordTooShort,
        },
      },
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('textbox', { name: 'Email address' }),
    ).toHaveAccessibleDescription(authErrorMessages.emailUnknown);
    await expect(
      canvas.getByLabelText('New password', { selector: 'input' }),
    ).toHaveAccessibleDescription(authErrorMessages.passwordTooShort);
  },
} satisfies Story;

export const ExpiredToken = {
  args: {
    form: fixtureForm(resetPasswordValues, { errors: { token: authErrorMessages.tokenExpired } }),
  },
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole('alert');
    await expect(alert).toHaveTextContent(authErrorMessages.tokenExpired);
    await expect(within(alert).getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/password/reset',
    );
  },
} satisfies Story;

export const Processing = {
  args: {
    form: fixtureForm(
      { ...resetPasswordValues, password: 'a-much-better-one' },
      { processing: true },
    ),
  },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: 'Reset password' }),
    ).toBeDisabled();
  },
} satisfies Story;
