import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SECOND_FACTOR_REQUIRED_FOR_ADMINS } from '../constants';
import { fixtureForm } from '../fixtures/form';
import { customerSharedData } from '../fixtures/shared-page-data';
import {
  fixtureRecoveryCodes,
  fixtureTotpSecret,
  twoFactorEnrolling,
  twoFactorOff,
  twoFactorOn,
  twoFactorRequired,
} from '../fixtures/two-factor';
import { SettingsSection } from '../settings-section/settings-section';
import { useInteractiveForm } from '../stories-support/interactive-form';
import { withLayout } from '../stories-support/with-layout';
import {
  TWO_FACTOR_DESCRIPTION,
  TwoFactorSection,
  type TwoFactorSectionProps,
} from './two-factor-section';

/** The "Two-factor authentication" section of Account settings in each state (decision 044). */
function InteractiveSection(props: TwoFactorSectionProps) {
  return (
    <div className="mx-auto max-w-7xl px-6 py-8 lg:px-8">
      <SettingsSection title="Two-factor authentication" description={TWO_FACTOR_DESCRIPTION}>
        <TwoFactorSection
          {...props}
          confirmForm={useInteractiveForm(props.confirmForm)}
          disableForm={useInteractiveForm(props.disableForm)}
          recoveryCodesForm={useInteractiveForm(props.recoveryCodesForm)}
        />
      </SettingsSection>
    </div>
  );
}

const meta = {
  title: 'Pages/Account/TwoFactor',
  component: TwoFactorSection,
  decorators: [withLayout],
  parameters: { layout: 'fullscreen', shared: customerSharedData },
  render: (args) => <InteractiveSection {...args} />,
  args: {
    status: twoFactorOff,
    recoveryCodes: null,
    startForm: fixtureForm({}, { onSubmit: fn() }),
    confirmForm: fixtureForm({ code: '' }, { onChange: fn(), onSubmit: fn() }),
    disableForm: fixtureForm({ password: '', code: '' }, { onChange: fn(), onSubmit: fn() }),
    recoveryCodesForm: fixtureForm({ password: '' }, { onChange: fn(), onSubmit: fn() }),
  },
} satisfies Meta<typeof TwoFactorSection>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Off = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/is/)).toHaveTextContent('Two-factor authentication is off.');
    await userEvent.click(canvas.getByRole('button', { name: 'Set up an authenticator app' }));
    await expect(args.startForm.onSubmit).toHaveBeenCalledOnce();
    (document.activeElement as HTMLElement | null)?.blur();
  },
} satisfies Story;

export const Enrol = {
  args: { status: twoFactorEnrolling },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const qr = canvas.getByRole('img', { name: 'QR code for your authenticator app' });
    await expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    await expect(canvas.getByText(fixtureTotpSecret)).toBeVisible();
    const submit = canvas.getByRole('button', { name: 'Turn on' });
    await userEvent.click(submit);
    await expect(args.confirmForm.onSubmit).not.toHaveBeenCalled();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Code from the app' }), '492039');
    await expect(args.confirmForm.onChange).toHaveBeenLastCalledWith('code', '492039');
    await userEvent.click(submit);
    await expect(args.confirmForm.onSubmit).toHaveBeenCalledOnce();
    await userEvent.clear(canvas.getByRole('textbox', { name: 'Code from the app' }));
    (document.activeElement as HTMLElement | null)?.blur();
  },
} satisfies Story;

export const EnrolWithWrongCode = {
  args: {
    status: twoFactorEnrolling,
    confirmForm: fixtureForm(
      { code: '000000' },
      {
        errors: {
          code: 'That code does not match. Check the time on your device and enter the current code.',
        },
      },
    ),
  },
  play: async ({ canvasElement }) => {
    const field = within(canvasElement).getByRole('textbox', { name: 'Code from the app' });
    await expect(field).toBeInvalid();
    await expect(field).toHaveAccessibleDescription(/does not match/);
  },
} satisfies Story;

export const CodesShown = {
  args: { status: { ...twoFactorOn, recoveryCodesLeft: 10 }, recoveryCodes: fixtureRecoveryCodes },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole('list', { name: 'Recovery codes' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    await expect(canvas.getByText(/will not be shown again/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Copy recovery codes' })).toBeVisible();
    await expect(canvas.getByText(/10 of/)).toHaveTextContent('10 of 10 recovery codes left.');
  },
} satisfies Story;

export const On = {
  args: { status: twoFactorOn },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/7 of/)).toHaveTextContent('7 of 10 recovery codes left.');
    const off = within(
      canvas.getByRole('heading', { name: 'Turn off two-factor authentication' }).closest('form')!,
    );
    await userEvent.type(off.getByLabelText('Password', { selector: 'input' }), 'secret-pass');
    await userEvent.type(off.getByRole('textbox', { name: 'Authentication code' }), '123456');
    await userEvent.click(off.getByRole('button', { name: 'Turn off' }));
    await expect(args.disableForm.onSubmit).toHaveBeenCalledOnce();
    await userEvent.clear(off.getByLabelText('Password', { selector: 'input' }));
    await userEvent.clear(off.getByRole('textbox', { name: 'Authentication code' }));
    (document.activeElement as HTMLElement | null)?.blur();
  },
} satisfies Story;

export const Impersonating = {
  args: { status: twoFactorOn, canManage: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement.querySelector<HTMLElement>('[data-slot="two-factor"]')!);
    await expect(canvas.getByText(/is/)).toHaveTextContent('Two-factor authentication is on.');
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
    await expect(canvas.queryByLabelText('Password', { selector: 'input' })).toBeNull();
  },
} satisfies Story;

export const AdminMustEnrol = {
  args: { status: twoFactorRequired },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(SECOND_FACTOR_REQUIRED_FOR_ADMINS);
    await expect(canvas.getByRole('button', { name: 'Set up an authenticator app' })).toBeVisible();
  },
} satisfies Story;
