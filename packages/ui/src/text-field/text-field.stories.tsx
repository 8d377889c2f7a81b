import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { PasswordField, TextField } from './text-field';

const meta = {
  title: 'UI/TextField',
  component: TextField,
  args: {
    label: 'Email address',
    name: 'email',
    type: 'email',
    autoComplete: 'email',
    placeholder: 'you@example.com',
    className: 'max-w-sm',
  },
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default = {
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Email address' });
    await userEvent.type(input, 'ada@example.com');
    await expect(input).toHaveValue('ada@example.com');
    await expect(input).not.toHaveAttribute('aria-invalid');
  },
} satisfies Story;

export const WithHint = {
  args: { hint: 'We’ll send your receipts and licence keys here.' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Email address' });
    await expect(input).toHaveAccessibleDescription(
      'We’ll send your receipts and licence keys here.',
    );
  },
} satisfies Story;

export const WithError = {
  args: {
    defaultValue: 'ada@example',
    error: 'The email must be a valid email address.',
  },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Email address' });
    await expect(input).toBeInvalid();
    await expect(input).toHaveAccessibleDescription('The email must be a valid email address.');
  },
} satisfies Story;

export const InvalidWithoutMessage = {
  args: { defaultValue: 'ada@example.com', invalid: true },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Email address' });
    await expect(input).toBeInvalid();
    await expect(input).not.toHaveAttribute('aria-describedby');
  },
} satisfies Story;

export const LabelHidden = {
  args: { labelHidden: true },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('textbox', { name: 'Email address' }),
    ).toBeInTheDocument();
  },
} satisfies Story;

export const Disabled = {
  args: { defaultValue: 'ada@example.com', disabled: true },
} satisfies Story;

export const Password = {
  args: { label: 'Password' },
  render: ({ type: _type, ...args }) => (
    <PasswordField {...args} name="password" placeholder={undefined} defaultValue="hunter22" />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('Password');
    await expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(canvas.getByRole('button', { name: 'Show password' }));
    await expect(input).toHaveAttribute('type', 'text');
    await userEvent.click(canvas.getByRole('button', { name: 'Hide password' }));
    await expect(input).toHaveAttribute('type', 'password');
  },
} satisfies Story;

export const PasswordWithError = {
  args: { ...Password.args, error: 'The provided password does not match our records.' },
  render: Password.render,
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Password');
    await expect(input).toBeInvalid();
    await expect(input).toHaveAccessibleDescription(
      'The provided password does not match our records.',
    );
  },
} satisfies Story;
