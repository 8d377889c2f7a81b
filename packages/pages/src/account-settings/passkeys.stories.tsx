import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { fixtureForm } from '../fixtures/form';
import { fixturePasskeys } from '../fixtures/passkeys';
import { customerSharedData } from '../fixtures/shared-page-data';
import { SettingsSection } from '../settings-section/settings-section';
import { useInteractiveForm } from '../stories-support/interactive-form';
import { withLayout } from '../stories-support/with-layout';
import {
  PASSKEYS_DESCRIPTION,
  PASSKEYS_UNSUPPORTED,
  PasskeysSection,
  type PasskeysSectionProps,
  type SelectedPasskey,
} from './passkeys-section';

/** The "Passkeys" section of Account settings in each state (decision 052). */
function InteractiveSection(props: PasskeysSectionProps) {
  const [selected, setSelected] = useState<SelectedPasskey | null>(props.selected);
  return (
    <div className="mx-auto max-w-7xl px-6 py-8 lg:px-8">
      <SettingsSection title="Passkeys" description={PASSKEYS_DESCRIPTION}>
        <PasskeysSection
          {...props}
          selected={selected}
          onSelect={(next) => {
            props.onSelect(next);
            setSelected(next);
          }}
          addForm={useInteractiveForm(props.addForm)}
          renameForm={useInteractiveForm(props.renameForm)}
          removeForm={useInteractiveForm(props.removeForm)}
        />
      </SettingsSection>
    </div>
  );
}

const meta = {
  title: 'Pages/Account/Passkeys',
  component: PasskeysSection,
  decorators: [withLayout],
  parameters: { layout: 'fullscreen', shared: customerSharedData },
  render: (args) => <InteractiveSection {...args} />,
  args: {
    passkeys: fixturePasskeys,
    supported: true,
    selected: null,
    onSelect: fn(),
    addForm: fixtureForm({ name: 'Passkey' }, { onChange: fn(), onSubmit: fn() }),
    renameForm: fixtureForm({ name: '' }, { onChange: fn(), onSubmit: fn() }),
    removeForm: fixtureForm({ password: '', code: '' }, { onChange: fn(), onSubmit: fn() }),
  },
} satisfies Meta<typeof PasskeysSection>;

export default meta;
type Story = StoryObj<typeof meta>;

export const List = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole('list', { name: 'Your passkeys' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await expect(canvas.getByText(/· Never used$/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Add a passkey' }));
    await expect(args.addForm.onSubmit).toHaveBeenCalledOnce();
    (document.activeElement as HTMLElement | null)?.blur();
  },
} satisfies Story;

export const Empty = {
  args: { passkeys: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('You have no passkeys yet.')).toBeVisible();
  },
} satisfies Story;

export const Remove = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Remove Security key' }));
    await expect(args.onSelect).toHaveBeenLastCalledWith({ id: 2, action: 'remove' });
    const form = within(canvas.getByRole('form', { name: 'Remove Security key' }));
    await userEvent.type(form.getByLabelText('Password', { selector: 'input' }), 'secret-pass');
    await userEvent.click(form.getByRole('button', { name: 'Remove passkey' }));
    await expect(args.removeForm.onSubmit).toHaveBeenCalledOnce();
    await userEvent.clear(form.getByLabelText('Password', { selector: 'input' }));
    (document.activeElement as HTMLElement | null)?.blur();
  },
} satisfies Story;

export const Rename = {
  args: { selected: { id: 1, action: 'rename' } },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const form = within(canvas.getByRole('form', { name: 'Rename Work laptop' }));
    await userEvent.type(form.getByRole('textbox', { name: 'New name' }), 'Desk');
    await userEvent.click(form.getByRole('button', { name: 'Save name' }));
    await expect(args.renameForm.onSubmit).toHaveBeenCalledOnce();
    await userEvent.clear(form.getByRole('textbox', { name: 'New name' }));
    (document.activeElement as HTMLElement | null)?.blur();
  },
} satisfies Story;

export const RefusedAnswer = {
  args: {
    addForm: fixtureForm(
      { name: 'Passkey' },
      { errors: { passkey: 'This passkey is already registered.' } },
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'This passkey is already registered.',
    );
  },
} satisfies Story;

export const BrowserWithoutPasskeys = {
  args: { supported: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(PASSKEYS_UNSUPPORTED)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Add a passkey' })).toBeDisabled();
  },
} satisfies Story;

export const Impersonating = {
  args: { canManage: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement.querySelector<HTMLElement>('[data-slot="passkeys"]')!);
    await expect(canvas.getAllByRole('listitem')).toHaveLength(2);
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
  },
} satisfies Story;
