import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { adminWebhookFailed } from '../../fixtures/admin';
import { operatorSharedData } from '../../fixtures/shared-page-data';
import { withLayout } from '../../stories-support/with-layout';
import { AdminWebhookPage } from './admin-webhook-page';

const meta = {
  title: 'Pages/BackOffice/Webhook',
  component: AdminWebhookPage,
  decorators: [withLayout],
  parameters: { layout: 'fullscreen', shared: operatorSharedData },
  args: { ...adminWebhookFailed, onReplay: fn() },
} satisfies Meta<typeof AdminWebhookPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FailedEvent = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'transaction.completed',
    );
    await expect(canvas.getByText('No checkout for transaction txn_01hzx3tw8b')).toBeVisible();
    await expect(canvas.getByLabelText('Payload as received')).toHaveTextContent(
      '"id": "txn_01hzx3tw8b"',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Replay event' }));
    await expect(args.onReplay).toHaveBeenCalledOnce();
  },
} satisfies Story;

export const Replaying = {
  args: { replaying: true },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: 'Replay event' }),
    ).toBeDisabled();
  },
} satisfies Story;
