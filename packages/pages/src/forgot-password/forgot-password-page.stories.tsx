import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import {
  authErrorMessages,
  emptyForgotPasswordValues,
  filledForgotPasswordValues,
  fixtureForm,
} from '../fixtures';
import { useInteractiveForm } from '../stories-support/interactive-form';
import { withLayout } from '../stories-support/with-layout';
import {
  ForgotPasswordPage,
  RESET_LINK_SENT_MESSAGE,
  type ForgotPasswordPageProps,
} from './forgot-password-page';

function InteractiveForgotPasswordPage(props: ForgotPasswordPageProps) {
  return <ForgotPasswordPage {...props} form={useInteractiveForm(props.form)} />;
}

const meta = {
  title: 'Pages/Auth/ForgotPassword',
  component: ForgotPasswordPage,
  decorators: [withLayout],
  parameters: { layout: 'fullscreen' },
  render: (args) => <InteractiveForgotPasswordPage {...args} />,
  args: { form: fixtureForm(emptyForgotPasswordValues, { onChange: fn(), onSubmit: fn() }) },
} satisfies Meta<typeof ForgotPasswordPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const email = canvas.getByRole('textbox', { name: 'Email address' });
    await userEvent.type(email, 'ada@example.com');
    await expect(args.form.onChange).toHaveBeenLastCalledWith('email', 'ada@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Email password reset link' }));
    await expect(args.form.onSubmit).toHaveBeenCalledOnce();
    await userEvent.clear(email);
    email.blur();
  },
} satisfies Story;

export const Processing = {
  args: { form: fixtureForm(filledForgotPasswordValues, { processing: true }) },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: 'Email password reset link' }),
    ).toBeDisabled();
  },
} satisfies Story;

export const WithError = {
  args: {
    form: fixtureForm(filledForgotPasswordValues, {
      errors: { email: authErrorMessages.emailUnknown },
    }),
  },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('textbox', { name: 'Email address' }),
    ).toHaveAccessibleDescription(authErrorMessages.emailUnknown);
  },
} satisfies Story;

export const Sent = {
  args: { form: fixtureForm(filledForgotPasswordValues), status: RESET_LINK_SENT_MESSAGE },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      RESET_LINK_SENT_MESSAGE,
    );
  },
} satisfies Story;
