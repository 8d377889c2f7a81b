import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { fixtureUser } from '../fixtures';
import { ImpersonationBanner } from './impersonation-banner';

const meta = {
  title: 'Pages/Chrome/ImpersonationBanner',
  component: ImpersonationBanner,
  parameters: { layout: 'fullscreen' },
  args: { email: fixtureUser().email, onStopImpersonating: fn() },
} satisfies Meta<typeof ImpersonationBanner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default = {
  args: {},
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/You are impersonating/)).toHaveTextContent(
      'You are impersonating jordan.lee@example.com.',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Stop Impersonating' }));
    await expect(args.onStopImpersonating).toHaveBeenCalledOnce();
  },
} satisfies Story;

export const Stopping = {
  args: { ...Default.args, stopping: true },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: 'Stop Impersonating' }),
    ).toBeDisabled();
  },
} satisfies Story;
