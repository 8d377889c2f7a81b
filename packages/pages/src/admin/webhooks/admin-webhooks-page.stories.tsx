import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { adminWebhooksFailedOnly, adminWebhooksWithFailure } from '../../fixtures/admin';
import { operatorSharedData } from '../../fixtures/shared-page-data';
import { withLayout } from '../../stories-support/with-layout';
import { AdminWebhooksPage } from './admin-webhooks-page';

const meta = {
  title: 'Pages/BackOffice/Webhooks',
  component: AdminWebhooksPage,
  decorators: [withLayout],
  parameters: { layout: 'fullscreen', shared: operatorSharedData },
  args: adminWebhooksWithFailure,
} satisfies Meta<typeof AdminWebhooksPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithAFailedEvent = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rows = canvas.getAllByRole('row');
    await expect(rows).toHaveLength(4);
    await expect(within(rows[2]!).getByText('Failed')).toBeVisible();
    await expect(
      within(rows[2]!).getByText('No checkout for transaction txn_01hzx3tw8b'),
    ).toBeVisible();
    await expect(within(rows[3]!).getByText('Not yet')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
  },
} satisfies Story;

export const FailedOnly = {
  args: adminWebhooksFailedOnly,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Failed' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(canvas.getAllByRole('row')).toHaveLength(2);
  },
} satisfies Story;

export const Empty = {
  args: { events: [], pagination: { page: 1, pageCount: 1, total: 0 }, outcome: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No events received yet.')).toBeVisible();
  },
} satisfies Story;
