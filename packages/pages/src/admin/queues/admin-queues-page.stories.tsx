import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { operatorSharedData } from '../../fixtures/shared-page-data';
import { withLayout } from '../../stories-support/with-layout';
import { AdminQueuesPage } from './admin-queues-page';

const meta = {
  title: 'Pages/BackOffice/Queues',
  component: AdminQueuesPage,
  decorators: [withLayout],
  parameters: { layout: 'fullscreen', shared: operatorSharedData },
  args: {
    onRetry: fn(),
    queues: [
      {
        name: 'mail',
        label: 'Mail',
        counts: { waiting: 3, claimed: 1, failing: 1, gaveUp: 1, done: 1284 },
        oldestWaitingSeconds: 250,
        failures: [
          {
            id: 412,
            subject: 'Licence e-mail to ann@example.com',
            attempts: 10,
            gaveUp: true,
            lastError: 'Invalid login: 535 Authentication failed for //[redacted]@smtp.example.com',
            createdAt: '2026-11-26T21:04:00.000Z',
            nextAttemptAt: null,
            retryUrl: '/admin/queues/mail/jobs/412/retry',
          },
          {
            id: 415,
            subject: 'Refund e-mail to lee@example.com',
            attempts: 2,
            gaveUp: false,
            lastError: 'connect ETIMEDOUT 10.0.0.25:587',
            createdAt: '2026-11-27T01:58:00.000Z',
            nextAttemptAt: '2026-11-27T02:01:00.000Z',
            retryUrl: '/admin/queues/mail/jobs/415/retry',
          },
        ],
      },
      {
        name: 'webhooks',
        label: 'Webhook deliveries',
        counts: { waiting: 0, claimed: 0, failing: 0, gaveUp: 0, done: 97 },
        oldestWaitingSeconds: null,
        failures: [],
      },
    ],
  },
} satisfies Meta<typeof AdminQueuesPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const mail = canvas.getByRole('region', { name: 'Mail' });
    await expect(within(mail).getByText('1,284')).toBeVisible();
    await expect(within(mail).getByText('4 min 10 s')).toBeVisible();
    const failures = within(mail).getByRole('table', { name: 'Mail: recent failures' });
    await expect(within(failures).getAllByRole('row')).toHaveLength(3);
    await userEvent.click(
      within(within(mail).getByRole('form', { name: 'Retry job #412' })).getByRole('button', {
        name: 'Retry now',
      }),
    );
    await expect(args.onRetry).toHaveBeenCalledWith(expect.objectContaining({ id: 412 }));
    const webhooks = canvas.getByRole('region', { name: 'Webhook deliveries' });
    await expect(within(webhooks).getByText('No failed jobs.')).toBeVisible();
    await expect(within(webhooks).getByText('None')).toBeVisible();
  },
} satisfies Story;

export const Retrying = {
  args: { retrying: 412 },
  play: async ({ canvasElement }) => {
    const buttons = within(canvasElement).getAllByRole('button', { name: /Retry now/ });
    for (const button of buttons) await expect(button).toBeDisabled();
  },
} satisfies Story;
