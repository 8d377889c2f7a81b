import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { fixtureForm } from '../fixtures';
import { useInteractiveForm } from '../stories-support/interactive-form';
import { withLayout } from '../stories-support/with-layout';
import { SecondFactorPage, type SecondFactorPageProps } from './second-factor-page';

const WRONG_CODE =
  'This code is not valid. Enter the current code from your app, or a recovery code.';

function InteractiveSecondFactorPage(props: SecondFactorPageProps) {
  return <SecondFactorPage {...props} form={useInteractiveForm(props.form)} />;
}

const meta = {
  title: 'Pages/Auth/Second factor',
  component: SecondFactorPage,
  decorators: [withLayout],
  parameters: { layout: 'fullscreen' },
  render: (args) => <InteractiveSecondFactorPage {...args} />,
  args: { form: fixtureForm({ code: '' }, { onChange: fn(), onSubmit: fn() }) },
} satisfies Meta<typeof SecondFactorPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const submit = canvas.getByRole('button', { name: 'Verify' });
    // The browser requires a code: an empty form never reaches the server.
    await userEvent.click(submit);
    await expect(args.form.onSubmit).not.toHaveBeenCalled();
    const field = canvas.getByRole('textbox', { name: 'Authentication code' });
    await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    await userEvent.type(field, '123456');
    await expect(args.form.onChange).toHaveBeenLastCalledWith('code', '123456');
    await userEvent.click(submit);
    await expect(args.form.onSubmit).toHaveBeenCalledOnce();
    await userEvent.clear(field);
    (document.activeElement as HTMLElement | null)?.blur();
  },
} satisfies Story;

export const WithError = {
  args: { form: fixtureForm({ code: '000000' }, { errors: { code: WRONG_CODE } }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(WRONG_CODE);
    await expect(canvas.getByRole('textbox', { name: 'Authentication code' })).toBeInvalid();
    (document.activeElement as HTMLElement | null)?.blur();
  },
} satisfies Story;

/** An account with a passkey and an authenticator app: the passkey first, the code beside it. */
export const WithAPasskey = {
  args: { passkey: { supported: true, processing: false, onUse: fn() } },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Use a passkey' }));
    await expect(args.passkey?.onUse).toHaveBeenCalledOnce();
    await expect(canvas.getByText(/Or enter the six-digit code/)).toBeVisible();
    (document.activeElement as HTMLElement | null)?.blur();
  },
} satisfies Story;

/** The passkey's answer was refused; a browser without passkeys cannot press the button. */
export const PasskeyRefused = {
  args: {
    totp: false,
    passkey: {
      supported: false,
      processing: false,
      onUse: fn(),
      error: 'This passkey request has expired or was already used. Try the passkey again.',
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(/has expired or was already used/);
    await expect(canvas.getByText('This browser cannot use passkeys.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Use a passkey' })).toBeDisabled();
    await expect(
      canvas.queryByRole('textbox', { name: 'Authentication code' }),
    ).not.toBeInTheDocument();
  },
} satisfies Story;
