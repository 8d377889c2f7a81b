import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { adminAuditLog } from '../../fixtures/admin';
import { operatorSharedData } from '../../fixtures/shared-page-data';
import { withLayout } from '../../stories-support/with-layout';
import { AdminAuditLogPage } from './admin-audit-log-page';

const meta = {
  title: 'Pages/BackOffice/AuditLog',
  component: AdminAuditLogPage,
  decorators: [withLayout],
  parameters: { layout: 'fullscreen', shared: operatorSharedData },
  args: adminAuditLog,
} satisfies Meta<typeof AdminAuditLogPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rows = canvas.getAllByRole('row');
    await expect(rows).toHaveLength(5);
    await expect(within(rows[1]!).getByText('Requested a refund')).toBeVisible();
    await expect(within(rows[1]!).getByText('198.51.100.24')).toBeVisible();
    // No control in the log edits or removes an entry.
    await expect(within(canvas.getByRole('main')).queryByRole('button')).toBeNull();
  },
} satisfies Story;

export const Empty = {
  args: { entries: [], pagination: { page: 1, pageCount: 1, total: 0 } },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText('No operator has done anything yet.'),
    ).toBeVisible();
  },
} satisfies Story;
