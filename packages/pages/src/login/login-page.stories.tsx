import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { authErrorMessages, emptyLoginValues, filledLoginValues, fixtureForm } from '../fixtures';
import { PASSWORD_RESET_STATUS } from '../reset-password/reset-password-page';
import { useInteractiveForm } from '../stories-support/interactive-form';
import { withLayout } from '../stories-support/with-layout';
import { LoginPage, type LoginPageProps } from './login-page';

function InteractiveLoginPage(props: LoginPageProps) {
  return <LoginPage {...props} form={useInteractiveForm(props.form)} />;
}

const meta = {
  title: 'Pages/Auth/Login',
  component: LoginPage,
  decorators: [withLayout],
  parameters: { layout: 'fullscreen' },
  render: (args) => <InteractiveLoginPage {...args} />,
  args: { form: fixtureForm(emptyLoginValues, { onChange: fn(), onSubmit: fn() }) },
} satisfies Meta<typeof LoginPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default = {
  args: {},
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const submit = canvas.getByRole('button', { name: 'Sign in' });
    // The browser validates the required fields: an empty form never reaches the server.
    await userEvent.click(submit);
    await expect(args.form.onSubmit).not.toHaveBeenCalled();

    await userEvent.type(canvas.getByRole('textbox', { name: 'Email address' }), 'ada@example.com');
    await userEvent.type(canvas.getByLabelText('Password', { selector: 'input' }), 'secret-pass');
    await expect(args.form.onChange).toHaveBeenLastCalledWith('password', 'secret-pass');
    await expect(canvas.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
    await userEvent.click(submit);
    await expect(args.form.onSubmit).toHaveBeenCalledOnce();
    // Leave the screen as it first looked for the screenshot.
    await userEvent.clear(canvas.getByRole('textbox', { name: 'Email address' }));
    await userEvent.clear(canvas.getByLabelText('Password', { selector: 'input' }));
    (document.activeElement as HTMLElement | null)?.blur();
  },
} satisfies Story;

export const Filled = {
  args: { form: fixtureForm(filledLoginValues, { onChange: fn(), onSubmit: fn() }) },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Remember me' }));
    await expect(args.form.onChange).toHaveBeenCalledWith('remember', false);
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Remember me' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expect(args.form.onSubmit).toHaveBeenCalledOnce();
    (document.activeElement as HTMLElement | null)?.blur();
  },
} satisfies Story;

export const Processing = {
  args: { form: { ...Filled.args.form, processing: true } },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Sign in' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
  },
} satisfies Story;

export const WithEmailError = {
  args: {
    form: fixtureForm(filledLoginValues, { errors: { email: authErrorMessages.badCredentials } }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(authErrorMessages.badCredentials);
    await expect(canvas.getByRole('textbox', { name: 'Email address' })).toBeInvalid();
    await expect(canvas.getByLabelText('Password', { selector: 'input' })).toBeInvalid();
    await expect(canvas.getAllByText(authErrorMessages.badCredentials)).toHaveLength(1);
  },
} satisfies Story;

export const WithPasswordError = {
  args: {
    form: fixtureForm(
      { ...filledLoginValues, password: '' },
      { errors: { password: authErrorMessages.passwordRequired } },
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
    await expect(
      canvas.getByLabelText('Password', { selector: 'input' }),
    ).toHaveAccessibleDescription(authErrorMessages.passwordRequired);
  },
} satisfies Story;

export const WithStatus = {
  args: { ...Default.args, status: PASSWORD_RESET_STATUS },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      PASSWORD_RESET_STATUS,
    );
  },
} satisfies Story;
