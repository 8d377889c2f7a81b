import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ACCOUNT_DATA_PATH, ACCOUNT_DELETE_PATH } from '../constants';
import { fixtureForm } from '../fixtures/form';
import { customerSharedData } from '../fixtures/shared-page-data';
import { useInteractiveForm } from '../stories-support/interactive-form';
import { withLayout } from '../stories-support/with-layout';
import { SettingsSection } from '../settings-section/settings-section';
import {
  DELETION_CONSEQUENCES,
  IMPERSONATING_DATA_NOTICE,
  YOUR_DATA_DESCRIPTION,
  YourDataSection,
  type YourDataSectionProps,
} from './your-data-section';

/**
 * The "Your data" section of Account settings in each state (decision 060), framed as the page
 * frames it (the last section, below the purchase history).
 */
function InteractiveSection(props: YourDataSectionProps) {
  return (
    <div className="mx-auto max-w-7xl px-6 py-8 lg:px-8">
      <SettingsSection title="Your data" description={YOUR_DATA_DESCRIPTION}>
        <YourDataSection {...props} deleteForm={useInteractiveForm(props.deleteForm)} />
      </SettingsSection>
    </div>
  );
}

const deleteForm = (overrides: Parameters<typeof fixtureForm<{ password: string }>>[1] = {}) =>
  fixtureForm(
    { password: '' },
    {
      target: { action: ACCOUNT_DELETE_PATH, method: 'post', csrfToken: 'nonce.mac' },
      onChange: fn(),
      onSubmit: fn(),
      ...overrides,
    },
  );

const meta = {
  title: 'Pages/Account/YourData',
  component: YourDataSection,
  decorators: [withLayout],
  parameters: { layout: 'fullscreen', shared: customerSharedData },
  render: (args) => <InteractiveSection {...args} />,
  args: { csrfToken: 'nonce.mac', deleteForm: deleteForm() },
} satisfies Meta<typeof YourDataSection>;

export default meta;
type Story = StoryObj<typeof meta>;

function section(canvasElement: HTMLElement) {
  return within(within(canvasElement).getByRole('region', { name: 'Your data' }));
}

function blur() {
  (document.activeElement as HTMLElement | null)?.blur();
}

/** Both forms: the download posts natively with the token; deleting needs the password. */
export const Default = {
  play: async ({ args, canvasElement }) => {
    const data = section(canvasElement);
    const download = data.getByRole('button', { name: 'Download your data' });
    const exportForm = download.closest('form')!;
    await expect(exportForm).toHaveAttribute('method', 'post');
    await expect(exportForm).toHaveAttribute('action', ACCOUNT_DATA_PATH);
    await expect(exportForm.querySelector('input[name="_token"]')).toHaveValue('nonce.mac');
    const deletion = data.getByRole('form', { name: 'Delete your account' });
    for (const line of DELETION_CONSEQUENCES) {
      await expect(within(deletion).getByText(line)).toBeVisible();
    }
    await expect(deletion).toHaveAttribute('action', ACCOUNT_DELETE_PATH);
    // The password is required before anything is sent.
    await userEvent.click(data.getByRole('button', { name: 'Delete my account' }));
    await expect(args.deleteForm.onSubmit).not.toHaveBeenCalled();
    await userEvent.type(data.getByLabelText('Password'), 'my password');
    await expect(args.deleteForm.onChange).toHaveBeenLastCalledWith('password', 'my password');
    await userEvent.click(data.getByRole('button', { name: 'Delete my account' }));
    await expect(args.deleteForm.onSubmit).toHaveBeenCalledOnce();
    blur();
  },
} satisfies Story;

/** A wrong password comes back beside the field; nothing was deleted. */
export const WrongPassword = {
  args: {
    ...meta.args,
    deleteForm: deleteForm({ errors: { password: 'The password is incorrect.' } }),
  },
  play: async ({ canvasElement }) => {
    const field = section(canvasElement).getByLabelText('Password');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(section(canvasElement).getByText('The password is incorrect.')).toBeVisible();
  },
} satisfies Story;

/** On its way: the button is busy and a second submit is dropped. */
export const Deleting = {
  args: {
    ...meta.args,
    deleteForm: deleteForm({ processing: true, values: { password: 'my password' } }),
  },
  play: async ({ args, canvasElement }) => {
    const button = section(canvasElement).getByRole('button', { name: /Delete my account/ });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    // Enter in the field submits the form: the page drops a second submit while one is on its way.
    await userEvent.type(section(canvasElement).getByLabelText('Password'), '{Enter}');
    await expect(args.deleteForm.onSubmit).not.toHaveBeenCalled();
  },
} satisfies Story;

/** An operator acting as the customer: neither form, only why. */
export const Impersonating = {
  args: { ...meta.args, canManage: false },
  play: async ({ canvasElement }) => {
    const data = section(canvasElement);
    await expect(data.getByText(IMPERSONATING_DATA_NOTICE)).toBeVisible();
    await expect(data.queryByRole('button')).not.toBeInTheDocument();
  },
} satisfies Story;
