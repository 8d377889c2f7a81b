import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Alert } from './alert';

const meta = {
  title: 'UI/Alert',
  component: Alert,
  args: {
    variant: 'info',
    title: 'Team licences are only available for all-access',
    children: 'A team licence covers up to 25 people on your team.',
  },
} satisfies Meta<typeof Alert>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Info = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      'Team licences are only available for all-access',
    );
  },
} satisfies Story;

export const Success = {
  args: {
    variant: 'success',
    title: 'Password updated successfully.',
    children: undefined,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      'Password updated successfully.',
    );
  },
} satisfies Story;

export const Warning = {
  args: {
    variant: 'warning',
    title: 'This is a restricted licence',
    children: (
      <p>
        It is for students (educational use only) or individuals earning at most $30,000 USD a year.{' '}
        <a href="/license">Read the licence</a>
      </p>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
    await expect(canvas.queryByRole('status')).not.toBeInTheDocument();
  },
} satisfies Story;

export const ErrorAlert = {
  name: 'Error',
  args: {
    variant: 'error',
    title: 'Well this is embarrassing…',
    children: (
      <p>
        It looks like our payment provider is experiencing down time which means our checkout is
        unavailable until they resolve it.
      </p>
    ),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'Well this is embarrassing…',
    );
  },
} satisfies Story;

export const WithoutTitle = {
  args: {
    variant: 'error',
    title: undefined,
    children: 'These credentials do not match our records.',
  },
} satisfies Story;
