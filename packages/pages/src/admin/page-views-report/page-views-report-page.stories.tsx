import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { withLayout } from '../../stories-support/with-layout';
import { PageViewsReportPage } from './page-views-report-page';

const meta = {
  title: 'Pages/BackOffice/PageViews',
  component: PageViewsReportPage,
  decorators: [withLayout],
  parameters: { layout: 'fullscreen' },
  args: {
    days: 30,
    rows: [
      { path: '/', views: 12840 },
      { path: '/components', views: 6312 },
      { path: '/components/marketing/sections/heroes', views: 2209 },
      { path: '/templates/salient', views: 1480 },
      { path: '/all-access', views: 977 },
    ],
  },
} satisfies Meta<typeof PageViewsReportPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/23,818 views/)).toBeVisible();
    const rows = canvas.getAllByRole('row');
    await expect(rows).toHaveLength(6);
    await expect(within(rows[1]!).getByRole('cell', { name: '12,840' })).toBeVisible();
  },
} satisfies Story;

export const Empty = {
  args: { rows: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No page views yet.')).toBeVisible();
  },
} satisfies Story;
